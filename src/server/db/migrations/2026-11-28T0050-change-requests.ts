import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// Request changes (DESIGN.md "Application review"): the steps a reviewer asks the applicant to change, the message,
// who asked and when; kept after the applicant sends the application again, with what changed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signups').addColumn('change_request', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signups').dropColumn('change_request').execute();
}
