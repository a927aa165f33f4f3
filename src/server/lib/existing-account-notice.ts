import type { OutgoingMessage } from '../plugins/outbox.js';
import { notification } from './notification-texts.js';

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
    return { channel: 'sms', to, purpose: EXISTING_ACCOUNT_PURPOSE, body: notification('existingAccountSms', app.productName, { signIn, reset }) };
  }
  return {
    channel: 'email',
    to,
    subject: notification('existingAccountEmailSubject', app.productName),
    purpose: EXISTING_ACCOUNT_PURPOSE,
    body: notification('existingAccountEmail', app.productName, { signIn, reset }),
  };
}
