import type { RolesTable, OfficesTable } from './tables/reference.table.js';
import type { UsersTable } from './tables/users.table.js';
import type { SessionsTable } from './tables/sessions.table.js';
import type { OutboxTable } from './tables/outbox.table.js';
import type { MembersTable, AccountsTable, LedgerEntriesTable, TransfersTable } from './tables/accounts.table.js';

/** The typed schema Kysely checks every query against; one entry per table. */
export interface Database {
  roles: RolesTable;
  offices: OfficesTable;
  users: UsersTable;
  sessions: SessionsTable;
  outbox_messages: OutboxTable;
  members: MembersTable;
  accounts: AccountsTable;
  transfers: TransfersTable;
  ledger_entries: LedgerEntriesTable;
}
