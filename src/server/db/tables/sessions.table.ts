import type { ColumnType } from 'kysely';

/** One row per issued session token (its `jti`); revocation sets revoked_on. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_on: ColumnType<Date, Date | string | undefined, never>;
  expires_on: ColumnType<Date, Date | string, Date | string>;
  revoked_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  user_agent: string | null;
  ip: string | null;
}
