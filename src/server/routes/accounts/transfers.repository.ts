import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Account } from '../../db/tables/accounts.table.js';
import { HttpError, conflict, missing } from '../../lib/http-errors.js';
import { formatCents } from '../../../shared/money.js';
import { isTransferable } from './accounts.repository.js';

export type TransferRequest =
  | { kind: 'self'; sourceId: number; sourceAccount: string; destinationId: number; destinationAccount: string; amountCents: number; instructions: string | null }
  | { kind: 'member'; sourceId: number; sourceAccount: string; destinationProduct: string; destinationAccount: string; amountCents: number; instructions: string | null };

export interface TransferCaller {
  userId: number;
  memberId: number;
}

export interface TransferOutcome {
  transferId: number;
  referenceNo: string;
  amountCents: number;
  createdOn: Date;
  /** True when the idempotency key had already produced this transfer: nothing new was written. */
  replayed: boolean;
}

/** Attempts per transfer before a serialization failure, deadlock or key race is reported. */
const MAX_ATTEMPTS = 6;
const RETRYABLE_CODES = new Set(['40001', '40P01']);
// A parallel request with the same idempotency key, or a reference-number collision: run again and
// the first step finds the committed twin (or draws a new reference).
const RETRYABLE_UNIQUE = new Set(['transfers_user_key_unique', 'transfers_reference_no_key']);
const CHECK_VIOLATION = '23514';

const unprocessable = (message: string, errors?: Record<string, string>) => new HttpError(422, message, errors);
/** One message for a missing account and for another member's account (SECURITY row 12). */

/** One of the caller's active accounts, and only if it has the number the form showed; else 404 (row 12). */
function ownActive(account: Account | undefined, caller: TransferCaller, accountNumber: string): Account {
  if (!account || account.member_id !== caller.memberId || account.status !== 'active' || account.account_number !== accountNumber) throw missing('account');
  return account;
}

/** Fingerprint of what the caller asked for; the same idempotency key with another fingerprint is refused. */
export function transferFingerprint(request: TransferRequest): string {
  const destination = request.kind === 'self' ? request.destinationId : request.destinationProduct;
  const details = [request.kind, request.sourceId, request.sourceAccount, destination, request.destinationAccount, request.amountCents, request.instructions ?? ''];
  return crypto.createHash('sha256').update(JSON.stringify(details)).digest('hex');
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'TRF' + 10 random characters (50 bits); the unique index is the final word. */
export function newReferenceNo(): string {
  const bytes = crypto.randomBytes(10);
  let out = 'TRF';
  for (const byte of bytes) out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return out;
}

function pgError(err: unknown): { code?: string; constraint?: string } {
  return (err ?? {}) as { code?: string; constraint?: string };
}

function isRetryable(err: unknown): boolean {
  const { code, constraint } = pgError(err);
  if (code && RETRYABLE_CODES.has(code)) return true;
  return code === '23505' && !!constraint && RETRYABLE_UNIQUE.has(constraint);
}

const ending = (accountNumber: string) => `account ending ${accountNumber.slice(-4)}`;

/**
 * Moves money between two accounts exactly once: one `transfers` row, a debit and an equal credit in
 * `ledger_entries` and both balance updates commit together or not at all. Rows are locked in
 * account-id order, so concurrent transfers queue instead of deadlocking; serialization failures,
 * deadlocks and same-key races are retried a bounded number of times. Five round trips: begin, the
 * idempotency key, both accounts (locked), the writes in one statement, commit.
 */
export async function performTransfer(
  db: Kysely<Database>,
  caller: TransferCaller,
  idempotencyKey: string,
  request: TransferRequest,
  now: Date,
): Promise<TransferOutcome> {
  const fingerprint = transferFingerprint(request);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => attemptTransfer(trx, caller, idempotencyKey, fingerprint, request, now));
    } catch (err) {
      if (attempt < MAX_ATTEMPTS && isRetryable(err)) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        continue;
      }
      // The CHECK (balance_cents >= 0) is the last line of defence behind the locked pre-check.
      if (pgError(err).code === CHECK_VIOLATION) throw insufficientFunds();
      throw err;
    }
  }
}

function insufficientFunds(availableCents?: number) {
  const message =
    availableCents === undefined
      ? 'Insufficient funds: the amount is more than the available balance.'
      : `Insufficient funds: the amount is more than the available balance of ${formatCents(availableCents)}.`;
  return unprocessable(message, { amount: message });
}

