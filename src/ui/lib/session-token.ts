// The session token and the "session ended" handler, without axios: the first page needs these, and axios
// loads with the first API call (src/ui/lib/api-client.ts).

let token: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** The token from /device-verifications/verify, kept in memory only (never in storage). */
export const sessionToken = (): string | null => token;

export function setSessionToken(value: string | null): void {
  token = value;
}

/** Registers what to do when a call answers 401 outside sign-in and onboarding (the app signs out). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A call answered with a session-ending 401: the token goes and the app signs out. */
export function sessionEndedByServer(): void {
  token = null;
  onUnauthorized?.();
}

/**
 * The spec's rule: a 401 from any URL not containing login, signups or verify ends the session. Its "signups" are an
 * applicant's calls, made without a session: the wizard's steps (they carry the applicant's token: `applicant`) and
 * the new application (`POST /signups/`). The administrator's application calls live under /signups too, and a 401
 * there is the session's end like any other (an administrator whose session the server had ended stayed on Signup
 * Approvals, told to sign in again by every Retry, never taken to sign in).
 */
export function isSessionEndingUnauthorized(status: number | undefined, url = '', call: { method?: string; applicant?: boolean } = {}): boolean {
  return status === 401 && !/login|verify/.test(url) && !(url.includes('signups') && (call.applicant || (/^post$/i.test(call.method ?? '') && /\/signups\/?(\?|$)/.test(url))));
}
