import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The analyst studio (/dev/studio) in production: only administrators whose role carries this flag may open it
// and its API (src/server/routes/studio). Off for every role until an operator switches it on; development
// keeps the studio open to everyone, like the outbox.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').addColumn('can_use_studio', 'boolean', (c) => c.notNull().defaultTo(sql`false`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').dropColumn('can_use_studio').execute();
}
