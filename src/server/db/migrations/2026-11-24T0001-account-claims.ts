import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  // One attempt of an applicant to claim an existing member's accounts (POST /onboarding/verify-account).
  // member_id and recipient are set only when the account number, last name and date of birth matched a
  // member without online access; otherwise the attempt is a decoy whose code can never verify.
  await db.schema
    .createTable('account_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'text', (c) => c.notNull().references('signups.id').onDelete('cascade'))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('members.id'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text')
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('verified_on', 'timestamptz')
    .addColumn('superseded_on', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_claims_signup_idx').on('account_claims').columns(['signup_id', 'created_on']).execute();
  await db.schema.createIndex('account_claims_account_idx').on('account_claims').columns(['account_number', 'created_on']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_claims').ifExists().execute();
}
