import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The codes one mobile number or email address was sent in the last hour, for any application
// (lib/one-time-codes.ts `perRecipientPerHour`): an address in other letter cases is the same mailbox.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index one_time_codes_recipient_idx on one_time_codes (purpose, lower(recipient), created_on)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('one_time_codes_recipient_idx').ifExists().execute();
}
