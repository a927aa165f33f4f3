import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import type { ChangeRequest } from '../../shared/onboarding/draft-types.js';

/** The application's change request as stored (jsonb may come back as text). */
export function changeRequestOf(signup: Pick<Signup, 'change_request'>): ChangeRequest | null {
  const value = signup.change_request as unknown;
  if (!value) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as ChangeRequest;
}

/** The steps of a change request the applicant has sent again since it was made. */
export async function stepsSentSince(db: Kysely<Database>, signupId: string, request: ChangeRequest): Promise<string[]> {
  const rows = await db.selectFrom('signup_steps').select('step').where('signup_id', '=', signupId).where('updated_on', '>', new Date(request.requested_on)).execute();
  return rows.map((r) => r.step);
}
