import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { rememberPage } from './return-page';
import { useSession } from './session-store';

// The sign-in page and the logout reach ./return-page.ts through this module, so that it travels in the guards' file
// instead of a file of its own (one more name in the first page's list of files).
export { forgetPage, pageAfterSignIn } from './return-page';

// The member and admin areas' guards load with the area's page module (member-pages.tsx, admin-pages.tsx), not with
// the first page; the refusal is drawn with MUI and loads when shown.
const AccessDenied = muiPage(() => import('./access-denied'));

/** Keeps the signed-in user's page for their next sign-in should the session end here (./return-page.ts). */
function useRememberedPage(userId: number | undefined) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (userId !== undefined) rememberPage(userId, pathname + search);
  }, [userId, pathname, search]);
}

/** Member routes: signed-out visitors go to /login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  useRememberedPage(user?.id);
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Admin routes: signed-out visitors go to /login; signed-in non-administrators are refused. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  const location = useLocation();
  useRememberedPage(isAdmin ? user?.id : undefined);
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isAdmin) return <AccessDenied />;
  return <>{children}</>;
}
