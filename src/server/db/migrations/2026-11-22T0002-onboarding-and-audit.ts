import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft', 'pending_approval', 'approved', 'rejected')`))
    .addColumn('applicant_token_hash', 'text', (c) => c.notNull())
    .addColumn('token_expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('middle_name', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('dob', 'date', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('nationality', 'text')
    .addColumn('has_foreign_bank_account', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_existing_customer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_minor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('email_verified_on', 'timestamptz')
    .addColumn('mobile_verified_on', 'timestamptz')
    .addColumn('comments', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_on', 'timestamptz')
    .addColumn('decided_on', 'timestamptz')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await sql`create index signups_status_created_idx on signups (status, created_on desc)`.execute(db);
  await sql`create index signups_email_idx on signups (lower(email))`.execute(db);
  await sql`create index signups_mobile_idx on signups (mobile)`.execute(db);

  await db.schema
    .createTable('signup_steps')
    .addColumn('signup_id', 'text', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('signup_steps_pk', ['signup_id', 'step'])
    .execute();

  await db.schema
    .createTable('signup_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'text', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signup_files_signup_idx').on('signup_files').columns(['signup_id', 'step']).execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_on', 'timestamptz')
    .addColumn('voided_on', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('one_time_codes_subject_idx').on('one_time_codes').columns(['purpose', 'subject', 'id']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_log', 'one_time_codes', 'signup_files', 'signup_steps', 'signups']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
