import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// Transfers to another member (DESIGN.md "Transfers to another member"): a one-time code is bound to exactly
// one transfer (`binding`: the fingerprint of source, destination, amount and instructions); the limits read a
// member's member-transfers of the day and the transfers to one destination, so both have an index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').addColumn('binding', 'text').execute();
  await db.schema.createIndex('transfers_source_time_idx').on('transfers').columns(['source_account_id', 'created_on']).execute();
  await db.schema.createIndex('transfers_destination_idx').on('transfers').columns(['destination_account_id', 'created_on']).execute();
  await sql`create index one_time_codes_transfer_idx on one_time_codes (created_on) where purpose = 'transfer_code'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('one_time_codes_transfer_idx').ifExists().execute();
  await db.schema.dropIndex('transfers_destination_idx').ifExists().execute();
  await db.schema.dropIndex('transfers_source_time_idx').ifExists().execute();
  await db.schema.alterTable('one_time_codes').dropColumn('binding').execute();
}
