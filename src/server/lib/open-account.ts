import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { AccountType } from '../db/tables/accounts.table.js';

/**
 * Opens an account with an opening ledger entry, so its balance equals the sum of its entries. Its product joins the
 * catalog the first time (`products`: the member transfer's destination types).
 */
export async function openAccount(
  db: Kysely<Database>,
  input: { memberId: number; accountNumber: string; type: AccountType; productCode: string; productName: string; openingCents: number },
): Promise<number> {
  await db
    .insertInto('products')
    .values({ product_code: input.productCode, product_name: input.productName, account_type: input.type })
    .onConflict((c) => c.column('product_code').doNothing())
    .execute();
  const account = await db
    .insertInto('accounts')
    .values({
      member_id: input.memberId,
      account_number: input.accountNumber,
      account_type: input.type,
      product_code: input.productCode,
      product_name: input.productName,
      balance_cents: input.openingCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.openingCents > 0) {
    await db
      .insertInto('ledger_entries')
      .values({ account_id: account.id, transfer_id: null, amount_cents: input.openingCents, kind: 'opening', description: 'Opening balance' })
      .execute();
  }
  return account.id;
}
