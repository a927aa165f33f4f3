import type { FastifyInstance } from 'fastify';
import type { ChangeRequest } from '../../../shared/onboarding/draft-types.js';
import { badRequest } from '../../lib/http-errors.js';
import { writeAudit } from '../../lib/audit.js';
import { continueLink } from '../../lib/draft-lifetime.js';
import { fillText } from '../../../shared/fill-text.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { findSubmittedSignup } from './signups-admin.repository.js';
import { assertPending } from './approve-signup.js';
import { ADMIN_TEXTS } from '../../../shared/messages.js';

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
    if (unknown.length) throw badRequest(ADMIN_TEXTS.unknownSteps, { steps: fillText(ADMIN_TEXTS.notAStep, { steps: unknown.join(', ') }) });
    const steps = [...new Set(input.steps)];
    const request: ChangeRequest = { steps, message: input.message, requested_on: now.toISOString(), requested_by: input.actorUserId };
    await trx.updateTable('signups').set({ status: 'changes_requested', change_request: JSON.stringify(request), updated_on: now }).where('id', '=', signup.id).execute();
    await trx.deleteFrom('signup_approvals').where('signup_id', '=', signup.id).execute();
    await writeAudit(trx, { actorUserId: input.actorUserId, action: 'signup.request_changes', entityType: 'signup', entityId: signup.id, before: { status: signup.status }, after: { status: 'changes_requested', steps, message: input.message } });
    if (texts) {
      const titles = steps.map((s) => flow.steps[s]?.title ?? s).join(', ');
      const body = fillText(texts.changesBody, { firstName: signup.first_name, steps: titles, message: input.message, link: continueLink(app) });
      await app.outbox.send({ channel: 'email', to: signup.email, subject: texts.changesSubject, body, purpose: 'changes_requested' }, trx);
    }
    return { signup_id: signup.id, status: 'changes_requested' as const, message: ADMIN_TEXTS.changesRequested };
  });
  void app.outbox.flush().catch(() => undefined);
  return result;
}
