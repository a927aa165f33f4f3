import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  // Failed sign-ins per account (keyed by the lower-cased email, so unknown emails are throttled alike).
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sign_in_failures_key_idx').on('sign_in_failures').columns(['account_key', 'created_on']).execute();

  // A sign-in that passed the password check and waits for its SMS code.
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_on', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sign_in_attempts_user_idx').on('sign_in_attempts').column('user_id').execute();

  // One password-reset request: its code (in one_time_codes) then its single-use reset token.
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_on', 'timestamptz')
    .addColumn('used_on', 'timestamptz')
    .addColumn('voided_on', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index password_resets_email_idx on password_resets (lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['password_resets', 'sign_in_attempts', 'sign_in_failures']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
