import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The credit union's products, one row each (openAccount adds a product the first time an account of it opens):
// the member transfer's destination types are read from here, not found by a DISTINCT over every member's accounts
// (a scan of the whole table on each options call and each transfer). The partial index answers "does an active
// account of this product exist" for each of the few products.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('product_code', 'text', (c) => c.primaryKey())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into products (product_code, product_name, account_type)
    select distinct on (product_code) product_code, product_name, account_type from accounts order by product_code, id`.execute(db);
  await sql`create index accounts_active_product_idx on accounts (product_code) where status = 'active'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_active_product_idx').ifExists().execute();
  await db.schema.dropTable('products').ifExists().execute();
}
