import { ROLES } from '../../../shared/roles';

/**
 * The page a signed-in user was on, kept in this tab, so that signing in again after the session ended (the
 * 5-minute limit, or the server ending it) returns there instead of to the area's first page. A logout forgets it,
 * and it is only for the same user, within their own area (`/users/...` for a member, `/admin/...` for an
 * administrator).
 */
const KEY = 'cu.auth.returnTo';

interface Kept {
  userId: number;
  path: string;
}

/** Keeps the page the user is on (the area's guards call it on every page). */
export function rememberPage(userId: number, path: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ userId, path } satisfies Kept));
  } catch {
    // Storage full or refused: the next sign-in opens the area's first page, as before.
  }
}

export function forgetPage(): void {
  sessionStorage.removeItem(KEY);
}

/** Where a user who just signed in goes: the page they were on when their session ended, or their area's first page. */
export function pageAfterSignIn(user: { id: number; role_id: number }): { path: string; returning: boolean } {
  const admin = user.role_id === ROLES.SYSTEMS_ADMINISTRATOR;
  const area = admin ? '/admin/' : '/users/';
  let kept: Partial<Kept> | null = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Kept> | null;
  } catch {
    kept = null;
  }
  forgetPage();
  if (kept && kept.userId === user.id && typeof kept.path === 'string' && kept.path.startsWith(area)) return { path: kept.path, returning: true };
  return { path: admin ? '/admin/users' : '/users/dashboard', returning: false };
}
