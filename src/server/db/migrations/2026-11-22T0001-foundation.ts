import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('offices')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('member_number', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('mobile', 'text')
    .addColumn('dob', 'date')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('other_names', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('office_id', 'integer', (c) => c.references('offices.id'))
    .addColumn('dob', 'date')
    .addColumn('gender', 'text')
    .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('last_signed_in_on', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_mobile_key on users (mobile) where mobile is not null`.execute(db);
  await sql`create unique index users_member_key on users (member_id) where member_id is not null`.execute(db);
  await sql`create index users_name_idx on users (lower(last_name), lower(first_name))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_on', 'timestamptz')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_on', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_recipient_idx').on('outbox_messages').columns(['recipient', 'id']).execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
    .addColumn('account_number', 'text', (c) => c.notNull().unique())
    .addColumn('account_type', 'text', (c) => c.notNull().check(sql`account_type in ('savings', 'deposit', 'loan')`))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_cents >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('accounts_member_idx').on('accounts').column('member_id').execute();

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('self', 'member')`))
    .addColumn('source_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('destination_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('instructions', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('transfers_user_key_unique', ['user_id', 'idempotency_key'])
    .addCheckConstraint('transfers_distinct_accounts', sql`source_account_id <> destination_account_id`)
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('transfer_id', 'integer', (c) => c.references('transfers.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_account_idx').on('ledger_entries').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ledger_entries', 'transfers', 'accounts', 'outbox_messages', 'sessions', 'users', 'members', 'offices', 'roles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
