import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether an online user already holds this email (case-insensitive) or mobile (compared by its digits).
 * Asked only where the person proves control of the address (the email and mobile code steps), never
 * when an application is created: POST /signups/ answers alike for every address (SECURITY.md row 22).
 */
export async function onlineUserHolds(db: Db, kind: 'email' | 'mobile', value: string): Promise<boolean> {
  const query = db.selectFrom('users').select('id');
  const row =
    kind === 'email'
      ? await query.where(sql`lower(email)`, '=', value.trim().toLowerCase()).executeTakeFirst()
      : await query.where(sql`regexp_replace(coalesce(mobile, ''), '[^0-9]', '', 'g')`, '=', value.replace(/\D/g, '')).executeTakeFirst();
  return row !== undefined;
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