async function attemptTransfer(
  trx: Transaction<Database>,
  caller: TransferCaller,
  idempotencyKey: string,
  fingerprint: string,
  request: TransferRequest,
  now: Date,
): Promise<TransferOutcome> {
  // 1. Exactly once: a key already used answers from what it produced, before any other check
  //    (a replay after the balance changed must still get the original success).
  const previous = await trx
    .selectFrom('transfers')
    .select(['id', 'reference_no', 'request_hash', 'amount_cents', 'created_on'])
    .where('user_id', '=', caller.userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (previous) {
    if (previous.request_hash !== fingerprint) {
      throw conflict('This Idempotency-Key was already used for a different transfer. Start a new transfer to send again.');
    }
    return { transferId: previous.id, referenceNo: previous.reference_no, amountCents: Number(previous.amount_cents), createdOn: new Date(previous.created_on), replayed: true };
  }

  // 2. Both accounts in one read, locked in account-id order (opposite transfers queue instead of
  //    deadlocking), so every check below sees the current balance. The destination is the caller's own
  //    id, or another member's account by number.
  const rows = await trx
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', request.sourceId), request.kind === 'self' ? eb('id', '=', request.destinationId) : eb('account_number', '=', request.destinationAccount)]))
    .orderBy('id')
    .forUpdate()
    .execute();

  // 3. The caller's own source first (row 12), with every check that needs only the source: a member
  //    learns nothing about another member's accounts from them. Funds are checked here too, before the
  //    destination is looked at, so a missing account number and a real one answer alike to a transfer
  //    too large to make ("Insufficient funds"): the transfer form is no account-number oracle.
  const source = ownActive(rows.find((row) => row.id === request.sourceId), caller, request.sourceAccount);
  if (!isTransferable(source)) {
    const message = 'Transfers out of a loan account are not allowed.';
    throw unprocessable(message, { source_id: message });
  }
  if (Number(source.balance_cents) < request.amountCents) throw insufficientFunds(Number(source.balance_cents));

  // 4. The destination. A missing number, a closed account and a number of another type get the same answer.
  let destination: Account;
  if (request.kind === 'self') {
    destination = ownActive(rows.find((row) => row.id === request.destinationId), caller, request.destinationAccount);
  } else {
    const found = rows.find((row) => row.account_number === request.destinationAccount && row.status === 'active');
    if (!found || found.product_code !== request.destinationProduct) {
      const message = 'No account with this number and type was found. Check the destination account number and type.';
      throw unprocessable(message, { destination_account: message });
    }
    if (found.member_id === caller.memberId) {
      const message = 'This account is one of your own. Use Transfer to Self to move money between your accounts.';
      throw unprocessable(message, { destination_account: message });
    }
    destination = found;
  }

  if (source.id === destination.id) {
    const message = 'Choose two different accounts.';
    throw unprocessable(message, { destination_id: message });
  }
  if (!isTransferable(destination)) {
    // Paying a loan down would change the sum of balances (a loan balance is money owed), so online
    // transfers keep to savings and deposits; repayments go through the credit union.
    const message = 'Transfers into a loan account are not supported online. Please contact the credit union to make a loan payment.';
    throw unprocessable(message, { [request.kind === 'self' ? 'destination_id' : 'destination_product']: message });
  }

  // 5. One statement: the transfer, its debit and equal credit, and both balances, in this transaction.
  const what = request.kind === 'self' ? 'Transfer' : 'Member transfer';
  const amount = request.amountCents;
  const { rows: written } = await sql<{ id: number; reference_no: string; created_on: Date }>`
    with transfer as (
      insert into transfers (reference_no, user_id, idempotency_key, request_hash, kind, source_account_id, destination_account_id, amount_cents, instructions, created_on)
      values (${newReferenceNo()}, ${caller.userId}, ${idempotencyKey}, ${fingerprint}, ${request.kind}, ${source.id}, ${destination.id}, ${amount}, ${request.instructions}, ${now})
      returning id, reference_no, created_on
    ), entries as (
      insert into ledger_entries (account_id, transfer_id, amount_cents, kind, description, created_on)
      select e.account_id, transfer.id, e.amount_cents, e.kind, e.description, transfer.created_on
        from transfer, (values (${source.id}::integer, ${-amount}::bigint, 'transfer_debit', ${`${what} to ${ending(destination.account_number)}`}::text),
                               (${destination.id}::integer, ${amount}::bigint, 'transfer_credit', ${`${what} from ${ending(source.account_number)}`}::text))
             as e (account_id, amount_cents, kind, description)
    ), balances as (
      update accounts set balance_cents = balance_cents + case when id = ${source.id} then ${-amount}::bigint else ${amount}::bigint end
       where id in (${source.id}, ${destination.id}) and exists (select 1 from transfer)
    )
    select id, reference_no, created_on from transfer`.execute(trx);
  const transfer = written[0];

  return { transferId: transfer.id, referenceNo: transfer.reference_no, amountCents: request.amountCents, createdOn: new Date(transfer.created_on), replayed: false };
}
