import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { useSession } from './session-store';

// The guards are part of the first load (the route table uses them); the refusal is drawn with MUI and loads when shown.
const AccessDenied = muiPage(() => import('./access-denied'));

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
  if (!isAdmin) return <AccessDenied />;
  return <>{children}</>;
}

/** /login and /auth/mobile-verification: a signed-in user goes to the dashboard (spec 1 section 2). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  if (user) return <Navigate to={isAdmin ? '/admin/users' : '/users/dashboard'} replace />;
  return <>{children}</>;
}
