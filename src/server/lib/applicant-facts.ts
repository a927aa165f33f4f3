import type { Signup } from '../db/tables/signups.table.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import { computeFacts, ruleFields } from '../../shared/facts/declared-facts.js';
import { dateOnly } from '../../shared/dates/age.js';
import { onboardingFlow } from './onboarding-flow.js';
import { rememberedValues } from '../../shared/flow/remembered-values.js';
import type { FlowDefinition } from '../../shared/flow/flow-types.js';

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
 * browser (the path at final submission, the draft's state, the risk flags). The columns are copies of basic info's
 * answers: one counts only while basic info still remembers its answer under that name (`columnNames`), so an answer
 * an analyst moves to another step (the foreign bank account question) is read from that step, not from a column
 * that keeps its default.
 */
export function serverContext(signup: ContextRow, steps?: StoredSteps): ApplicantContext {
  const flow = onboardingFlow();
  const columns = columnContext(signup, columnNames(flow));
  if (!steps?.size) return columns;
  const context: ApplicantContext = {};
  for (const [id, step] of Object.entries(flow.steps)) {
    const data = steps.get(id);
    if (data && step.remember) Object.assign(context, rememberedValues(step.remember, data, undefined));
  }
  for (const [key, value] of Object.entries(columns)) if (value !== undefined || !(key in context)) context[key] = value;
  return context;
}

/** The context name of each answer basic info copies into a signups column, with the form field it copies. */
const COLUMN_ANSWERS = { dob: 'dob', nationality: 'nationality', hasForeignBankAccount: 'has_foreign_bank_account' } as const;

/** The context the signups columns make, for the names they stand for (`columnNames`). */
function columnContext(signup: ContextRow, names: ReadonlySet<string>): ApplicantContext {
  const all: ApplicantContext = {
    signupId: signup.id,
    customerType: signup.is_existing_customer ? 'existing' : 'new',
    dob: dateOnly(signup.dob),
    nationality: signup.nationality ?? undefined,
    hasForeignBankAccount: signup.has_foreign_bank_account,
  };
  return Object.fromEntries(Object.entries(all).filter(([key]) => names.has(key)));
}

const columnNamesOf = new WeakMap<object, ReadonlySet<string>>();
/**
 * The context names the signups columns stand for in this flow: the signup id and the customer type (the first
 * choice), and each answer basic info copies into a column while the step that creates the signup still remembers
 * it under the same name from the same field (`"hasForeignBankAccount": "data.has_foreign_bank_account"`).
 */
export function columnNames(flow: FlowDefinition): ReadonlySet<string> {
  let names = columnNamesOf.get(flow);
  if (!names) {
    const creating = Object.values(flow.steps).find((step) => step.submit?.action === 'createSignup');
    const remembered = creating?.remember ?? {};
    names = new Set(['signupId', 'customerType', ...Object.entries(COLUMN_ANSWERS).filter(([name, field]) => remembered[name] === `data.${field}`).map(([name]) => name)]);
    columnNamesOf.set(flow, names);
  }
  return names;
}

const readsAnswers = new WeakMap<object, boolean>();

/**
 * Whether a fact the flow declares reads an answer the signups columns do not hold (a fact an analyst added on a
 * new remembered answer, or on an answer moved off basic info): a step's call then validates with the stored steps
 * too, so an option rule on that fact holds on the call as in the browser. None of today's facts does, and a step
 * call stays one statement.
 */
export function factsReadStoredAnswers(): boolean {
  const flow = onboardingFlow();
  let reads = readsAnswers.get(flow);
  if (reads === undefined) {
    const columns = columnNames(flow);
    reads = Object.values(flow.facts ?? {}).some((fact) => ruleFields(fact.rule).some((field) => !columns.has(field)));
    readsAnswers.set(flow, reads);
  }
  return reads;
}

/** The applicant's facts from what the server holds (with the stored steps, facts on any remembered answer). */
export function serverFacts(signup: ContextRow, day: string, steps?: StoredSteps): Record<string, boolean> {
  return computeFacts(onboardingFlow().facts, serverContext(signup, steps), day);
}
