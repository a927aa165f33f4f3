/**
 * The auth session's sign-in fields (spec 1 section 3: userId, loginStep, error) between /login and
 * /auth/mobile-verification. Kept in sessionStorage so a reload keeps the step; nothing here is a
 * credential (the sign-in attempt lives in an HttpOnly cookie, the session in another).
 */
export interface SignInFlow {
  userId: number | null;
  phone: string | null;
  loginStep: 'login' | 'mobile-verification';
  error: string | null;
  resends: number;
}

const KEY = 'cu.auth.signIn';
const EMPTY: SignInFlow = { userId: null, phone: null, loginStep: 'login', error: null, resends: 0 };

export function readSignInFlow(): SignInFlow {
  try {
    return { ...EMPTY, ...(JSON.parse(sessionStorage.getItem(KEY) ?? 'null') ?? {}) };
  } catch {
    return { ...EMPTY };
  }
}

export function updateSignInFlow(patch: Partial<SignInFlow>): SignInFlow {
  const next = { ...readSignInFlow(), ...patch };
  sessionStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearSignInFlow(): void {
  sessionStorage.removeItem(KEY);
}
