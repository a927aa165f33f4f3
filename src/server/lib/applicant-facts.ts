import type { Signup } from '../db/tables/signups.table.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import { computeFacts } from '../../shared/facts/declared-facts.js';
import { dateOnly } from '../../shared/dates/age.js';
import { onboardingFlow } from './onboarding-flow.js';

/**
 * The signups columns `serverContext` reads: a step validated with them is stored only while they still hold the
 * values it was validated with (saveStep's `guard`).
 */
export const CONTEXT_COLUMNS = ['is_existing_customer', 'dob', 'nationality', 'has_foreign_bank_account'] as const;

/** A signup's id and the columns of its applicant's context. */
export type ContextRow = Pick<Signup, 'id' | (typeof CONTEXT_COLUMNS)[number]>;

/** What the server holds about the applicant, under the context names the flow's facts read (never from the browser). */
export function serverContext(signup: ContextRow): ApplicantContext {
  return {
    signupId: signup.id,
    customerType: signup.is_existing_customer ? 'existing' : 'new',
    dob: dateOnly(signup.dob),
    nationality: signup.nationality ?? undefined,
    hasForeignBankAccount: signup.has_foreign_bank_account,
  };
}

/** The applicant's facts from what the server holds. */
export function serverFacts(signup: ContextRow, day: string): Record<string, boolean> {
  return computeFacts(onboardingFlow().facts, serverContext(signup), day);
}
