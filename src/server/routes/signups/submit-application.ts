import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-errors.js';
import { loadApplicantSignup } from '../../lib/applicant-access.js';
import { requiredSubmissions, walkFlow } from '../../../shared/flow/walk-flow.js';
import { today } from '../../../shared/dates/today.js';
import type { Signup } from '../../db/tables/signups.table.js';
import { loadSteps } from '../../lib/signup-steps.repository.js';
import { serverContext, serverFacts, type StoredSteps } from '../../lib/applicant-facts.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { unprovenCodeSteps } from '../../lib/code-proofs.js';
import { changeRequestOf, stepsSentSince } from '../../lib/change-requests.js';
import { fillText } from '../../../shared/fill-text.js';
import { writeAudit } from '../../lib/audit.js';
import type { StepRef } from '../../../shared/flow/flow-types.js';
import { computeRiskFlags } from '../../lib/review-rules.js';
import { removeStoredNames } from '../../lib/remove-stored.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';

/** The applicant's path (from the flow file) for the facts the server holds, the stored steps' answers included. */
function serverPath(signup: Signup, today: string, steps: StoredSteps): StepRef[] {
  // The same walk as the browser's engine and the checker (eval-free matchesCondition over the facts).
  return walkFlow(onboardingFlow(), serverFacts(signup, today, steps));
}

/** The steps this applicant's path requires (from the flow file) that the server does not hold yet. */
function missingSteps(path: StepRef[], steps: StoredSteps) {
  return requiredSubmissions(path).filter((s) => !steps.has(s.id));
}

/**
 * The steps of this path that may arrive record by record (`submit.parts`) and are stored but not yet
 * complete (the primary ID without the secondary, beneficiaries short of 100%): each with what it still needs,
 * in the step form's words.
 */
function incompleteSteps(app: FastifyInstance, signup: Signup, path: StepRef[], steps: StoredSteps): Array<{ step: StepRef; message: string }> {
  const out: Array<{ step: StepRef; message: string }> = [];
  // Every step of the path, skippable ones too: a skipped step stores nothing, a started one must be whole.
  for (const step of path) {
    if (!step.submit?.parts || !step.form) continue;
    const data = steps.get(step.id);
    if (!data) continue;
    const { errors } = app.forms.check(step.form, data, serverContext(signup, steps));
    if (Object.keys(errors).length) out.push({ step, message: `${step.title} is incomplete: ${[...new Set(Object.values(errors))].join(' ')}` });
  }
  return out;
}

/**
 * Final submission (DESIGN.md section 4): all or nothing, in one transaction holding the signup's row
 * lock. Refused while a code check of the path is not passed (email, mobile, and for an existing customer
 * the code to the member's contact on file) or a required step of this applicant's path is missing; then
 * the application waits for an administrator (pending_approval) and is read-only.
 */
export async function submitApplication(app: FastifyInstance, request: FastifyRequest, signupId: string) {
  const now = app.clock.now();
  const body = request.body as Record<string, unknown>;
  const extra = Object.keys(body).filter((k) => k !== 'signup_id');
  if (extra.length) throw badRequest(REQUEST_TEXTS.fixFields, Object.fromEntries(extra.map((k) => [k, fillText(REQUEST_TEXTS.unknownField, { field: k })])));
  const result = await app.db.transaction().execute(async (trx) => {
    const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
    const errors: Record<string, string> = {};
    const steps = await loadSteps(trx, signup.id);
    const path = serverPath(signup, today(now), steps);
    for (const { step, message } of await unprovenCodeSteps(trx, signup, path)) errors[step.id] = message;
    for (const step of missingSteps(path, steps)) errors[step.id] = `${step.title} is missing.`;
    for (const { step, message } of incompleteSteps(app, signup, path, steps)) errors[step.id] = message;
    // Sent back for changes: each step the reviewer asked for must have been sent again.
    const changeRequest = signup.status === 'changes_requested' ? changeRequestOf(signup) : null;
    const changed = changeRequest ? await stepsSentSince(trx, signup.id, changeRequest) : [];
    const texts = onboardingFlow().resume?.texts;
    for (const step of changeRequest?.steps ?? []) {
      const title = onboardingFlow().steps[step]?.title ?? step;
      if (!changed.includes(step)) errors[step] = texts ? fillText(texts.reviewBeforeResubmit, { step: title }) : `${title} is unchanged.`;
    }
    if (Object.keys(errors).length) {
      throw badRequest(fillText(ONBOARDING_TEXTS.incomplete, { problems: Object.values(errors).join(' ') }), errors);
    }
    // Steps the applicant sent that their path does not hold (a guardian's details from an adult, a foreign bank from
    // a citizen, answers left from before an earlier answer changed): not part of the application, so no reviewer
    // reads them and no rule counts them. Their documents go with them, from the store once this is committed.
    const onPath = new Set(path.map((s) => s.id));
    const offPath = [...steps.keys()].filter((id) => !onPath.has(id));
    let dropped: string[] = [];
    if (offPath.length) {
      dropped = (await trx.deleteFrom('signup_files').where('signup_id', '=', signup.id).where('step', 'in', offPath).returning('stored_name').execute()).map((f) => f.stored_name);
      await trx.deleteFrom('signup_steps').where('signup_id', '=', signup.id).where('step', 'in', offPath).execute();
      await writeAudit(trx, { actorUserId: null, action: 'signup.off_path_steps_removed', entityType: 'signup', entityId: signup.id, before: { steps: offPath }, after: { steps: [] } });
    }
    // Risk flags from what the server holds, stored with the submission so the queue shows them without recomputing.
    const riskFlags = await computeRiskFlags(trx, signup, now);
    const resubmitted = changeRequest ? { change_request: JSON.stringify({ ...changeRequest, resubmitted_on: now.toISOString(), changed }) } : {};
    await trx.updateTable('signups').set({ status: 'pending_approval', submitted_on: now, updated_on: now, risk_flags: riskFlags, risk_flags_on: now, ...resubmitted }).where('id', '=', signup.id).execute();
    if (changeRequest) await writeAudit(trx, { actorUserId: null, action: 'signup.resubmit', entityType: 'signup', entityId: signup.id, before: { status: 'changes_requested' }, after: { status: 'pending_approval', changed } });
    return { answer: { signup_id: signup.id, status: 'pending_approval', submitted_on: now.toISOString(), message: ONBOARDING_TEXTS.submitted }, dropped };
  });
  await removeStoredNames(app, result.dropped);
  return result.answer;
}
