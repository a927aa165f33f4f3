import { EMPTY_SIGN_IN, type SignInFlow } from '../../../engine/auth/sign-in-machine';

/**
 * Where the sign-in machine's fields (spec 1 section 3: userId, loginStep, error) are kept between /login and
 * /auth/mobile-verification: sessionStorage, so a reload keeps the step; nothing here is a credential (the sign-in
 * attempt lives in an HttpOnly cookie, the session in another).
 */
const KEY = 'cu.auth.signIn';

export function readSignInFlow(): SignInFlow {
  try {
    return { ...EMPTY_SIGN_IN, ...(JSON.parse(sessionStorage.getItem(KEY) ?? 'null') ?? {}) };
  } catch {
    return { ...EMPTY_SIGN_IN };
  }
}

/** When the attempt's last code went out (ms since epoch), kept with the attempt; null when not known. */
export function signInCodeSentAt(): number | null {
  try {
    const sentAt = (JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { sentAt?: unknown } | null)?.sentAt;
    return typeof sentAt === 'number' && Number.isFinite(sentAt) ? sentAt : null;
  } catch {
    return null;
  }
}

/** A code of the attempt went out at `at` (the sign-in's first, or a resend): the resend countdown runs from it. */
export function noteSignInCodeSent(at = Date.now()): void {
  sessionStorage.setItem(KEY, JSON.stringify({ ...readSignInFlow(), sentAt: at }));
}

/** Keeps the machine's fields (and when the last code went out); null (signed in) removes them. */
export function writeSignInFlow(flow: SignInFlow | null): void {
  if (flow) sessionStorage.setItem(KEY, JSON.stringify({ ...flow, sentAt: signInCodeSentAt() ?? undefined }));
  else sessionStorage.removeItem(KEY);
}
