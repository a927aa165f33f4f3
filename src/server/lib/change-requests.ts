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

/**
 * True when the application takes this step now: a draft any step, an application sent back for changes only the
 * steps the reviewer asked for. saveStep's statement holds the same rule (its `draft` CTE); this one tells a step
 * call why the statement stored nothing.
 */
export function takesStep(signup: Pick<Signup, 'status' | 'change_request'>, step: string): boolean {
  if (signup.status === 'draft') return true;
  return signup.status === 'changes_requested' && (changeRequestOf(signup)?.steps ?? []).includes(step);
}

/** The steps of a change request the applicant has sent again since it was made. */
export async function stepsSentSince(db: Kysely<Database>, signupId: string, request: ChangeRequest): Promise<string[]> {
  const rows = await db.selectFrom('signup_steps').select('step').where('signup_id', '=', signupId).where('updated_on', '>', new Date(request.requested_on)).execute();
  return rows.map((r) => r.step);
}
