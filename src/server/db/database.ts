import type { RolesTable, OfficesTable } from './tables/reference.table.js';
import type { UsersTable } from './tables/users.table.js';
import type { SessionsTable } from './tables/sessions.table.js';
import type { OutboxTable } from './tables/outbox.table.js';
import type { SignupsTable, SignupStepsTable, SignupFilesTable, SignupResumesTable, SignupStatusCountsTable, SignupApprovalsTable, SignupConsentsTable } from './tables/signups.table.js';
import type { AccountClaimsTable } from './tables/account-claims.table.js';
import type { OneTimeCodesTable } from './tables/one-time-codes.table.js';
import type { AuditLogTable } from './tables/audit-log.table.js';
import type { SignInFailuresTable, SignInAttemptsTable, PasswordResetsTable } from './tables/auth.table.js';
import type { ConfigVersionsTable, FunnelEventsTable } from './tables/funnel.table.js';
import type { MembersTable, AccountsTable, LedgerEntriesTable, ProductsTable, TransfersTable } from './tables/accounts.table.js';

/** The typed schema Kysely checks every query against; one entry per table. */
export interface Database {
  roles: RolesTable;
  offices: OfficesTable;
  users: UsersTable;
  sessions: SessionsTable;
  outbox_messages: OutboxTable;
  members: MembersTable;
  products: ProductsTable;
  accounts: AccountsTable;
  transfers: TransfersTable;
  ledger_entries: LedgerEntriesTable;
  signups: SignupsTable;
  signup_steps: SignupStepsTable;
  signup_files: SignupFilesTable;
  signup_resumes: SignupResumesTable;
  signup_status_counts: SignupStatusCountsTable;
  signup_approvals: SignupApprovalsTable;
  signup_consents: SignupConsentsTable;
  account_claims: AccountClaimsTable;
  one_time_codes: OneTimeCodesTable;
  audit_log: AuditLogTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_attempts: SignInAttemptsTable;
  password_resets: PasswordResetsTable;
  config_versions: ConfigVersionsTable;
  funnel_events: FunnelEventsTable;
}
