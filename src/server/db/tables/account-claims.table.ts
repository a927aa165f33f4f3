import type { ColumnType, Selectable } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * An applicant's attempt to claim an existing member's accounts (DESIGN.md "Existing-customer claim").
 * A match (account number, last name and date of birth of a member without online access) holds the
 * member and the contact on file the code goes to; anything else is a decoy: the same answers and a code
 * that can never verify. A newer attempt supersedes the older ones.
 */
export interface AccountClaimsTable {
  id: string;
  signup_id: string;
  /** The account number as entered, digits only. */
  account_number: string;
  /** The matched member; null for a decoy. */
  member_id: number | null;
  channel: 'sms' | 'email';
  /** The member's mobile or email on file the code goes to; null for a decoy (no code is ever sent). */
  recipient: string | null;
  verified_on: NullableTimestamp;
  superseded_on: NullableTimestamp;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

export type AccountClaim = Selectable<AccountClaimsTable>;
