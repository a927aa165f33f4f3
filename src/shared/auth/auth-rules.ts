/**
 * Sign-in and password-reset field rules with the messages of spec 1 section 5, word for word. The
 * browser forms and the server's reset route both read them, so each message has one source. A new
 * password follows the one password policy (password-policy.ts, forms/lists/password.json).
 */

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  codeRequired: 'Verification code is required',
  codeLength: 'Verification code must be 6 digits',
  codeDigits: 'Verification code must contain only numbers',
  confirmRequired: 'Please confirm your password',
  confirmMismatch: 'Passwords do not match',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in and reset email: required, then a plausible address. */
export function emailProblem(value: string): string | undefined {
  if (!value.trim()) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(value.trim())) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}

/** Sign-in password: required, at least 8 characters. */
export function signInPasswordProblem(value: string): string | undefined {
  if (!value) return AUTH_MESSAGES.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return undefined;
}

/** Reset code: required, 6 characters, digits only. */
export function resetCodeProblem(value: string): string | undefined {
  if (!value) return AUTH_MESSAGES.codeRequired;
  if (value.length !== 6) return AUTH_MESSAGES.codeLength;
  if (!/^\d+$/.test(value)) return AUTH_MESSAGES.codeDigits;
  return undefined;
}

/** Confirmation: required and equal to the new password. */
export function confirmPasswordProblem(password: string, confirm: string): string | undefined {
  if (!confirm) return AUTH_MESSAGES.confirmRequired;
  if (confirm !== password) return AUTH_MESSAGES.confirmMismatch;
  return undefined;
}

/** The texts of the sign-in and reset flows the server and the browser share (spec 1 sections 7-8). */
export const AUTH_TEXTS = {
  codeSent: 'Mobile verification code sent',
  resetCodeSent: 'Password reset code sent to your email',
  codeVerified: 'Code verified successfully',
  passwordUpdated: 'Password updated successfully',
  invalidCredentials: 'Invalid email or password',
  accountLocked: 'Account is locked or disabled',
  tooManyLogins: 'Too many login attempts. Please try again later',
  tooManyResets: 'Too many reset attempts. Please try again later',
  tooManyVerifications: 'Too many verification attempts. Please try again later',
  invalidCode: 'Invalid verification code',
  expiredCode: 'Verification code expired',
  invalidResetToken: 'Invalid or expired reset token',
  invalidPasswordFormat: 'Invalid password format',
  resetSuccessRedirect: 'Password reset successful. Please log in with your new password.',
} as const;
