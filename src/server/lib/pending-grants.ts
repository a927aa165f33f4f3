import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Ends what was handed out on the way to a credential and not yet used: the user's sign-in attempts waiting for their
 * code (sent to a mobile or email the account may no longer have) and open password resets (their codes and reset
 * tokens). Called in the transaction that blocks or deletes the account, changes its email or mobile, or sets a new
 * password; sessions end beside it (`app.sessions.revokeAllForUser`). A reset token taken before an account was
 * blocked had still set its password.
 */
export async function endPendingGrants(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db.updateTable('sign_in_attempts').set({ expires_on: now }).where('user_id', '=', userId).where('completed_on', 'is', null).where('expires_on', '>', now).execute();
  await db.updateTable('password_resets').set({ voided_on: now }).where('user_id', '=', userId).where('used_on', 'is', null).where('voided_on', 'is', null).execute();
}
