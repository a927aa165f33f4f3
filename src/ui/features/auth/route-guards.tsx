import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Alert, Button, Stack } from '@mui/material';
import { useSession } from './session-store';

/** Member routes: signed-out visitors go to /login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Admin routes: signed-out visitors go to /login; signed-in non-administrators are refused. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isAdmin) {
    return (
      <Stack spacing={2} sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert severity="error">Access denied. This area is for administrators.</Alert>
        <Button href="/users/dashboard" variant="outlined">
          Go to your dashboard
        </Button>
      </Stack>
    );
  }
  return <>{children}</>;
}

/** /login and /auth/mobile-verification: a signed-in user goes to the dashboard (spec 1 section 2). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  if (user) return <Navigate to={isAdmin ? '/admin/users' : '/users/dashboard'} replace />;
  return <>{children}</>;
}
