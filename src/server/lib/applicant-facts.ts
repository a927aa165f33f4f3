import type { Signup } from '../db/tables/signups.table.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import { computeFacts, ruleFields } from '../../shared/facts/declared-facts.js';
import { dateOnly } from '../../shared/dates/age.js';
import { onboardingFlow } from './onboarding-flow.js';
import { rememberedValues } from '../../shared/flow/remembered-values.js';

/**
 * The signups columns `serverContext` reads: a step validated with them is stored only while they still hold the
 * values it was validated with (saveStep's `guard`).
 */
export const CONTEXT_COLUMNS = ['is_existing_customer', 'dob', 'nationality', 'has_foreign_bank_account'] as const;

/** A signup's id and the columns of its applicant's context. */
export type ContextRow = Pick<Signup, 'id' | (typeof CONTEXT_COLUMNS)[number]>;

/** What the server stored of an application's steps, by step id. */
export type StoredSteps = ReadonlyMap<string, Record<string, unknown>>;

/**
 * What the server holds about the applicant, under the context names the flow's facts read (never from the browser):
 * the signups columns, and what the flow's `remember` entries keep from the steps' answers (`"data.<field>"`), read
 * from the stored steps when given. So a fact an analyst declares on a new answer holds on the server as in the
 * browser (the path at final submission, the draft's state, the risk flags). A column wins over a step's answer.
 */
export function serverContext(signup: ContextRow, steps?: StoredSteps): ApplicantContext {
  const columns = columnContext(signup);
  if (!steps?.size) return columns;
  const context: ApplicantContext = {};
  for (const [id, step] of Object.entries(onboardingFlow().steps)) {
    const data = steps.get(id);
    if (data && step.remember) Object.assign(context, rememberedValues(step.remember, data, undefined));
  }
  for (const [key, value] of Object.entries(columns)) if (value !== undefined || !(key in context)) context[key] = value;
  return context;
}

/** The context the signups columns make. */
function columnContext(signup: ContextRow): ApplicantContext {
  return {
    signupId: signup.id,
    customerType: signup.is_existing_customer ? 'existing' : 'new',
    dob: dateOnly(signup.dob),
    nationality: signup.nationality ?? undefined,
    hasForeignBankAccount: signup.has_foreign_bank_account,
  };
}
/** The context names the columns fill. */
const COLUMN_CONTEXT = new Set(Object.keys(columnContext({} as ContextRow)));
const readsAnswers = new WeakMap<object, boolean>();

/**
 * Whether a fact the flow declares reads an answer the signups columns do not hold (a fact an analyst added on a
 * new remembered answer): a step's call then validates with the stored steps too, so an option rule on that fact
 * holds on the call as in the browser. None of today's facts does, and a step call stays one statement.
 */
export function factsReadStoredAnswers(): boolean {
  const flow = onboardingFlow();
  let reads = readsAnswers.get(flow);
  if (reads === undefined) {
    reads = Object.values(flow.facts ?? {}).some((fact) => ruleFields(fact.rule).some((field) => !COLUMN_CONTEXT.has(field)));
    readsAnswers.set(flow, reads);
  }
  return reads;
}

/** The applicant's facts from what the server holds (with the stored steps, facts on any remembered answer). */
export function serverFacts(signup: ContextRow, day: string, steps?: StoredSteps): Record<string, boolean> {
  return computeFacts(onboardingFlow().facts, serverContext(signup, steps), day);
}
