import type { Signup } from '../db/tables/signups.table.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import { computeFacts } from '../../shared/facts/declared-facts.js';
import { dateOnly } from '../../shared/dates/age.js';
import { onboardingFlow } from './onboarding-flow.js';

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
