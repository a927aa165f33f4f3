import { APPLICANT_EDITABLE_STATUSES } from '../../../shared/statuses.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The live draft holding this applicant token hash, if any (a returning applicant edits basic info). */
export async function draftByTokenHash(db: Kysely<Database>, tokenHash: string, now: Date) {
  return db
    .selectFrom('signups')
    .selectAll()
    .where('applicant_token_hash', '=', tokenHash)
    .where('status', 'in', APPLICANT_EDITABLE_STATUSES)
    .where('token_expires_on', '>', now)
    .forUpdate()
    .executeTakeFirst();
}
