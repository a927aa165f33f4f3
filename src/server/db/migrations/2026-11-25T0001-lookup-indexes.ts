import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// Indexes for the lookups that scanned whole tables (issue "Fast on a phone"):
// - every applicant call finds its application by the token's hash;
// - the outbox flush reads the pending messages in order, a handful among all ever sent;
// - the administrator's queue lists submitted applications newest first (drafts, most rows, never shown),
//   and by one status.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('signups_token_idx').on('signups').column('applicant_token_hash').execute();
  await sql`create index outbox_pending_idx on outbox_messages (id) where status = 'pending'`.execute(db);
  await sql`create index signups_queue_idx on signups (created_on desc, id) where status in ('pending_approval', 'approved', 'rejected')`.execute(db);
  await sql`create index signups_status_queue_idx on signups (status, created_on desc, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['signups_token_idx', 'outbox_pending_idx', 'signups_queue_idx', 'signups_status_queue_idx']) await db.schema.dropIndex(name).ifExists().execute();
}
