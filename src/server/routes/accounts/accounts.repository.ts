import { sql, type Kysely } from 'kysely';
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
  // The catalog's transferable products that some active account holds (an index probe each, never a scan of accounts).
  return db
    .selectFrom('products')
    .select(['product_code', 'product_name'])
    .where('account_type', 'in', [...TRANSFERABLE_TYPES])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('accounts').select(sql.lit(1).as('one')).whereRef('accounts.product_code', '=', 'products.product_code').where('accounts.status', '=', 'active')),
    )
    .orderBy('product_code')
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
  /** The account's balance right after this entry: the running sum of its ledger. */
  balance_after_cents: number;
  kind: string;
  description: string;
  reference_no: string | null;
  instructions: string | null;
}

export interface TransactionPage {
  offset: number;
  limit: number;
  accountId?: number;
  /** Entries on or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  before?: Date;
}

/**
 * One page of the ledger entries of the caller's accounts, newest first, each with its account's running
 * balance (a window sum over the account's whole ledger, so a page or a date range shows true balances),
 * and how many entries match.
 */
export async function listMemberTransactions(db: Db, memberId: number, page: TransactionPage): Promise<{ items: TransactionRow[]; total: number }> {
  const account = page.accountId !== undefined ? sql`and a.id = ${page.accountId}` : sql``;
  const from = page.from ? sql`and e.created_on >= ${page.from}::timestamptz` : sql``;
  const before = page.before ? sql`and e.created_on < ${page.before}::timestamptz` : sql``;
  const entries = sql`
    select l.id, l.created_on, l.account_id, a.account_number, a.account_type, a.product_name, l.amount_cents, l.kind, l.description, l.transfer_id,
           sum(l.amount_cents) over (partition by l.account_id order by l.id) as balance_after_cents
      from ledger_entries l join accounts a on a.id = l.account_id
     where a.member_id = ${memberId} ${account}`;
  const [items, count] = await Promise.all([
    sql<TransactionRow>`
      with e as (${entries})
      select e.id, e.created_on, e.account_id, e.account_number, e.account_type, e.product_name, e.amount_cents, e.balance_after_cents, e.kind, e.description, t.reference_no, t.instructions
        from e left join transfers t on t.id = e.transfer_id
       where true ${from} ${before}
       order by e.id desc offset ${page.offset} limit ${page.limit}`.execute(db),
    sql<{ n: number }>`
      select count(*)::int as n from ledger_entries e join accounts a on a.id = e.account_id
       where a.member_id = ${memberId} ${account} ${from} ${before}`.execute(db),
  ]);
  return { items: items.rows, total: Number(count.rows[0].n) };
}
