import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Account, AccountType } from '../../db/tables/accounts.table.js';

/** A transaction is a Kysely<Database> too. */
type Db = Kysely<Database>;

/** The caller's active accounts, in a stable order (type, then account number). */
export async function listMemberAccounts(db: Db, memberId: number): Promise<Account[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .orderBy('account_type')
    .orderBy('account_number')
    .execute();
}

/** Account types money may move out of and into online; loans are neither (see docs/api/accounts.md). */
export const TRANSFERABLE_TYPES: readonly AccountType[] = ['savings', 'deposit'];

export function isTransferable(account: Pick<Account, 'account_type'>): boolean {
  return TRANSFERABLE_TYPES.includes(account.account_type);
}

/** The product types another member's money may be sent to (code and name), from the products in use. */
export async function listDestinationProducts(db: Db): Promise<Array<{ product_code: string; product_name: string }>> {
  return db
    .selectFrom('accounts')
    .select(['product_code', 'product_name'])
    .distinct()
    .where('account_type', 'in', [...TRANSFERABLE_TYPES])
    .where('status', '=', 'active')
    .orderBy('product_code')
    .orderBy('product_name')
    .execute();
}

export interface TransactionRow {
  id: number;
  created_on: Date;
  account_id: number;
  account_number: string;
  account_type: AccountType;
  product_name: string;
  amount_cents: number;
  kind: string;
  description: string;
  reference_no: string | null;
  instructions: string | null;
}

/** One page of the ledger entries of the caller's accounts, newest first, and how many there are. */
export async function listMemberTransactions(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number; accountId?: number },
): Promise<{ items: TransactionRow[]; total: number }> {
  let base = db.selectFrom('ledger_entries').innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id').where('accounts.member_id', '=', memberId);
  if (page.accountId !== undefined) base = base.where('accounts.id', '=', page.accountId);
  const [items, count] = await Promise.all([
    base
      .leftJoin('transfers', 'transfers.id', 'ledger_entries.transfer_id')
      .select([
        'ledger_entries.id',
        'ledger_entries.created_on',
        'ledger_entries.account_id',
        'accounts.account_number',
        'accounts.account_type',
        'accounts.product_name',
        'ledger_entries.amount_cents',
        'ledger_entries.kind',
        'ledger_entries.description',
        'transfers.reference_no',
        'transfers.instructions',
      ])
      .orderBy('ledger_entries.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
