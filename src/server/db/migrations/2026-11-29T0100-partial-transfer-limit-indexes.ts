import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The transfer limits read only transfers to another member (`kind = 'member'`, transfers.repository.ts usageSql),
// so their two indexes hold only those: a transfer to self wrote five index entries into `transfers`, now three
// (npm run bench:transfers, docs/performance.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transfers_source_time_idx').ifExists().execute();
  await db.schema.dropIndex('transfers_destination_idx').ifExists().execute();
  await sql`create index transfers_member_source_time_idx on transfers (source_account_id, created_on) where kind = 'member'`.execute(db);
  await sql`create index transfers_member_destination_idx on transfers (destination_account_id, created_on) where kind = 'member'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transfers_member_destination_idx').ifExists().execute();
  await db.schema.dropIndex('transfers_member_source_time_idx').ifExists().execute();
  await db.schema.createIndex('transfers_source_time_idx').on('transfers').columns(['source_account_id', 'created_on']).execute();
  await db.schema.createIndex('transfers_destination_idx').on('transfers').columns(['destination_account_id', 'created_on']).execute();
}
