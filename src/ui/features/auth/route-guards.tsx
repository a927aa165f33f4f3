import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { useSession } from './session-store';

// The member and admin areas' guards load with the area's page module (member-pages.tsx, admin-pages.tsx), not with
// the first page; the refusal is drawn with MUI and loads when shown.
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
