import type { ColumnType, Generated } from 'kysely';

/**
 * 6-digit codes (email, SMS, reset), stored hashed. `subject` binds a code to one signup, one sign-in
 * attempt or one reset request; a newer code for the same purpose and subject voids the older ones.
 */
export interface OneTimeCodesTable {
  id: Generated<number>;
  purpose: string;
  subject: string;
  recipient: string;
  code_hash: string;
  /** Transfer codes only: the fingerprint of the one transfer the code confirms (source, destination, amount). */
  binding: ColumnType<string | null, string | null | undefined, string | null>;
  expires_on: ColumnType<Date, Date | string, Date | string>;
  failed_attempts: Generated<number>;
  consumed_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  voided_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}
