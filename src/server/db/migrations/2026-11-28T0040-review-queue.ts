import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The review queue (issue "four eyes on risky applications", DESIGN.md "Application statuses"):
// - statuses beyond the specification's three: awaiting_second_approval, referred, changes_requested,
//   counted in signup_status_counts like the others (the triggers count whatever status a row has);
// - assignment: the administrator who claimed the application and since when, with an index for "mine";
// - risk flags computed from the application at submission (lib/risk-flags.ts, rules in flows/review.json);
// - approvals: one row per (application, administrator), so the same person cannot approve twice;
// - consents: what the applicant agreed to, when, from which address, under which text version.
const SUBMITTED = `('pending_approval', 'awaiting_second_approval', 'referred', 'changes_requested', 'approved', 'rejected')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table signups drop constraint if exists signups_status_check`.execute(db);
  await sql`alter table signups add constraint signups_status_check check (status in ('draft', 'pending_approval', 'awaiting_second_approval', 'referred', 'changes_requested', 'approved', 'rejected'))`.execute(db);
  await sql`insert into signup_status_counts (status, total)
    select s, (select count(*) from signups where status = s) from unnest(array['awaiting_second_approval', 'referred', 'changes_requested']) as s
    on conflict (status) do nothing`.execute(db);
  // The unfiltered queue lists every submitted status: the partial index follows the longer list.
  await sql`create index signups_submitted_queue_idx on signups (created_on desc, id) where status in ${sql.raw(SUBMITTED)}`.execute(db);
  await sql`drop index if exists signups_queue_idx`.execute(db);

  await db.schema
    .alterTable('signups')
    .addColumn('assignee_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('assigned_on', 'timestamptz')
    .addColumn('risk_flags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('risk_flags_on', 'timestamptz')
    .execute();
  // "Mine": an administrator's claimed applications, newest first, with or without a status filter.
  await sql`create index signups_assignee_queue_idx on signups (assignee_user_id, status, created_on desc, id) where assignee_user_id is not null`.execute(db);

  await db.schema
    .createTable('signup_approvals')
    .addColumn('signup_id', 'text', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('admin_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('approved_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('signup_approvals_pk', ['signup_id', 'admin_user_id'])
    .execute();

  await db.schema
    .createTable('signup_consents')
    .addColumn('signup_id', 'text', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('consent', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('text_version', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('agreed_on', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('signup_consents_pk', ['signup_id', 'consent'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signup_consents').ifExists().execute();
  await db.schema.dropTable('signup_approvals').ifExists().execute();
  await sql`drop index if exists signups_assignee_queue_idx`.execute(db);
  await db.schema.alterTable('signups').dropColumn('risk_flags_on').dropColumn('risk_flags').dropColumn('assigned_on').dropColumn('assignee_user_id').execute();
  await sql`create index if not exists signups_queue_idx on signups (created_on desc, id) where status in ('pending_approval', 'approved', 'rejected')`.execute(db);
  await sql`drop index if exists signups_submitted_queue_idx`.execute(db);
  await sql`delete from signup_status_counts where status in ('awaiting_second_approval', 'referred', 'changes_requested')`.execute(db);
  await sql`alter table signups drop constraint if exists signups_status_check`.execute(db);
  await sql`alter table signups add constraint signups_status_check check (status in ('draft', 'pending_approval', 'approved', 'rejected'))`.execute(db);
}
