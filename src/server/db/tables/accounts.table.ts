import type { ColumnType, Generated, Selectable } from 'kysely';

/** The credit union's member records (core banking); an online user may be linked to one. */
export interface MembersTable {
  id: Generated<number>;
  member_number: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  dob: string | null;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

export type AccountType = 'savings' | 'deposit' | 'loan';

/** Accounts hold integer cents; balance_cents always equals the sum of the account's ledger entries. */
/** A product of the credit union (the member transfer's destination types); openAccount adds one on first use. */
export interface ProductsTable {
  product_code: string;
  product_name: string;
  account_type: AccountType;
}

export interface AccountsTable {
  id: Generated<number>;
  member_id: number;
  account_number: string;
  account_type: AccountType;
  product_code: string;
  product_name: string;
  balance_cents: ColumnType<number, number | undefined, number>;
  status: Generated<'active' | 'closed'>;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

export interface TransfersTable {
  id: Generated<number>;
  reference_no: string;
  user_id: number;
  idempotency_key: string;
  /** SHA-256 of the request's details; the same key with other details is refused. */
  request_hash: string;
  kind: 'self' | 'member';
  source_account_id: number;
  destination_account_id: number;
  amount_cents: number;
  instructions: string | null;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  account_id: number;
  transfer_id: number | null;
  /** Signed cents: credit positive, debit negative. */
  amount_cents: number;
  kind: 'opening' | 'transfer_debit' | 'transfer_credit';
  description: string;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

export type Account = Selectable<AccountsTable>;
