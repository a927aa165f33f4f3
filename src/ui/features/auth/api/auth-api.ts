import { http } from '../../../lib/api-client';
import type { SessionUser } from '../session-store';

/** The fixed fields every reset call carries (spec 1 section 7). */
const RESET_FIXED = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null } as const;

export interface LoginAnswer {
  message?: string;
  phone?: string | null;
  user_id: number;
}

export interface SignInVerifiedAnswer {
  access_token: string;
  user_id: number;
  email: string;
  name: string;
  first_name?: string | null;
  role_id: number;
}

function deviceInfo() {
  return { user_agent: navigator.userAgent, platform: navigator.platform || 'unknown', language: navigator.language || 'en' };
}

export const authApi = {
  login: (email: string, password: string) => http.post<LoginAnswer>('/users/login', { email, password, device_info: deviceInfo() }),
  sendSignInCode: (userId: number) => http.post<{ message?: string }>('/device-verifications/send/', { identifier_type: 'mobile', operation: 'sign_in', user_id: userId }),
  verifySignInCode: (userId: number, code: string) =>
    http.post<SignInVerifiedAnswer>('/device-verifications/verify/', { identifier_type: 'mobile', operation: 'sign_in', user_id: userId, code }),
  /** Checks the HttpOnly session cookie (the browser cannot read it). */
  checkSession: () => http.post<{ valid: boolean }>('/users/verify-token', {}),
  resetSend: (email: string) => http.post<{ message?: string; user_id: string }>('/password/reset/send', { ...RESET_FIXED, email }),
  resetVerify: (userId: string, email: string, code: string) =>
    http.post<{ message?: string; reset_token?: string; access_token?: string }>('/password/reset/verify', { ...RESET_FIXED, user_id: userId, email, code }),
  resetUpdate: (userId: string, email: string, newPassword: string, resetToken: string) =>
    http.post<{ message?: string }>('/password/reset/update', { ...RESET_FIXED, user_id: userId, email, new_password: newPassword, reset_token: resetToken }),
};

/** The stored user (not secret) from the verify answer. */
export function toSessionUser(answer: SignInVerifiedAnswer): SessionUser {
  return { id: answer.user_id, email: answer.email, name: answer.name, first_name: answer.first_name ?? null, role_id: answer.role_id };
}
