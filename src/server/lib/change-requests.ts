import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import type { ChangeRequest } from '../../shared/onboarding/draft-types.js';
import { badRequest } from './http-errors.js';
import { writeAudit } from './audit.js';
import { continueLink, fill } from './draft-lifetime.js';
import { onboardingFlow } from './onboarding-flow.js';
import { findSubmittedSignup } from '../routes/signups-admin/signups-admin.repository.js';
import { assertPending } from '../routes/signups-admin/approve-signup.js';

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

/**
 * "Request changes" (DESIGN.md "Application review"): the reviewer names steps the applicant stored and writes a
 * message; the application goes back to the applicant (changes_requested) for those steps only, its approvals so
 * far are void, and the applicant is told by email with the way back (the continue page).
 */
export async function requestChanges(app: FastifyInstance, input: { signupId: string; actorUserId: number; steps: string[]; message: string }) {
  const now = app.clock.now();
  const flow = onboardingFlow();
  const texts = flow.resume?.texts;
  const result = await app.db.transaction().execute(async (trx) => {
    const signup = await findSubmittedSignup(trx, input.signupId, { forUpdate: true });
    assertPending(signup);
    const stored = new Set((await trx.selectFrom('signup_steps').select('step').where('signup_id', '=', signup.id).execute()).map((r) => r.step));
    const unknown = input.steps.filter((s) => !stored.has(s));
    if (unknown.length) throw badRequest('Please choose steps the applicant has answered.', { steps: `Not a step of this application: ${unknown.join(', ')}` });
    const steps = [...new Set(input.steps)];
    const request: ChangeRequest = { steps, message: input.message, requested_on: now.toISOString(), requested_by: input.actorUserId };
    await trx.updateTable('signups').set({ status: 'changes_requested', change_request: JSON.stringify(request), updated_on: now }).where('id', '=', signup.id).execute();
    await trx.deleteFrom('signup_approvals').where('signup_id', '=', signup.id).execute();
    await writeAudit(trx, { actorUserId: input.actorUserId, action: 'signup.request_changes', entityType: 'signup', entityId: signup.id, before: { status: signup.status }, after: { status: 'changes_requested', steps, message: input.message } });
    if (texts) {
      const titles = steps.map((s) => flow.steps[s]?.title ?? s).join(', ');
      const body = fill(texts.changesBody, { firstName: signup.first_name, steps: titles, message: input.message, link: continueLink(app) });
      await app.outbox.send({ channel: 'email', to: signup.email, subject: texts.changesSubject, body, purpose: 'changes_requested' }, trx);
    }
    return { signup_id: signup.id, status: 'changes_requested' as const, message: 'Changes requested: the applicant has been told by email.' };
  });
  void app.outbox.flush().catch(() => undefined);
  return result;
}
