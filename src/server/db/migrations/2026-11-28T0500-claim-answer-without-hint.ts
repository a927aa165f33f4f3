import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// An account claim's answer names no part of the contact on file (lib/account-claims.ts): the hint it showed
// ("ending in 42", "k•••@example.com", or a decoy's two digits) is no longer kept.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_claims').dropColumn('hint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_claims').addColumn('hint', 'text', (c) => c.notNull().defaultTo(sql`''`)).execute();
}
