import { Suspense, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Divider,
  Drawer,
  GlobalStyles,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tab,
  Tabs,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import { useColorMode } from '../app/color-mode';
import { PRODUCT_NAME } from '../lib/use-page-title';
import { PageLoader } from './page-loader';
import { PAGE_TEXTS } from '../../shared/page-texts';
// The signed-out frame's words for the same button.
import * as WELCOME from '../../../forms/messages/welcome.json';
import { fillText } from '../../shared/fill-text';

const DRAWER_WIDTH = 232;
/** MUI's tab height: the phone's second bar row. */
const TABS_ROW_HEIGHT = 49;

export interface ShellTab {
  label: string;
  to: string;
}

export interface ShellEntry {
  label: string;
  icon: ReactElement;
}

export interface AppShellProps {
  /** Accessible name of the top tabs. */
  tabsLabel: string;
  tabs: ShellTab[];
  /** The `to` of the selected tab, or false for none. */
  currentTab: string | false;
  /** Accessible name of the sidebar navigation. */
  menuLabel: string;
  /** Sidebar links; one is selected while the path starts with its `to`. */
  entries: (ShellEntry & { to: string })[];
  /** Sidebar entries without a screen yet, shown disabled below the links. */
  disabledEntries: ShellEntry[];
  /** The account icon and its menu (it needs the session, which this frame does not know about). */
  accountMenu: ReactNode;
  /** On a phone: hide the product name and give the tabs their own scrolling row under the bar. */
  compactOnPhone?: boolean;
}

function ColorModeButton() {
  const { mode, toggle } = useColorMode();
  const label = mode === 'light' ? WELCOME.switchToDark : WELCOME.switchToLight;
  return (
    // A native title, not MUI's Tooltip, as in the public frame (src/ui/components/public-layout.tsx).
    <IconButton onClick={toggle} color="inherit" aria-label={label} title={label}>
      {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}

/** A header button the spec shows but nobody has built: disabled and saying so, like the sidebar's unbuilt areas (a button that did nothing was broken). */
function ComingSoonButton({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Tooltip title={fillText(PAGE_TEXTS.comingSoonTip, { section: label })}>
      <span>
        <IconButton color="inherit" aria-label={fillText(PAGE_TEXTS.comingSoonButton, { section: label })} disabled sx={{ '&.Mui-disabled': { color: 'inherit', opacity: 0.5 } }}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The signed-in frame: app bar (product name, tabs, bell, settings, theme, account), sidebar, lazily loaded page. */
export function AppShell({ tabsLabel, tabs, currentTab, menuLabel, entries, disabledEntries, accountMenu, compactOnPhone = false }: AppShellProps) {
  const { pathname } = useLocation();
  const theme = useTheme();
  // On a phone the tabs get a row of their own under the bar: beside the icons they were squeezed to a few
  // letters ("Signup Appro", "ashboard").
  const tabsOwnRow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true }) && compactOnPhone;
  const tabBar = (
    <Tabs
      value={currentTab}
      textColor="inherit"
      indicatorColor="secondary"
      aria-label={tabsLabel}
      variant={compactOnPhone ? 'scrollable' : 'standard'}
      // A tab cut at the edge of a phone's row is shown to be there: an arrow scrolls to it (scrollable rows only).
      allowScrollButtonsMobile
      // The light amber underline shows on the green bar in both modes.
      sx={{ flexGrow: 1, '& .MuiTab-root': { color: 'inherit', opacity: 0.85 }, '& .Mui-selected': { opacity: 1 }, '& .MuiTabs-indicator': { backgroundColor: '#f0b063' } }}
    >
      {tabs.map((t) => (
        <Tab key={t.to} value={t.to} label={t.label} component={RouterLink} to={t.to} />
      ))}
    </Tabs>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* What the page scrolls to (a focused message, the first invalid field) stops below the fixed bar, not under it. */}
      <GlobalStyles styles={{ html: { scrollPaddingTop: (tabsOwnRow ? 56 + TABS_ROW_HEIGHT : 64) + 16 } }} />
      <AppBar position="fixed" color="primary" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <AccountBalanceIcon aria-hidden />
          <Typography
            component="span"
            variant="h6"
            sx={{ fontWeight: 700, mr: 3, whiteSpace: 'nowrap', ...(compactOnPhone && { display: { xs: 'none', sm: 'inline' } }) }}
          >
            {PRODUCT_NAME}
          </Typography>
          {tabsOwnRow ? <Box sx={{ flexGrow: 1 }} /> : tabBar}
          <ComingSoonButton label={PAGE_TEXTS.notifications} icon={<NotificationsIcon />} />
          <ComingSoonButton label={PAGE_TEXTS.settings} icon={<SettingsIcon />} />
          <ColorModeButton />
          {accountMenu}
        </Toolbar>
        {tabsOwnRow && <Box sx={{ px: 1, borderTop: 1, borderColor: 'rgba(255, 255, 255, 0.2)' }}>{tabBar}</Box>}
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <Box component="nav" aria-label={menuLabel}>
          <List>
            {entries.map((s) => (
              <ListItem key={s.to} disablePadding>
                <ListItemButton component={RouterLink} to={s.to} selected={pathname.startsWith(s.to)}>
                  <ListItemIcon>{s.icon}</ListItemIcon>
                  <ListItemText primary={s.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <List aria-label={PAGE_TEXTS.notAvailableYet}>
            {disabledEntries.map((s) => (
              <ListItem key={s.label} disablePadding>
                <ListItemButton disabled>
                  <ListItemIcon>{s.icon}</ListItemIcon>
                  <ListItemText primary={s.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Drawer>
      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Toolbar />
        {tabsOwnRow && <Box sx={{ height: TABS_ROW_HEIGHT }} />}
        {/* Pages load lazily inside the frame, so the frame stays while one loads. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
