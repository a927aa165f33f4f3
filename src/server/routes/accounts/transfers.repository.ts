import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Account } from '../../db/tables/accounts.table.js';
import { HttpError, conflict, missing } from '../../lib/http-errors.js';
import type { TransferLimits } from '../../config.js';
import { formatCents } from '../../../shared/money.js';
import { insufficientFundsMessage, TRANSFER_TEXTS } from '../../../shared/messages.js';
import { ROLES } from '../../../shared/roles.js';
import { executePrepared } from '../../db/prepared.js';
import { TRANSFERABLE_TYPES, isTransferable } from './accounts.repository.js';
import { fillText } from '../../../shared/fill-text.js';

export type TransferRequest =
  | { kind: 'self'; sourceId: number; sourceAccount: string; destinationId: number; destinationAccount: string; amountCents: number; instructions: string | null }
  | { kind: 'member'; sourceId: number; sourceAccount: string; destinationProduct: string; destinationAccount: string; amountCents: number; instructions: string | null };

export interface TransferCaller {
  userId: number;
  memberId: number;
}

/**
 * A caller known so far by a verified session token only (`app.sessionClaims`): the transfer statement checks
 * the session row itself, as `requireMember` does (live, not revoked, the token's user, not blocked or deleted,
 * a Customer linked to a member), and writes or reads nothing when it fails (`SessionNotLive`).
 */
export interface SessionCaller {
  userId: number;
  sessionId: string;
}

/** The statement found no live member session for the token: the caller answers 401 or 403 (`requireMember`). */
export class SessionNotLive extends Error {
  constructor() {
    super('No live member session for this token');
  }
}

/** What the transfer statement read of the session it checked (the caller's `request.user`). */
export interface CheckedSession {
  user_id: number;
  member_id: number;
  role_id: number;
  email: string;
}

export interface TransferOutcome {
  transferId: number;
  referenceNo: string;
  amountCents: number;
  createdOn: Date;
  /** True when the idempotency key had already produced this transfer: nothing new was written. */
  replayed: boolean;
}

/**
 * What a transfer to another member is checked against besides the accounts: the limits, the start of the
 * credit union's day, and the confirmation code the statement consumes with the transfer (null: only a
 * replay of the key's earlier transfer can succeed).
 */
export interface MemberTransferChecks {
  limits: TransferLimits;
  dayStart: Date;
  codeId: number | null;
}

/** A member's use of the limits, read in the same snapshot as the rows the rules are checked on. */
export interface LimitUsage {
  /** Cents sent to other members since the start of the day. */
  sent_today: number;
  /** When the member first sent money to this destination (null: never). */
  destination_first_on: string | null;
  /** Cents the member has sent to this destination in all (read only while it is new). */
  destination_sent: number;
}

/** How long a destination counts as new after the first transfer to it. */
export const NEW_DESTINATION_MS = 24 * 3_600_000;

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


/**
 * Moves money between two accounts exactly once: one `transfers` row, a debit and an equal credit in
 * `ledger_entries` and both balance updates commit together or not at all. Rows are locked in
 * account-id order, so concurrent transfers queue instead of deadlocking; serialization failures,
 * deadlocks and same-key races are retried a bounded number of times. One statement, one round trip; a
 * transfer to another member (`checks`: its limits and code) sends that statement in a transaction after
 * locking the member's row, so the limits count every earlier transfer of the member.
 */
