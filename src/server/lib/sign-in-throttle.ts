// The per-account sign-in throttle (SECURITY.md row 1): wrong passwords at POST /users/login and wrong codes at
// POST /device-verifications/verify/ are the account's failed sign-ins, at most FAILED_SIGN_IN_LIMIT an hour.
import { sql, type Kysely } from 'kysely';
import { takeTurn } from '../db/take-turn.js';
import type { Database } from '../db/database.js';

export const FAILED_SIGN_IN_LIMIT = 100;
export const FAILED_SIGN_IN_WINDOW_MS = 60 * 60_000;

/** The throttle key: the email as typed, lower-cased, so unknown emails are counted like real ones. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function countRecentFailures(db: Kysely<Database>, key: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('account_key', '=', key)
    .where('created_on', '>', new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Counts this sign-in as failed BEFORE the password is checked and answers whether it may be checked.
 * The count and the claim are one atomic step: a transaction-scoped advisory lock on the account key
 * serialises parallel claims for one account, so at most 100 rows (= 100 evaluated passwords) exist
 * per hour whatever the burst. A refused attempt writes nothing and deletes nothing; a success takes
 * its own row back with `forgetFailure`.
 */
export async function claimSignInCheck(db: Kysely<Database>, key: string, ip: string, now: Date): Promise<{ allowed: true; id: number } | { allowed: false }> {
  return db.transaction().execute(async (trx) => {
    await takeTurn(trx, 'signInThrottle', key);
    if ((await countRecentFailures(trx, key, now)) >= FAILED_SIGN_IN_LIMIT) return { allowed: false };
    const row = await trx.insertInto('sign_in_failures').values({ account_key: key, ip, created_on: now }).returning('id').executeTakeFirstOrThrow();
    return { allowed: true, id: row.id };
  });
}

export async function forgetFailure(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}
