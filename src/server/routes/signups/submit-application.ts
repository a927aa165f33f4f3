import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-errors.js';
import { loadApplicantSignup } from '../../lib/applicant-access.js';
import { requiredSubmissions, walkFlow } from '../../../shared/flow/walk-flow.js';
import { computeFacts } from '../../../shared/facts/declared-facts.js';
import { dateOnly } from '../../../shared/dates/age.js';
import { today } from '../../../shared/dates/today.js';
import type { Signup } from '../../db/tables/signups.table.js';
import type { ApplicantContext } from '../../../shared/facts/applicant-context.js';
import { storedStepIds } from '../onboarding/steps.repository.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';

/** What the server holds about the applicant, under the context names the flow's facts read (never from the browser). */
export function serverContext(signup: Signup): ApplicantContext {
  return {
    signupId: signup.id,
    customerType: signup.is_existing_customer ? 'existing' : 'new',
    dob: dateOnly(signup.dob),
    nationality: signup.nationality ?? undefined,
    hasForeignBankAccount: signup.has_foreign_bank_account,
  };
}

/** The applicant's facts from what the server holds. */
export function serverFacts(signup: Signup, day: string): Record<string, boolean> {
  return computeFacts(onboardingFlow().facts, serverContext(signup), day);
}

/** The steps this applicant's path requires (from the flow file) that the server does not hold yet. */
export async function missingSteps(db: Parameters<typeof storedStepIds>[0], signup: Signup, today: string) {
  // The same walk as the browser's engine and the checker (eval-free matchesCondition over the facts).
  const stepsOnPath = walkFlow(onboardingFlow(), serverFacts(signup, today));
  const stored = await storedStepIds(db, signup.id);
  return requiredSubmissions(stepsOnPath).filter((s) => !stored.has(s.id));
}

/**
 * Final submission (DESIGN.md section 4): all or nothing, in one transaction holding the signup's row
 * lock. Refused while the email or mobile is unverified or a required step of this applicant's path
 * is missing; then the application waits for an administrator (pending_approval) and is read-only.
 */
export async function submitApplication(app: FastifyInstance, request: FastifyRequest, signupId: string) {
  const now = app.clock.now();
  const body = request.body as Record<string, unknown>;
  const extra = Object.keys(body).filter((k) => k !== 'signup_id');
  if (extra.length) throw badRequest('Please correct the highlighted fields.', Object.fromEntries(extra.map((k) => [k, `Unknown field: ${k}`])));
  return app.db.transaction().execute(async (trx) => {
    const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
    const errors: Record<string, string> = {};
    if (!signup.email_verified_on) errors['email-verification'] = 'Please verify your email address.';
    if (!signup.mobile_verified_on) errors['mobile-verification'] = 'Please verify your mobile number.';
    for (const step of await missingSteps(trx, signup, today(now))) errors[step.id] = `${step.title} is missing.`;
    if (Object.keys(errors).length) {
      throw badRequest(`Your application is incomplete: ${Object.values(errors).join(' ')}`, errors);
    }
    await trx.updateTable('signups').set({ status: 'pending_approval', submitted_on: now, updated_on: now }).where('id', '=', signup.id).execute();
    return { signup_id: signup.id, status: 'pending_approval', submitted_on: now.toISOString(), message: 'Account created successfully!' };
  });
}
