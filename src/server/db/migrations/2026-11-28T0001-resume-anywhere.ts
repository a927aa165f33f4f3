import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// Resume anywhere (DESIGN.md "Resume anywhere"): a request to continue an application by a code sent to the
// email or mobile it was started with (signup_id null when no application in progress matched: the answer is
// the same), reminders counted per draft, and the drafts' job reading drafts by their last change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_resumes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'text', (c) => c.references('signups.id').onDelete('cascade'))
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signup_resumes_contact_idx').on('signup_resumes').columns(['contact', 'created_on']).execute();
  await db.schema.alterTable('signups').addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`create index signups_draft_activity_idx on signups (updated_on) where status = 'draft'`.execute(db);
  await sql`create index signups_draft_email_idx on signups (lower(email)) where status = 'draft'`.execute(db);
  await sql`create index signups_draft_mobile_idx on signups (mobile) where status = 'draft'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signups_draft_mobile_idx`.execute(db);
  await sql`drop index if exists signups_draft_email_idx`.execute(db);
  await sql`drop index if exists signups_draft_activity_idx`.execute(db);
  await db.schema.alterTable('signups').dropColumn('reminders_sent').execute();
  await db.schema.dropTable('signup_resumes').ifExists().execute();
}
