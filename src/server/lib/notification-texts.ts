import notifications from '../../../forms/messages/notifications.json';
import type { Messages } from '../../shared/message-catalog.js';
import { fillText } from '../../shared/fill-text.js';

/**
 * The emails and text messages the credit union sends (forms/messages/notifications.json): an analyst rewords them
 * there, as the other messages. The server's alone (no page shows them); replaced by the configuration folder's at
 * start (lib/configured-messages.ts).
 */
export const NOTIFICATION_TEXTS: Messages<'notifications'> = notifications;

/** A notification's text with its values filled in; every one may name the product ({product}). */
export function notification(key: keyof Messages<'notifications'>, productName: string, values: Record<string, string | number> = {}): string {
  return fillText(NOTIFICATION_TEXTS[key], { product: productName, ...values });
}
