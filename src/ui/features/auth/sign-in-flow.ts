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

/** Keeps the machine's fields; null (signed in) removes them. */
export function writeSignInFlow(flow: SignInFlow | null): void {
  if (flow) sessionStorage.setItem(KEY, JSON.stringify(flow));
  else sessionStorage.removeItem(KEY);
}
