import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { RESEND_COOLDOWN_SECONDS } from '../../../shared/resend-wait.js';

export const RESET_TOKEN_TTL_MS = 10 * 60_000;
/** The wait between two codes for one email: the pages count the same wait (src/shared/resend-wait.ts). */
export const RESET_SEND_COOLDOWN_MS = RESEND_COOLDOWN_SECONDS * 1000;
export const RESET_SENDS_PER_HOUR = 5;

export function hashResetToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Requests for this email (known account or not) in the last hour, and the newest one's time. */
export async function recentRequests(db: Kysely<Database>, email: string, now: Date): Promise<{ count: number; lastOn: Date | null }> {
  const row = await db
    .selectFrom('password_resets')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`max(created_on)`.as('last_on')])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('created_on', '>', new Date(now.getTime() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  return { count: row.count, lastOn: row.last_on ? new Date(row.last_on) : null };
}

/** A newer request voids every older one for the same email (their codes and tokens die with them). */
export async function openRequest(db: Kysely<Database>, input: { email: string; userId: number | null; now: Date }): Promise<string> {
  await db
    .updateTable('password_resets')
    .set({ voided_on: input.now })
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .where('voided_on', 'is', null)
    .where('used_on', 'is', null)
    .execute();
  const id = crypto.randomBytes(16).toString('base64url');
  await db.insertInto('password_resets').values({ id, user_id: input.userId, email: input.email, created_on: input.now }).execute();
  return id;
}

export function findLiveRequest(db: Transaction<Database>, id: string, email: string) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('id', '=', id)
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('voided_on', 'is', null)
    .where('used_on', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The accounts a reset for this email may still change: not blocked, not deleted, and the email still theirs (an
 * account blocked, deleted or given another email after the code was sent is refused even inside the same instant).
 */
function resettableAccounts(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select('id').where('is_blocked', '=', false).where('is_deleted', '=', false).where(sql`lower(email)`, '=', email.trim().toLowerCase());
}

/** Whether the reset's account may still be reset (verify asks before it hands out a reset token). */
export async function isResettable(db: Kysely<Database>, userId: number, email: string): Promise<boolean> {
  return !!(await resettableAccounts(db, email).where('id', '=', userId).executeTakeFirst());
}

/** Spends the reset token: one conditional UPDATE, so of two parallel uses exactly one wins. */
export async function consumeResetToken(db: Kysely<Database>, input: { id: string; email: string; token: string; now: Date }): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_on: input.now })
    .where('id', '=', input.id)
    .where(sql`lower(email)`, '=', input.email.trim().toLowerCase())
    .where('token_hash', '=', hashResetToken(input.token))
    .where('used_on', 'is', null)
    .where('voided_on', 'is', null)
    .where('token_expires_on', '>', input.now)
    .where('user_id', 'in', resettableAccounts(db, input.email))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
