import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
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
import DashboardIcon from '@mui/icons-material/Dashboard';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { signOut } from '../auth/sign-out';
import { useSession } from '../auth/session-store';
import { PRODUCT_NAME } from '../../lib/use-page-title';
import { ColorModeButton } from '../../components/public-layout';
import { PageLoader } from '../../components/page-loader';

const DRAWER_WIDTH = 232;
const DASHBOARD = '/users/dashboard';

/** Titles of the member pages, for the second top tab (spec 2 section 2: Dashboard plus the current page). */
export const MEMBER_PAGE_TITLES: Record<string, string> = {
  '/users/transfer-to-self': 'Transfer to Self',
  '/users/transfer-to-member': 'Transfer to Member',
  '/users/transactions': 'Transactions',
  '/users/account': 'Account',
  '/users/transfers': 'Transfers',
  '/users/loans': 'Loans',
  '/users/investments': 'Investments',
  '/users/cards': 'Cards',
  '/users/support': 'Support',
  '/users/settings': 'Settings',
};

// Spec 2 section 2: only Dashboard is clickable in the member sidebar; the others appear disabled.
const DISABLED_SECTIONS = [
  { label: 'Account', icon: <PersonIcon /> },
  { label: 'Transactions', icon: <ReceiptLongIcon /> },
  { label: 'Transfers', icon: <SwapHorizIcon /> },
  { label: 'Loans', icon: <RequestQuoteIcon /> },
  { label: 'Investments', icon: <ShowChartIcon /> },
  { label: 'Cards', icon: <CreditCardIcon /> },
  { label: 'Support', icon: <SupportAgentIcon /> },
  { label: 'Settings', icon: <SettingsIcon /> },
];

/** The member area's frame: top tabs, bell/settings/account icons, the account menu with Logout, the sidebar. */
export function MemberLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const currentTitle = MEMBER_PAGE_TITLES[pathname];

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
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, mr: 3, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
            {PRODUCT_NAME}
          </Typography>
          <Tabs
            value={currentTitle ? pathname : DASHBOARD}
            textColor="inherit"
            indicatorColor="secondary"
            aria-label="Member pages"
            variant="scrollable"
            sx={{ flexGrow: 1, '& .MuiTab-root': { color: 'inherit', opacity: 0.85 }, '& .Mui-selected': { opacity: 1 } }}
          >
            <Tab value={DASHBOARD} label="Dashboard" component={RouterLink} to={DASHBOARD} />
            {currentTitle && <Tab value={pathname} label={currentTitle} component={RouterLink} to={pathname} />}
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
            <IconButton
              color="inherit"
              aria-label="Account"
              aria-haspopup="menu"
              aria-expanded={menuAnchor ? 'true' : undefined}
              aria-controls={menuAnchor ? 'member-account-menu' : undefined}
              onClick={(e) => setMenuAnchor(e.currentTarget)}
            >
              <AccountCircleIcon />
            </IconButton>
          </Tooltip>
          <Menu id="member-account-menu" anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
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
        <Box component="nav" aria-label="Member menu">
          <List>
            <ListItemButton component={RouterLink} to={DASHBOARD} selected={pathname === DASHBOARD}>
              <ListItemIcon>
                <DashboardIcon />
              </ListItemIcon>
              <ListItemText primary="Dashboard" />
            </ListItemButton>
            <Divider sx={{ my: 1 }} />
            {DISABLED_SECTIONS.map((s) => (
              <ListItemButton key={s.label} disabled>
                <ListItemIcon>{s.icon}</ListItemIcon>
                <ListItemText primary={s.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
