import type { OutgoingMessage } from '../plugins/outbox.js';

export const EXISTING_ACCOUNT_PURPOSE = 'signup_existing_account';

/**
 * DESIGN.md "Duplicate contacts at signup": an application names an email or mobile that already has
 * online banking. The application itself answers as for any address (no oracle); here, at the code step,
 * the message goes to that address, so only its owner learns it: no code (the application cannot continue
 * with this address), a sign-in link and a reset link instead.
 */
export function existingAccountNotice(kind: 'email' | 'mobile', to: string, app: { productName: string; publicUrl: string }): OutgoingMessage {
  const signIn = `${app.publicUrl}/login`;
  const reset = `${app.publicUrl}/reset-password`;
  if (kind === 'mobile') {
    return {
      channel: 'sms',
      to,
      purpose: EXISTING_ACCOUNT_PURPOSE,
      body: `${app.productName}: this mobile number already has online banking, so no code was sent for the new application. Sign in: ${signIn} Forgot your password? ${reset}`,
    };
  }
  return {
    channel: 'email',
    to,
    subject: 'You already have online banking with us',
    purpose: EXISTING_ACCOUNT_PURPOSE,
    body: [
      'Hello,',
      '',
      'Someone, probably you, started an application for online banking with this email address. This address already belongs to an online banking account, so no verification code was sent and the new application cannot continue with it.',
      '',
      `Sign in: ${signIn}`,
      `Forgot your password? Reset it: ${reset}`,
      '',
      'If you cannot sign in, contact your branch. If you did not start an application, you can ignore this email.',
      '',
      app.productName,
    ].join('\n'),
  };
}
