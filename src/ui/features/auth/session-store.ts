import { useSyncExternalStore } from 'react';
import { setSessionToken } from '../../lib/session-token';
import { SESSION_MINUTES, ROLES } from '../../../shared/roles';
import { SESSION_TEXTS } from '../../../shared/session-texts';

/** The signed-in user as the UI needs it. Not a secret: the credential is the HttpOnly cookie. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  first_name?: string | null;
  role_id: number;
}

interface SessionState {
  user: SessionUser | null;
  /** When the session started (ms since epoch); the 5-minute timer runs from here. */
  startedAt: number | null;
}

const USER_KEY = 'cu.auth.user';
const STARTED_KEY = 'cu.auth.startedAt';

let sessionMs = SESSION_MINUTES * 60_000;
let state: SessionState = read();
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let onExpired: (() => void) | null = null;

function read(): SessionState {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as SessionUser | null;
    const startedAt = Number(localStorage.getItem(STARTED_KEY)) || null;
    return user && startedAt ? { user, startedAt } : { user: null, startedAt: null };
  } catch {
    return { user: null, startedAt: null };
  }
}

function emit() {
  for (const listener of listeners) listener();
}

/**
 * This tab takes what the shared storage holds when it is another session than this tab's (another user, or the same
 * one signed in again, in another tab; or none: another tab signed out). localStorage is shared by every tab, so
 * nothing is written. An ended session ends here with the expiry message (the area's guard sends the page to /login,
 * which shows it); another session is followed, with its own timer, and without this tab's token of the earlier one.
 * True when it followed.
 */
export function followStoredSession(): boolean {
  const stored = read();
  if (stored.user?.id === state.user?.id && stored.startedAt === state.startedAt) return false;
  endedNotice = state.user && !stored.user ? SESSION_TEXTS.expired : null;
  setSessionToken(null);
  state = stored;
  schedule();
  emit();
  return true;
}

function schedule() {
  clearTimeout(expiryTimer);
  if (!state.user || !state.startedAt) return;
  const left = state.startedAt + sessionMs - Date.now();
  expiryTimer = setTimeout(() => {
    // Only the session this timer was set for ends here: the storage may hold a later sign-in made in another tab
    // (its own timer runs from its own start), or nothing (another tab signed out).
    if (followStoredSession()) return;
    clearSession();
    onExpired?.();
  }, Math.max(0, left));
}

/** Session length in the browser; the server's /api/config tells the real one (tests shorten it). */
export function setSessionLength(ms: number): void {
  sessionMs = ms;
  schedule();
}

/** Called when the 5-minute timer fires (the app navigates to /login with the expiry message). */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  onExpired = handler;
}

export function startSession(user: SessionUser, startedAt = Date.now()): void {
  endedNotice = null;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(STARTED_KEY, String(startedAt));
  state = { user, startedAt };
  schedule();
  emit();
}

/**
 * Why the last session ended without a logout (the expiry message), for /login to show. A guard's
 * own redirect to /login can win the race against the app's navigation that carries the message,
 * so the login page reads it from here too.
 */
let endedNotice: string | null = null;
export function getSessionEndedNotice(): string | null {
  return endedNotice;
}

/** Removes the stored user and in-memory token, whatever the server says. `loggedOut` marks a deliberate logout (no expiry message). */
export function clearSession(options: { loggedOut?: boolean } = {}): void {
  // A session ending here without a logout (its timer, a 401) is this tab's: when another tab has signed someone in
  // since, the storage holds that later session, which is not this tab's to end, and the tab follows it. A logout
  // revokes the browser's one session cookie, so it clears whatever is stored.
  if (!options.loggedOut && read().user && followStoredSession()) return;
  if (state.user) endedNotice = options.loggedOut ? null : SESSION_TEXTS.expired;
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(STARTED_KEY);
  setSessionToken(null);
  state = { user: null, startedAt: null };
  clearTimeout(expiryTimer);
  emit();
}

/** True when a stored session is older than the session length (checked when the app loads). */
export function isSessionExpired(now = Date.now()): boolean {
  return !!state.startedAt && now - state.startedAt >= sessionMs;
}

/** A stored session the server no longer knows (./session-sync.ts) ends with the expiry message. */
export function endSessionAsExpired(): void {
  if (!state.user) return;
  clearSession();
  onExpired?.();
}

/** True while a user is signed in on this device. */
export function hasSession(): boolean {
  return state.user !== null;
}

export function useSession(): SessionState & { isAdmin: boolean } {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return { ...snapshot, isAdmin: snapshot.user?.role_id === ROLES.SYSTEMS_ADMINISTRATOR };
}

schedule();
