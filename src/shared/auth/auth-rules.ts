/**
 * The texts of the sign-in and reset flows that are not field messages. The field rules and their messages
 * (spec 1 section 5) live in the forms: forms/auth/sign-in, reset-email, reset-code, reset-password and sign-in-code,
 * which the browser's forms and the server's routes both validate with.
 */

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
  replacedCode: 'That code was replaced by the newer one we sent. Enter the code from the latest message.',
  expiredCode: 'Verification code expired',
  invalidResetToken: 'Invalid or expired reset token',
  invalidPasswordFormat: 'Invalid password format',
  samePassword: 'Choose a new password: this one is your current password.',
  resetSuccessRedirect: 'Password reset successful. Please log in with your new password.',
} as const;
