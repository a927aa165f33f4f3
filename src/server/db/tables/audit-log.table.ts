import type { ColumnType, Generated } from 'kysely';

/** Every administrator action: who, what, when, before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: ColumnType<unknown, string | unknown | null, never>;
  after: ColumnType<unknown, string | unknown | null, never>;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}
