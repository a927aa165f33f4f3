import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { HttpError, conflict, tooMany } from './http-errors.js';
import { CODE_MAX_FAILED_ATTEMPTS, MAX_MOBILE_RESENDS, RESEND_COOLDOWN_MS, boundSubject, claimTry, codeMatches, hashCode, issueCode, sendCountTurn } from './one-time-codes.js';
import { formatCents } from '../../shared/money.js';
import { AUTH_TEXTS, TRANSFER_TEXTS } from '../../shared/messages.js';
import { notification } from './notification-texts.js';

export const TRANSFER_CODE_PURPOSE = 'transfer_code' as const;

/** A transfer code belongs to one user and one idempotency key (one transfer attempt). */
export function transferCodeSubject(userId: number, idempotencyKey: string): string {
  return `${userId}:${idempotencyKey}`;
}

/** The SMS: the code with the amount and the destination's last four digits (PSD2 RTS art. 5, dynamic linking). */
export function transferCodeMessage(productName: string, code: string, amountCents: number, destinationAccount: string): string {
  return notification('transferCode', productName, { code, amount: formatCents(amountCents), accountEnding: destinationAccount.slice(-4) });
}

/**
 * Issues the code for one transfer: bound to the transfer's fingerprint (source, destination, amount,
 * instructions), 10 minutes, 5 tries, 60 s between resends for the same transfer, and at most `perHour`
 * codes per user across transfers (a script rotating keys cannot text a member without end). Run it in the transaction that writes the outbox message.
 * Null: the same request again within the wait, with the code it sent still good (a browser repeats a request whose
 * connection the server closed as it was sent): the answer is the first one's, and nothing is sent again.
 */
export async function issueTransferCode(
  db: Kysely<Database>,
  input: { userId: number; idempotencyKey: string; binding: string; recipient: string; now: Date; secret: string; perHour: number },
): Promise<string | null> {
  // Parallel code requests under many keys count each other (the subject's lock in issueCode is one key's only).
  await sendCountTurn(db, `transfer-codes:${input.userId}`);
  const repeated = await db
    .selectFrom('one_time_codes')
    .select('id')
    .where('purpose', '=', TRANSFER_CODE_PURPOSE)
    .where('subject', '=', transferCodeSubject(input.userId, input.idempotencyKey))
    .where('binding', '=', input.binding)
    .where('recipient', '=', input.recipient)
    .where('created_on', '>', new Date(input.now.getTime() - RESEND_COOLDOWN_MS))
    .where('expires_on', '>', input.now)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is', null)
    .where('failed_attempts', '=', 0)
    .executeTakeFirst();
  if (repeated) return null;
  const { sent } = await db
    .selectFrom('one_time_codes')
    .select(sql<number>`count(*)::int`.as('sent'))
    .where('purpose', '=', TRANSFER_CODE_PURPOSE)
    .where('subject', 'like', `${input.userId}:%`)
    .where('created_on', '>', new Date(input.now.getTime() - 3_600_000))
    .executeTakeFirstOrThrow();
  if (sent >= input.perHour) throw tooMany(TRANSFER_TEXTS.tooManyCodes, 3600);
  return issueCode(db, {
    purpose: TRANSFER_CODE_PURPOSE,
    subject: transferCodeSubject(input.userId, input.idempotencyKey),
    recipient: input.recipient,
    now: input.now,
    secret: input.secret,
    maxSends: 1 + MAX_MOBILE_RESENDS,
    binding: input.binding,
  });
}

const codeError = (status: number, message: string) => new HttpError(status, message, { code: message });

/**
 * Checks the code sent for (user, key) against the transfer now asked for, and answers the code's id for the
 * transfer statement to consume with the transfer (a refused transfer leaves the code usable). A code
 * presented with another source, destination or amount is voided (409): it confirms one transfer only. A try
 * is claimed with a conditional UPDATE before the digits are compared, so parallel guesses get 5 at most.
 */
export async function claimTransferCode(
  db: Kysely<Database>,
  input: { userId: number; idempotencyKey: string; binding: string; code: string; now: Date; secret: string },
): Promise<number> {
  const subject = transferCodeSubject(input.userId, input.idempotencyKey);
  const current = await db
    .selectFrom('one_time_codes')
    .select(['id', 'expires_on', 'failed_attempts', 'binding'])
    .where('purpose', '=', TRANSFER_CODE_PURPOSE)
    .where('subject', '=', subject)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!current) throw codeError(422, TRANSFER_TEXTS.noCode);
  if (current.binding !== input.binding) {
    await db.updateTable('one_time_codes').set({ voided_on: input.now }).where('id', '=', current.id).where('voided_on', 'is', null).execute();
    throw conflict(TRANSFER_TEXTS.differentTransfer, { code: TRANSFER_TEXTS.differentTransfer });
  }
  if (new Date(current.expires_on) <= input.now) throw codeError(422, TRANSFER_TEXTS.expiredCode);
  if (current.failed_attempts >= CODE_MAX_FAILED_ATTEMPTS) throw codeError(429, AUTH_TEXTS.tooManyVerifications);

  const codeHash = await claimTry(db, current.id);
  if (codeHash === undefined) throw codeError(429, AUTH_TEXTS.tooManyVerifications);
  const expected = hashCode(input.secret, TRANSFER_CODE_PURPOSE, boundSubject(subject, input.binding), input.code);
  if (!codeMatches(codeHash, expected, input.code)) throw codeError(422, TRANSFER_TEXTS.invalidCode);
  return current.id;
}
