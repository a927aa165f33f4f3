import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

export const EMAIL_TAKEN = 'This email address is already registered with another account';
export const MOBILE_TAKEN = 'This mobile number is already registered with another account';

/**
 * Email and mobile must be unique against online users and other live applications (drafts whose
 * token has not expired, and applications waiting for a decision). Mobiles compare by their digits.
 */
export async function contactConflicts(db: Db, input: { email: string; mobile: string; exceptSignupId?: string; now: Date }): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const digits = input.mobile.replace(/\D/g, '');
  const live = (qb: any) => qb.where((eb: any) => eb.or([eb('status', '=', 'pending_approval'), eb.and([eb('status', '=', 'draft'), eb('token_expires_on', '>', input.now)])]));
  const userEmail = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst();
  let signupEmail = live(db.selectFrom('signups').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()));
  if (input.exceptSignupId) signupEmail = signupEmail.where('id', '<>', input.exceptSignupId);
  if (userEmail || (await signupEmail.executeTakeFirst())) errors.email = EMAIL_TAKEN;
  const userMobile = await db.selectFrom('users').select('id').where(sql`regexp_replace(coalesce(mobile, ''), '[^0-9]', '', 'g')`, '=', digits).executeTakeFirst();
  let signupMobile = live(db.selectFrom('signups').select('id').where(sql`regexp_replace(mobile, '[^0-9]', '', 'g')`, '=', digits));
  if (input.exceptSignupId) signupMobile = signupMobile.where('id', '<>', input.exceptSignupId);
  if (userMobile || (await signupMobile.executeTakeFirst())) errors.mobile = MOBILE_TAKEN;
  return errors;
}

/** The live draft holding this applicant token hash, if any (a returning applicant edits basic info). */
export async function draftByTokenHash(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('signups')
    .selectAll()
    .where('applicant_token_hash', '=', tokenHash)
    .where('status', '=', 'draft')
    .where('token_expires_on', '>', now)
    .forUpdate()
    .executeTakeFirst();
}
