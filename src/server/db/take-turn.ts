import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';

/** Each kind of turn its own first key of the advisory lock, so turns of two kinds never wait for each other. */
const TURN_KINDS = { signInThrottle: 7301, claimAccount: 7302, issueCode: 7303, sendCount: 7304 } as const;

/**
 * Waits for the transaction's turn at `key` (a transaction-scoped advisory lock, held until it commits or rolls back).
 * For a count that is read before its row is written: parallel requests would otherwise all read the same count and
 * pass a limit together (Postgres; PGlite runs one transaction at a time anyway).
 */
export async function takeTurn(db: Kysely<Database>, kind: keyof typeof TURN_KINDS, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${TURN_KINDS[kind]}, hashtext(${key}))`.execute(db);
}
