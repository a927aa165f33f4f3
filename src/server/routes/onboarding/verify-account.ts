import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Signup } from '../../db/tables/signups.table.js';
import { badRequest } from '../../lib/http-errors.js';

export const ACCOUNT_NOT_VERIFIED = 'Failed to verify account number. Please try again.';

/**
 * An existing customer's account number (DESIGN.md section 4): the account must exist, be active,
 * belong to a member with no online access yet, and that member must be this applicant (same date of
 * birth and last name), so nobody can claim another member's accounts. Any mismatch answers alike.
 */
export async function verifyExistingAccount(db: Kysely<Database> | Transaction<Database>, signup: Signup, accountNumber: string) {
  const digits = accountNumber.replace(/[\s-]/g, '');
  const row = await db
    .selectFrom('accounts')
    .innerJoin('members', 'members.id', 'accounts.member_id')
    .leftJoin('users', 'users.member_id', 'members.id')
    .select(['members.id as member_id', 'members.member_number', 'members.dob', 'members.last_name', 'users.id as user_id'])
    .where('accounts.account_number', '=', digits)
    .where('accounts.status', '=', 'active')
    .executeTakeFirst();
  const sameDob = row && String(row.dob) === String(signup.dob);
  const sameName = row && row.last_name.trim().toLowerCase() === signup.last_name.trim().toLowerCase();
  if (!row || row.user_id !== null || !sameDob || !sameName) {
    throw badRequest(ACCOUNT_NOT_VERIFIED, { account_number: ACCOUNT_NOT_VERIFIED });
  }
  return { memberId: row.member_id, memberNumber: row.member_number };
}
