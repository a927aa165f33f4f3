import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One failed sign-in; the per-account throttle counts rows of the last hour. */
export interface SignInFailuresTable {
  id: Generated<number>;
  /** lower(email) as typed, known account or not (so the throttle reveals nothing). */
  account_key: string;
  ip: string | null;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

/** A sign-in that passed the password check; its SMS code is bound to it (one_time_codes.subject = id). */
export interface SignInAttemptsTable {
  id: string;
  user_id: number;
  /** SHA-256 of the attempt token held by the browser in an HttpOnly cookie. */
  token_hash: string;
  expires_on: ColumnType<Date, Date | string, Date | string>;
  completed_on: NullableTimestamp;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

/** A password-reset request; user_id is null for an unknown email (answered alike, nothing sent). */
export interface PasswordResetsTable {
  id: string;
  user_id: number | null;
  email: string;
  /** SHA-256 of the single-use reset token handed out after the code was verified. */
  token_hash: string | null;
  token_expires_on: NullableTimestamp;
  used_on: NullableTimestamp;
  voided_on: NullableTimestamp;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

