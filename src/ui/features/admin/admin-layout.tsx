import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tab,
  Tabs,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleIcon from '@mui/icons-material/People';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import SavingsIcon from '@mui/icons-material/Savings';
import DescriptionIcon from '@mui/icons-material/Description';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import InboxIcon from '@mui/icons-material/Inbox';
import GavelIcon from '@mui/icons-material/Gavel';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import SecurityIcon from '@mui/icons-material/Security';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { signOut } from '../auth/sign-out';
import { useSession } from '../auth/session-store';
import { PRODUCT_NAME } from '../../lib/use-page-title';
import { ColorModeButton } from '../../components/public-layout';
import { PageLoader } from '../../components/page-loader';

const DRAWER_WIDTH = 232;

const SECTIONS = [
  { label: 'Users', to: '/admin/users', icon: <PeopleIcon /> },
  { label: 'Signup Approvals', to: '/admin/signup-approvals', icon: <HowToRegIcon /> },
];

// Spec 2 section 2: these entries have no confirmed screens, so they are shown disabled.
const DISABLED_SECTIONS = [
  { label: 'Accounts', icon: <SavingsIcon /> },
  { label: 'Applications', icon: <DescriptionIcon /> },
  { label: 'Transfers', icon: <SwapHorizIcon /> },
  { label: 'Requests', icon: <InboxIcon /> },
  { label: 'Compliance', icon: <GavelIcon /> },
  { label: 'Audit', icon: <FactCheckIcon /> },
  { label: 'Security', icon: <SecurityIcon /> },
  { label: 'Support', icon: <SupportAgentIcon /> },
];

/** The administrator area's frame: top tabs (root tab Users), bell/settings/account icons, sidebar, logout. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const current = SECTIONS.find((s) => pathname.startsWith(s.to))?.to ?? false;

  async function logout() {
    setMenuAnchor(null);
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" color="primary" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <AccountBalanceIcon aria-hidden />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, mr: 3, whiteSpace: 'nowrap' }}>
            {PRODUCT_NAME}
          </Typography>
          <Tabs
            value={current}
            textColor="inherit"
            indicatorColor="secondary"
            aria-label="Administrator sections"
            sx={{ flexGrow: 1, '& .MuiTab-root': { color: 'inherit', opacity: 0.85 }, '& .Mui-selected': { opacity: 1 } }}
          >
            {SECTIONS.map((s) => (
              <Tab key={s.to} value={s.to} label={s.label} component={RouterLink} to={s.to} />
            ))}
          </Tabs>
          <Tooltip title="Notifications">
            <IconButton color="inherit" aria-label="Notifications">
              <NotificationsIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Settings">
            <IconButton color="inherit" aria-label="Settings">
              <SettingsIcon />
            </IconButton>
          </Tooltip>
          <ColorModeButton />
          <Tooltip title="Account">
            <IconButton color="inherit" aria-label="Account" aria-haspopup="menu" aria-controls={menuAnchor ? 'admin-account-menu' : undefined} onClick={(e) => setMenuAnchor(e.currentTarget)}>
              <AccountCircleIcon />
            </IconButton>
          </Tooltip>
          <Menu id="admin-account-menu" anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            {user && (
              <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
                <ListItemText primary={user.name || user.email} secondary={user.email} />
              </MenuItem>
            )}
            {user && <Divider />}
            <MenuItem onClick={logout}>
              <ListItemIcon>
                <LogoutIcon fontSize="small" />
              </ListItemIcon>
              Logout
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <Box component="nav" aria-label="Administrator menu">
          <List>
            {SECTIONS.map((s) => (
              <ListItem key={s.to} disablePadding>
                <ListItemButton component={RouterLink} to={s.to} selected={pathname.startsWith(s.to)}>
                  <ListItemIcon>{s.icon}</ListItemIcon>
                  <ListItemText primary={s.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <List aria-label="Not available yet">
            {DISABLED_SECTIONS.map((s) => (
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
        {/* Pages load lazily inside the frame, so the frame stays while one loads. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
