import transfers from '../../forms/messages/transfers.json';
import type { Messages } from './message-catalog.js';
import { fillText } from './fill-text.js';
import { formatCents } from './money.js';

/** Transfers: the confirmation code, the limits, the balance (DESIGN.md "Transfers to another member"). A module of its own, so only the member pages load them. */
export const TRANSFER_TEXTS: Messages<'transfers'> = transfers;

/** A transfer of more than its account holds: the server's refusal, and the form's before the member confirms. */
export function insufficientFundsMessage(availableCents?: number): string {
  return availableCents === undefined ? TRANSFER_TEXTS.insufficientFunds : fillText(TRANSFER_TEXTS.insufficientFundsOf, { available: formatCents(availableCents) });
}