export async function performTransfer(
  db: Kysely<Database>,
  caller: TransferCaller | SessionCaller,
  idempotencyKey: string,
  request: TransferRequest,
  now: Date,
  checks?: MemberTransferChecks,
  /** Told the session the statement checked (a SessionCaller's), before any refusal is explained. */
  onSession?: (session: CheckedSession) => void,
): Promise<TransferOutcome> {
  const fingerprint = transferFingerprint(request);
  if (request.kind === 'member' && !checks) throw new Error('A transfer to another member needs its limits and code');
  for (let attempt = 1; ; attempt++) {
    try {
      if (request.kind === 'self' || !checks) return await attemptTransfer(db, caller, idempotencyKey, fingerprint, request, now, undefined, onSession);
      if (!('memberId' in caller)) throw new Error('A transfer to another member is made for a member session already checked');
      // The member's row is the queue of their transfers to other members: the statement that follows starts
      // (READ COMMITTED) after the lock is granted, so it sees every earlier transfer of the member that counts
      // towards a limit, and two parallel transfers cannot both pass the daily limit.
      return await db.transaction().execute(async (trx) => {
        await sql`select id from members where id = ${caller.memberId} for update`.execute(trx);
        return attemptTransfer(trx, caller, idempotencyKey, fingerprint, request, now, checks);
      });
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
  const message = insufficientFundsMessage(availableCents);
  return unprocessable(message, { amount: message });
}

/** What the one statement of a transfer answers: the key's earlier transfer, the accounts it locked, the new transfer. */
interface TransferStatementRow {
  previous: { id: number; reference_no: string; request_hash: string; amount_cents: number; created_on: string } | null;
  accounts: Account[] | null;
  transfer: { id: number; reference_no: string; created_on: string } | null;
  usage: LimitUsage | null;
  rules_hold: number;
  session: CheckedSession | null;
}

/**
 * The member's use of the limits as SQL (one row): member transfers since the day started, and the first and
 * total transfers to the destination. Shared by the transfer statement and the check before a code is sent.
 */
export function usageSql(memberId: number, destinationId: ReturnType<typeof sql>, dayStart: Date, now: Date) {
  const mine = sql`from transfers t join accounts s on s.id = t.source_account_id where s.member_id = ${memberId} and t.kind = 'member'`;
  return sql`select coalesce((select sum(t.amount_cents) ${mine} and t.created_on >= ${dayStart}::timestamptz and t.created_on <= ${now}::timestamptz), 0)::bigint as sent_today,
           (select min(t.created_on) ${mine} and t.destination_account_id = (${destinationId})) as destination_first_on,
           coalesce((select sum(t.amount_cents) ${mine} and t.destination_account_id = (${destinationId})), 0)::bigint as destination_sent`;
}

/**
 * One statement, one round trip, its own transaction: the key's earlier transfer; otherwise both accounts
 * locked in account-id order (opposite transfers queue instead of deadlocking), and when every rule holds
 * on the locked, current rows, the transfer, its debit and equal credit and both balances. The rules are
 * written twice on purpose: here, as the condition that writes, and in `refusal` below, which explains in
 * the specification's words why nothing was written (tests/server/member/accounts-routes.test.ts walks
 * every refusal through both).
 */
async function attemptTransfer(
  db: Kysely<Database>,
  caller: TransferCaller | SessionCaller,
  idempotencyKey: string,
  fingerprint: string,
  request: TransferRequest,
  now: Date,
  checks?: MemberTransferChecks,
  onSession?: (session: CheckedSession) => void,
): Promise<TransferOutcome> {
  const amount = request.amountCents;
  const what = request.kind === 'self' ? 'Transfer' : 'Member transfer';
  // A caller known by its token only: the session row is checked here, as requireMember checks it, and every
  // read and write below waits on it (the member's id is the session's user's, never the request's).
  const bySession = 'sessionId' in caller;
  if (bySession && checks) throw new Error('A transfer to another member is made for a member session already checked');
  const sessionCte = bySession
    ? sql`session as (
      select u.id as user_id, u.member_id, u.role_id, u.email from sessions s join users u on u.id = s.user_id
       where s.id = ${caller.sessionId}::text and s.revoked_on is null and s.expires_on > ${now}::timestamptz and u.id = ${caller.userId}::integer
         and not u.is_blocked and not u.is_deleted and u.role_id = ${ROLES.CUSTOMER}::integer and u.member_id is not null
    ), `
    : sql``;
  const memberId = bySession ? sql`(select member_id from session)` : sql`${caller.memberId}::integer`;
  const live = bySession ? sql` and exists (select 1 from session)` : sql``;
  const destination =
    request.kind === 'self'
      ? sql`id = ${request.destinationId} and member_id = ${memberId} and account_number = ${request.destinationAccount}`
      : sql`account_number = ${request.destinationAccount} and product_code = ${request.destinationProduct} and member_id <> ${memberId}`;
  const found = request.kind === 'self' ? sql`id = ${request.destinationId}` : sql`account_number = ${request.destinationAccount}`;
  // Transfers to another member: the limits, checked on the usage read after the member's lock, and the
  // code, consumed only when every other rule holds (a refused transfer leaves it usable).
  const limits = checks?.limits;
  const newDestinationFrom = new Date(now.getTime() - NEW_DESTINATION_MS);
  const usageCte = checks && !bySession ? sql`, usage as (${usageSql(caller.memberId, sql`select id from destination`, checks.dayStart, now)})` : sql``;
  const fromUsage = checks ? sql`, usage` : sql``;
  const limitRules = limits
    ? sql` and ${amount}::bigint <= ${limits.perTransferCents}::bigint and usage.sent_today + ${amount} <= ${limits.dailyCents}::bigint
         and (usage.destination_first_on <= ${newDestinationFrom}::timestamptz or usage.destination_sent + ${amount} <= ${limits.newDestinationCents}::bigint)`
    : sql``;
  const codeCte = checks
    ? sql`, code_used as (
      update one_time_codes set consumed_on = ${now}::timestamptz, failed_attempts = failed_attempts - 1
       where id = ${checks.codeId ?? 0}::integer and consumed_on is null and voided_on is null and expires_on > ${now}::timestamptz and exists (select 1 from allowed_rules)
      returning id
    ), allowed as (select * from allowed_rules where exists (select 1 from code_used))`
    : sql`, allowed as (select * from allowed_rules)`;
  const statement = sql<TransferStatementRow>`
    with ${sessionCte}previous as (
      select id, reference_no, request_hash, amount_cents, created_on from transfers where user_id = ${caller.userId} and idempotency_key = ${idempotencyKey}${live}
    ), locked as (
      select * from accounts where (id = ${request.sourceId} or ${found}) and not exists (select 1 from previous)${live} order by id for update
    ), source as (
      select * from locked where id = ${request.sourceId} and member_id = ${memberId} and account_number = ${request.sourceAccount} and status = 'active'
    ), destination as (
      select * from locked where ${destination} and status = 'active'
    )${usageCte}, allowed_rules as (
      select source.id as source_id, destination.id as destination_id, source.account_number as source_number, destination.account_number as destination_number
        from source, destination${fromUsage}
       where source.id <> destination.id and source.account_type in (${sql.join(TRANSFERABLE_TYPES)}) and destination.account_type in (${sql.join(TRANSFERABLE_TYPES)})
         and source.balance_cents >= ${amount}${limitRules}
    )${codeCte}, transfer as (
      insert into transfers (reference_no, user_id, idempotency_key, request_hash, kind, source_account_id, destination_account_id, amount_cents, instructions, created_on)
      select ${newReferenceNo()}::text, ${caller.userId}::integer, ${idempotencyKey}::text, ${fingerprint}::text, ${request.kind}::text, source_id, destination_id, ${amount}::bigint, ${request.instructions}::text, ${now}::timestamptz from allowed
      returning id, reference_no, created_on
    ), entries as (
      insert into ledger_entries (account_id, transfer_id, amount_cents, kind, description, created_on)
      select e.account_id, transfer.id, e.amount_cents, e.kind, e.description, transfer.created_on
        from transfer, allowed,
             lateral (values (allowed.source_id, ${-amount}::bigint, 'transfer_debit', ${`${what} to account ending `}::text || right(allowed.destination_number, 4)),
                             (allowed.destination_id, ${amount}::bigint, 'transfer_credit', ${`${what} from account ending `}::text || right(allowed.source_number, 4)))
             as e (account_id, amount_cents, kind, description)
    ), balances as (
      update accounts set balance_cents = balance_cents + case when accounts.id = allowed.source_id then ${-amount}::bigint else ${amount}::bigint end
        from allowed
       where accounts.id in (allowed.source_id, allowed.destination_id) and exists (select 1 from transfer)
    )
    select (select row_to_json(previous) from previous) as previous,
           (select json_agg(locked) from locked) as accounts,
           (select row_to_json(transfer) from transfer) as transfer,
           ${checks ? sql`(select row_to_json(usage) from usage)` : sql`null::json`} as usage,
           (select count(*) from allowed_rules)::int as rules_hold,
           ${bySession ? sql`(select row_to_json(session) from session)` : sql`null::json`} as session`;
  const row = (await executePrepared(db, statement))[0];
  if (bySession && !row.session) throw new SessionNotLive();
  if (row.session) onSession?.(row.session);
  const who: TransferCaller = row.session ? { userId: row.session.user_id, memberId: row.session.member_id } : (caller as TransferCaller);

  // Exactly once: a key already used answers from what it produced, before any other check (a replay after
  // the balance changed must still get the original success).
  if (row.previous) return replay(row.previous, fingerprint);
  if (row.transfer) {
    return { transferId: row.transfer.id, referenceNo: row.transfer.reference_no, amountCents: amount, createdOn: new Date(row.transfer.created_on), replayed: false };
  }
  // Every rule held but the code was not consumed: it expired, or a parallel request used it first.
  if (checks && row.rules_hold > 0) {
    const message = checks.codeId === null ? TRANSFER_TEXTS.noCode : TRANSFER_TEXTS.expiredCode;
    throw new HttpError(422, message, { code: message });
  }
  // A twin under the same key that committed while this statement waited for the accounts' locks: the statement
  // read the key from its snapshot, taken before the wait, and the twin's debit may be why nothing was written.
  // A statement of its own reads what has committed since, so the twin's answer is replayed, not a refusal.
  const twin = await db.selectFrom('transfers').select(['id', 'reference_no', 'request_hash', 'amount_cents', 'created_on']).where('user_id', '=', who.userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  if (twin) return replay(twin, fingerprint);
  const usage = row.usage ? { ...row.usage, sent_today: Number(row.usage.sent_today), destination_sent: Number(row.usage.destination_sent) } : null;
  const why = refusal(row.accounts ?? [], who, request, checks && usage ? { limits: checks.limits, usage, now } : undefined);
  // Every rule holds on the rows the statement locked, yet it wrote nothing: the two rule sets disagree.
  throw why ?? new Error('Transfer refused by the database for a reason the rules above do not name');
}

/** The key's earlier transfer, answered again; the same key for another transfer is refused. */
function replay(previous: Omit<NonNullable<TransferStatementRow['previous']>, 'created_on'> & { created_on: string | Date }, fingerprint: string): TransferOutcome {
  if (previous.request_hash !== fingerprint) {
    throw conflict(TRANSFER_TEXTS.keyUsed);
  }
  return { transferId: previous.id, referenceNo: previous.reference_no, amountCents: Number(previous.amount_cents), createdOn: new Date(previous.created_on), replayed: true };
}

/** A code asked for under a key a transfer already used confirms nothing: that transfer is made, or the key is another's. */
export async function refuseUsedKey(db: Kysely<Database>, userId: number, idempotencyKey: string, fingerprint: string): Promise<void> {
  const made = await db.selectFrom('transfers').select('request_hash').where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  if (made) throw conflict(made.request_hash === fingerprint ? TRANSFER_TEXTS.alreadyMade : TRANSFER_TEXTS.keyUsed);
}

/** The limits a transfer to another member is checked against, with what the member has used of them. */
export interface LimitCheck {
  limits: TransferLimits;
  usage: LimitUsage;
  now: Date;
}

/** Why a transfer to another member exceeds the per-transfer or the daily limit (null: it does not); these never look at the destination. */
function memberLimitRefusal(amount: number, { limits, usage }: LimitCheck): Error | null {
  if (amount > limits.perTransferCents) {
    const message = fillText(TRANSFER_TEXTS.perTransferLimit, { limit: formatCents(limits.perTransferCents) });
    return unprocessable(message, { amount: message });
  }
  if (usage.sent_today + amount > limits.dailyCents) {
    const left = Math.max(0, limits.dailyCents - usage.sent_today);
    const message = fillText(TRANSFER_TEXTS.dailyLimit, { limit: formatCents(limits.dailyCents), left: formatCents(left) });
    return unprocessable(message, { amount: message });
  }
  return null;
}

/** Why a transfer exceeds the lower limit of a destination first paid less than 24 hours ago (null: it does not). */
function newDestinationRefusal(amount: number, { limits, usage, now }: LimitCheck): Error | null {
  const first = usage.destination_first_on ? new Date(usage.destination_first_on) : null;
  if (first && first.getTime() + NEW_DESTINATION_MS <= now.getTime()) return null;
  if (usage.destination_sent + amount <= limits.newDestinationCents) return null;
  const left = Math.max(0, limits.newDestinationCents - usage.destination_sent);
  const message = fillText(TRANSFER_TEXTS.newDestinationLimit, { limit: formatCents(limits.newDestinationCents), left: formatCents(left) });
  return unprocessable(message, { amount: message });
}

/**
 * The check before a code is sent: the same rules as the transfer statement, on the current rows (no locks),
 * so a member is not texted a code for a transfer that would be refused. Answers the destination account.
 */
export async function checkMemberTransfer(db: Kysely<Database>, caller: TransferCaller, request: Extract<TransferRequest, { kind: 'member' }>, now: Date, limits: TransferLimits, dayStart: Date): Promise<Account> {
  const { rows } = await sql<{ accounts: Account[] | null; usage: LimitUsage }>`
    with found as (select * from accounts where id = ${request.sourceId} or account_number = ${request.destinationAccount}),
         destination as (select * from found where account_number = ${request.destinationAccount} and product_code = ${request.destinationProduct} and member_id <> ${caller.memberId} and status = 'active'),
         usage as (${usageSql(caller.memberId, sql`select id from destination`, dayStart, now)})
    select (select json_agg(found) from found) as accounts, (select row_to_json(usage) from usage) as usage`.execute(db);
  const accounts = rows[0].accounts ?? [];
  const usage = { ...rows[0].usage, sent_today: Number(rows[0].usage.sent_today), destination_sent: Number(rows[0].usage.destination_sent) };
  const why = refusal(accounts, caller, request, { limits, usage, now });
  if (why) throw why;
  return accounts.find((a) => a.account_number === request.destinationAccount)!;
}

/**
 * Why the statement wrote nothing, from the accounts it locked, in the order the specification's answers
 * come. The caller's own source first (row 12), with every check that needs only the source: a member
 * learns nothing about another member's accounts from them. Funds are checked before the destination is
 * looked at, so a missing account number and a real one answer alike to a transfer too large to make
 * ("Insufficient funds"): the transfer form is no account-number oracle.
 */
function refusal(accounts: Account[], caller: TransferCaller, request: TransferRequest, limits?: LimitCheck): Error | null {
  let source: Account;
  try {
    source = ownActive(accounts.find((a) => a.id === request.sourceId), caller, request.sourceAccount);
  } catch (err) {
    return err as Error;
  }
  if (!isTransferable(source)) {
    const message = TRANSFER_TEXTS.loanSource;
    return unprocessable(message, { source_id: message });
  }
  // The limits that need no destination come before the funds, the one that does after it (no oracle either way).
  const overLimit = limits && memberLimitRefusal(request.amountCents, limits);
  if (overLimit) return overLimit;
  if (Number(source.balance_cents) < request.amountCents) return insufficientFunds(Number(source.balance_cents));

  // The destination. A missing number, a closed account and a number of another type get the same answer.
  let destination: Account;
  if (request.kind === 'self') {
    try {
      destination = ownActive(accounts.find((a) => a.id === request.destinationId), caller, request.destinationAccount);
    } catch (err) {
      return err as Error;
    }
  } else {
    const found = accounts.find((a) => a.account_number === request.destinationAccount && a.status === 'active');
    if (!found || found.product_code !== request.destinationProduct) {
      return unprocessable(TRANSFER_TEXTS.notFound, { destination_account: TRANSFER_TEXTS.notFound });
    }
    if (found.member_id === caller.memberId) {
      const message = TRANSFER_TEXTS.ownAccountToMember;
      return unprocessable(message, { destination_account: message });
    }
    destination = found;
  }
  if (source.id === destination.id) {
    const message = TRANSFER_TEXTS.sameAccount;
    return unprocessable(message, { destination_id: message });
  }
  if (!isTransferable(destination)) {
    // Paying a loan down would change the sum of balances (a loan balance is money owed), so online
    // transfers keep to savings and deposits; repayments go through the credit union.
    const message = TRANSFER_TEXTS.loanDestination;
    return unprocessable(message, { [request.kind === 'self' ? 'destination_id' : 'destination_product']: message });
  }
  return limits ? newDestinationRefusal(request.amountCents, limits) : null;
}
