import type { ColumnType, Generated } from 'kysely';
import type { FunnelEventName } from '../../../shared/funnel.js';

/** A content hash of forms/ and flows/, with their JSON as it was (DESIGN.md "Configuration versions"). */
export interface ConfigVersionsTable {
  hash: string;
  content: ColumnType<unknown, string, string>;
  first_seen_on: ColumnType<Date, Date | string | undefined, Date | string>;
  last_seen_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One applicant event in the wizard: which step, what happened, never who or what they typed. */
export interface FunnelEventsTable {
  id: Generated<string>;
  occurred_on: ColumnType<Date, Date | string | undefined, never>;
  /** The wizard's random id for one applicant's visit (not linked to the application). */
  visit: string | null;
  step: string;
  event: FunnelEventName;
  /** For a refusal: the names of the fields at fault, never their values. */
  fields: string[] | null;
  /** The applicant's declared facts (isMinor, ...) when known: true/false only. */
  facts: ColumnType<Record<string, boolean> | null, string | null | undefined, never>;
  config_version: string;
}
