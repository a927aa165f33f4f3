import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  other_names: string | null;
  email: string;
  mobile: string | null;
  password_hash: string;
  role_id: number;
  office_id: number | null;
  dob: string | null;
  gender: string | null;
  is_blocked: Generated<boolean>;
  is_deleted: Generated<boolean>;
  /** The member record this online user may act for (customers only). */
  member_id: number | null;
  last_signed_in_on: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_on: ColumnType<Date, Date | string | undefined, never>;
  updated_on: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
