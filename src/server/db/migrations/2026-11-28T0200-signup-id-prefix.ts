import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The administrator's list shows an application's id by its first 8 characters, and its search finds it by them:
// `id like '<prefix>%'` served by this index (text_pattern_ops: a prefix match whatever the database's collation).
// The id never changes, so a step's update of its signup stays a heap-only update.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index signups_id_prefix_idx on signups (id text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('signups_id_prefix_idx').ifExists().execute();
}
