import type { StepTextKey } from './text-placeholders.js';
import type { FactDeclarations } from '../facts/declared-facts';
import type { StepParts } from './step-parts';

/** The flow file's shape (flows/flow.schema.json is the same thing for analysts' editors). */
export type StepKind = 'form' | 'otp' | 'checklist' | 'info' | 'choice' | 'success';

export interface SubmitCall {
  method: 'POST' | 'PUT' | 'PATCH';
  endpoint: string;
  encoding?: 'json' | 'multipart';
  transform?: string;
  /** A named server behaviour (src/shared/flow/server-actions.ts); absent: the generic step route serves it. */
  action?: string;
  includeSignupId?: boolean;
  /** The step may also arrive one record per call (the spec's per-ID and per-beneficiary calls): src/shared/flow/step-parts.ts. */
  parts?: StepParts;
}

export interface OtpConfig {
  /** email, mobile: the applicant's own (typed) contact; on_file: the contact the credit union holds for the member being claimed. */
  identifierType: 'email' | 'mobile' | 'on_file';
  operation: 'signup' | 'sign_in' | 'account_claim';
  sendEndpoint?: string;
  verifyEndpoint?: string;
  maxResends?: number;
}

export type JsonSchema = Record<string, unknown>;

export interface Transition {
  to: string;
  /** A JSON Schema over the applicant's facts; absent on the default (last) transition. */
  when?: JsonSchema;
  $comment?: string;
}

export interface FlowStep {
  route: string;
  title: string;
  description?: string;
  kind: StepKind;
  form?: string;
  requiresSignupId?: boolean;
  submit?: SubmitCall;
  skippable?: boolean;
  /** false: the final submission does not wait for this step's call (flows/flow.schema.json). */
  requiredForSubmission?: boolean;
  skipLabel?: string;
  /** Where the skip button shows: next to Next (default), or also at the top with `texts.optional`. */
  skipPlacement?: 'bottom' | 'both';
  /** The skip button shows only while this condition over the form's data holds (e.g. nothing added yet). */
  skipWhen?: JsonSchema;
  confirmLeave?: boolean;
  /** Browser storage key under which the sent values (never passwords) are kept and restored on return. */
  keepValues?: string;
  remember?: Record<string, string>;
  otp?: OtpConfig;
  choices?: Array<{ label: string; description?: string; set: Record<string, string | boolean | number | null> }>;
  content?: { paragraphs?: string[]; items?: string[]; links?: Array<{ label: string; href: string }> };
  /** Notices above the step's content, each shown while its `when` holds over the applicant's facts (spec 4: "Child Account Detected"). */
  banners?: StepBanner[];
  texts?: Partial<Record<StepTextKey, string>>;
  next?: Transition[];
  $comment?: string;
}

export interface ResumeSettings {
  $comment?: string;
  draftDays: number;
  reminderDays: number[];
  texts: Record<'newQuestion' | 'newQuestions' | 'changedStep' | 'newStep' | 'codeSent' | 'resumed' | 'reminderSubject' | 'reminderBody' | 'continueHint' | 'heldFiles' | 'sentFiles' | 'sentFilesChanged' | 'filesLost' | 'keepSent' | 'changesRequested' | 'changesSubject' | 'changesBody' | 'reviewBeforeResubmit', string>;
}

export interface FlowDefinition {
  $schema?: string;
  $comment?: string;
  id: string;
  title: string;
  initial: string;
  restartRoute?: string;
  /** Resume anywhere: draft lifetime, reminders and texts (flows/flow.schema.json `resume`). */
  resume?: ResumeSettings;
  /** The facts conditions test, declared in JSON (src/shared/facts/declared-facts.ts has the rules). */
  facts: FactDeclarations;
  /**
   * The words every step shows unless its own `texts` give others (Back, Next, the leave dialog, the sending state):
   * one edit rewords them on every step. Not `submit`: a form's button is its own `submitText`, then `next`.
   */
  stepTexts?: FlowWideStepTexts;
  steps: Record<string, FlowStep>;
}

/** The flow-wide texts: any step text but `submit`, which belongs to a step or its form. */
export type FlowWideStepTexts = Partial<Record<Exclude<StepTextKey, 'submit'>, string>>;

/** A step with its id, as the engine and UI pass it around. */
export interface StepRef extends FlowStep {
  id: string;
}

/** The flow's steps with their ids, in file order, as their pages show them (stepForPage). */
export function listSteps(flow: FlowDefinition): StepRef[] {
  return Object.keys(flow.steps).map((id) => stepForPage(flow, id));
}

/** A skippable step's skip button: its `skipLabel`, else the `skip` text (the flow's `stepTexts` word it for every step). */
export function skipLabelOf(step: Pick<FlowStep, 'skipLabel' | 'texts'>): string {
  return step.skipLabel ?? step.texts?.skip ?? '';
}

/** One step as its page shows it: its own texts over the flow's `stepTexts`. */
export function stepForPage(flow: FlowDefinition, id: string): StepRef {
  const step = flow.steps[id];
  return { id, ...step, texts: { ...flow.stepTexts, ...step?.texts } };
}


export const DEFAULT_RESTART_ROUTE = '/basic-info';

/** A notice above a step's content (flows/README.md "Banners"). */
export interface StepBanner {
  /** A JSON Schema over the declared facts, as a transition's `when`; always shown without it. */
  when?: JsonSchema;
  severity?: 'info' | 'warning' | 'success';
  title?: string;
  text?: string;
}
