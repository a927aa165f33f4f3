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

/** A form's unsaved answers, kept in this tab for its user (./use-kept-draft.ts): `cu.auth.draft.<form's name>`. */
const DRAFT_PREFIX = 'cu.auth.draft.';
/** The page a sign-in just returned to: its form may take back its kept answers. */
const RESTORE_KEY = 'cu.auth.restoreOn';

/** True on the page a sign-in returned to (path and query), until the page has opened (`pageOpened`). */
export function returnedHereAfterSignIn(page: string): boolean {
  return sessionStorage.getItem(RESTORE_KEY) === page;
}

/** The page a sign-in returned to has opened: its kept answers are given back once. */
export function pageOpened(): void {
  sessionStorage.removeItem(RESTORE_KEY);
}

interface KeptDraft {
  userId: number;
  data: Record<string, unknown>;
}

export function keepDraft(userId: number, name: string, data: Record<string, unknown>): void {
  try {
    sessionStorage.setItem(DRAFT_PREFIX + name, JSON.stringify({ userId, data } satisfies KeptDraft));
  } catch {
    // Storage full or refused: the form starts empty after the next sign-in, as before.
  }
}

/** The answers kept for this form and this user, if any. */
export function keptDraft(userId: number, name: string): Record<string, unknown> | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(DRAFT_PREFIX + name) ?? 'null') as Partial<KeptDraft> | null;
    return kept?.userId === userId && kept.data && typeof kept.data === 'object' ? kept.data : undefined;
  } catch {
    return undefined;
  }
}

export function forgetDraft(name: string): void {
  sessionStorage.removeItem(DRAFT_PREFIX + name);
}

/** Removes the kept answers of every form, but those of `userId` when given. */
function forgetDrafts(userId?: number): void {
  const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? '');
  for (const key of keys) {
    if (!key.startsWith(DRAFT_PREFIX)) continue;
    if (userId === undefined || keptDraft(userId, key.slice(DRAFT_PREFIX.length)) === undefined) sessionStorage.removeItem(key);
  }
}

/** A logout forgets the page and every form's answers kept in this tab. */
export function forgetPage(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(RESTORE_KEY);
  forgetDrafts();
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
  sessionStorage.removeItem(KEY);
  // Another user's kept answers never reach this one.
  forgetDrafts(user.id);
  if (kept && kept.userId === user.id && typeof kept.path === 'string' && kept.path.startsWith(area)) {
    // The page returned to may give back its form's answers, once (./use-kept-draft.ts).
    sessionStorage.setItem(RESTORE_KEY, kept.path);
    return { path: kept.path, returning: true };
  }
  return { path: admin ? '/admin/users' : '/users/dashboard', returning: false };
}
