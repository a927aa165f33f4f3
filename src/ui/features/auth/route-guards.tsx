import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { pageAfterSignIn, rememberPage } from './return-page';
import { followStoredSession, useSession } from './session-store';

// Another tab signed out, its session ended there, or it signed someone in (\`storage\` fires in the other tabs only):
// the signed-in areas follow it (./session-store.ts). Listened for here, with the areas, not on the first page.
if (typeof window !== 'undefined') window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('cu.auth.')) followStoredSession();
  });

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

/**
 * The user the area's pages were opened for. Another tab of the browser can sign someone else in (the session is
 * the browser's, ./session-store.ts follows it): the pages showing the earlier user's data then go, and the tab
 * opens the new user's first page, their own pages drawn afresh for them.
 */
function useShownFor(userId: number | undefined): { switched: boolean; shownFor: number | undefined; settle: () => void } {
  const [shownFor, setShownFor] = useState(userId);
  const switched = userId !== undefined && shownFor !== undefined && userId !== shownFor;
  return { switched, shownFor: shownFor ?? userId, settle: () => setShownFor(userId) };
}

/** Opens the new user's first page, then lets the area draw it for them. */
function ToSwitchedUser({ user, settle }: { user: { id: number; role_id: number }; settle: () => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    // The earlier user's page is not drawn for the new one: the area draws again once the new page is open.
    void Promise.resolve(navigate(pageAfterSignIn(user).path, { replace: true })).finally(settle);
    // Once per switch: the parent draws this only until `settle` has run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.id]);
  return null;
}

/**
 * Member routes: signed-out visitors go to /login; signed-in administrators are refused (the member pages' calls
 * answer them 403, and the pages were drawn for them empty, with the refusals as errors).
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  const location = useLocation();
  const { switched, shownFor, settle } = useShownFor(user?.id);
  useRememberedPage(!isAdmin && !switched ? user?.id : undefined);
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (switched) return <ToSwitchedUser user={user} settle={settle} />;
  if (isAdmin) return <AccessDenied area="member" />;
  return <Fragment key={shownFor}>{children}</Fragment>;
}

/** Admin routes: signed-out visitors go to /login; signed-in non-administrators are refused. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  const location = useLocation();
  const { switched, shownFor, settle } = useShownFor(user?.id);
  useRememberedPage(isAdmin && !switched ? user?.id : undefined);
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (switched) return <ToSwitchedUser user={user} settle={settle} />;
  if (!isAdmin) return <AccessDenied area="admin" />;
  return <Fragment key={shownFor}>{children}</Fragment>;
}
