import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { AppBar, Box, Container, IconButton, Link, Toolbar, Typography } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { useColorMode } from '../app/color-mode';
import { PRODUCT_NAME } from '../lib/use-page-title';

export function ColorModeButton() {
  const { mode, toggle } = useColorMode();
  const label = mode === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
  return (
    // A native title, not MUI's Tooltip: it would bring Popper into every page's first load.
    <IconButton onClick={toggle} color="inherit" aria-label={label} title={label}>
      {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}

/** Header and centred content for the signed-out pages (welcome, sign-in, onboarding); `wide` for tools that need the screen (the studio). */
export function PublicLayout({ children, wide = false }: { children?: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar>
          <AccountBalanceIcon sx={{ mr: 1 }} aria-hidden />
          <Link component={RouterLink} to="/" color="inherit" underline="none" sx={{ flexGrow: 1 }}>
            <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
              {PRODUCT_NAME}
            </Typography>
          </Link>
          <ColorModeButton />
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" maxWidth={wide ? 'xl' : 'md'} sx={{ py: { xs: 3, md: wide ? 3 : 6 }, flexGrow: 1 }}>
        {children ?? <Outlet />}
      </Container>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
        {PRODUCT_NAME} · a member-owned credit union
      </Box>
    </Box>
  );
}
