import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { badRequest } from '../../lib/http-errors.js';
import { loadApplicantSignup } from '../../lib/applicant-access.js';
import { requiredSubmissions, walkFlow } from '../../../shared/flow/walk-flow.js';
import { today } from '../../../shared/dates/today.js';
import type { Signup } from '../../db/tables/signups.table.js';
import { loadStepData, storedStepIds } from '../../lib/signup-steps.repository.js';
import { serverContext, serverFacts } from '../../lib/applicant-facts.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { unprovenCodeSteps } from '../../lib/code-proofs.js';
import { changeRequestOf, stepsSentSince } from '../../lib/change-requests.js';
import { fillText } from '../../../shared/fill-text.js';
import { writeAudit } from '../../lib/audit.js';
import type { StepRef } from '../../../shared/flow/flow-types.js';
import { FIX_FIELDS } from '../../../shared/messages.js';
import { computeRiskFlags } from '../../lib/review-rules.js';

type Db = Kysely<Database>;

/** The applicant's path (from the flow file) for the facts the server holds. */
function serverPath(signup: Signup, today: string): StepRef[] {
  // The same walk as the browser's engine and the checker (eval-free matchesCondition over the facts).
  return walkFlow(onboardingFlow(), serverFacts(signup, today));
}

/** The steps this applicant's path requires (from the flow file) that the server does not hold yet. */
export async function missingSteps(db: Db, signup: Signup, today: string) {
  const stored = await storedStepIds(db, signup.id);
  return requiredSubmissions(serverPath(signup, today)).filter((s) => !stored.has(s.id));
}

/**
 * The steps of this path that may arrive record by record (`submit.parts`) and are stored but not yet
 * complete (the primary ID without the secondary, beneficiaries short of 100%): each with what it still needs,
 * in the step form's words.
 */
async function incompleteSteps(app: FastifyInstance, db: Db, signup: Signup, today: string): Promise<Array<{ step: StepRef; message: string }>> {
  const out: Array<{ step: StepRef; message: string }> = [];
  // Every step of the path, skippable ones too: a skipped step stores nothing, a started one must be whole.
  for (const step of serverPath(signup, today)) {
    if (!step.submit?.parts || !step.form) continue;
    const data = await loadStepData(db, signup.id, step.id);
    if (!data) continue;
    const { errors } = app.forms.check(step.form, data, serverContext(signup));
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
  if (extra.length) throw badRequest(FIX_FIELDS, Object.fromEntries(extra.map((k) => [k, `Unknown field: ${k}`])));
  return app.db.transaction().execute(async (trx) => {
    const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
    const errors: Record<string, string> = {};
    for (const { step, message } of await unprovenCodeSteps(trx, signup, serverPath(signup, today(now)))) errors[step.id] = message;
    for (const step of await missingSteps(trx, signup, today(now))) errors[step.id] = `${step.title} is missing.`;
    for (const { step, message } of await incompleteSteps(app, trx, signup, today(now))) errors[step.id] = message;
    // Sent back for changes: each step the reviewer asked for must have been sent again.
    const changeRequest = signup.status === 'changes_requested' ? changeRequestOf(signup) : null;
    const changed = changeRequest ? await stepsSentSince(trx, signup.id, changeRequest) : [];
    const texts = onboardingFlow().resume?.texts;
    for (const step of changeRequest?.steps ?? []) {
      const title = onboardingFlow().steps[step]?.title ?? step;
      if (!changed.includes(step)) errors[step] = texts ? fillText(texts.reviewBeforeResubmit, { step: title }) : `${title} is unchanged.`;
    }
    if (Object.keys(errors).length) {
      throw badRequest(`Your application is incomplete: ${Object.values(errors).join(' ')}`, errors);
    }
    // Risk flags from what the server holds, stored with the submission so the queue shows them without recomputing.
    const riskFlags = await computeRiskFlags(trx, signup, now);
    const resubmitted = changeRequest ? { change_request: JSON.stringify({ ...changeRequest, resubmitted_on: now.toISOString(), changed }) } : {};
    await trx.updateTable('signups').set({ status: 'pending_approval', submitted_on: now, updated_on: now, risk_flags: riskFlags, risk_flags_on: now, ...resubmitted }).where('id', '=', signup.id).execute();
    if (changeRequest) await writeAudit(trx, { actorUserId: null, action: 'signup.resubmit', entityType: 'signup', entityId: signup.id, before: { status: 'changes_requested' }, after: { status: 'pending_approval', changed } });
    return { signup_id: signup.id, status: 'pending_approval', submitted_on: now.toISOString(), message: 'Account created successfully!' };
  });
}
