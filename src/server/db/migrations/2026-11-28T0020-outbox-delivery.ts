import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// Outbox delivery with retries, safe with several API servers: a pending message is due when next_attempt_at
// is null or past. A server claims a due message by moving next_attempt_at forward (its claim, see
// src/server/plugins/outbox.ts), so no other server picks it up while it is being sent; a failed attempt
// sets it to the next retry time (exponential backoff). The pending messages are already indexed
// (outbox_pending_idx, 2026-11-25T0001-lookup-indexes).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').addColumn('next_attempt_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('next_attempt_at').execute();
}
