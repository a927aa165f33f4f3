import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import type { FlowDefinition, StepRef } from '../../shared/flow/flow-types.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import type { DraftState, DraftStep } from '../../shared/onboarding/draft-types.js';
import type { FormValidator } from './form-validation.js';
import { walkFlow } from '../../shared/flow/walk-flow.js';
import { rememberedValues } from '../../shared/flow/remembered-values.js';
import { today } from '../../shared/dates/today.js';
import { serverContext, serverFacts } from './applicant-facts.js';
import { loadSteps } from './signup-steps.repository.js';
import { unprovenCodeSteps } from './code-proofs.js';
import { storedConfigVersion } from './config-version.js';
import { changeRequestOf, stepsSentSince } from './change-requests.js';
import { fillText } from '../../shared/fill-text.js';
import { FILE_WIDGETS, PASSWORD_WIDGETS, fieldsDrawnBy } from '../../shared/forms/widget-fields.js';

/**
 * Where a draft stands under the configuration in force (DESIGN.md "Resume anywhere" and "Configuration versions"):
 * each step of the applicant's path recomputed from the current flow, each stored step checked again against its
 * current form. A step that still validates is kept; one that no longer does is reopened with its fields at fault
 * and why, never dropped. The applicant lands on the first step that needs them.
 */

interface StartedUnder {
  flow?: FlowDefinition;
  /** A form's property names as they were, by form id (forms/<id>.schema.json). */
  fieldsOf(formId: string): Set<string> | undefined;
}

/** The flow and forms of the version the application started under, when it differs from the one in force. */
async function startedUnder(db: Kysely<Database>, signup: Signup, current: string): Promise<StartedUnder> {
  const version = signup.config_version && signup.config_version !== current ? await storedConfigVersion(db, signup.config_version) : null;
  if (!version) return { fieldsOf: () => undefined };
  return {
    flow: version.flow,
    fieldsOf(formId) {
      const properties = version.forms.schemas[formId]?.properties;
      return properties && typeof properties === 'object' ? new Set(Object.keys(properties)) : undefined;
    },
  };
}

/**
 * The draft's state for the configuration in force: `forms` and `flow` are what this server validates with
 * (`npm run config:impact` passes a candidate configuration's).
 */
export async function draftState(
  deps: { db: Kysely<Database>; forms: FormValidator; flow: FlowDefinition; configVersion: string; now: Date },
  signup: Signup,
): Promise<DraftState> {
  const { db, forms, flow, now } = deps;
  const stored = await loadSteps(db, signup.id);
  const path = walkFlow(flow, serverFacts(signup, today(now), stored));
  const files = await db.selectFrom('signup_files').select(['step', 'field', 'original_name', 'size_bytes']).where('signup_id', '=', signup.id).orderBy('created_on').execute();
  const unproven = new Set((await unprovenCodeSteps(db, signup, path)).map((u) => u.step.id));
  const before = await startedUnder(db, signup, deps.configVersion);
  const context = serverContext(signup, stored);
  const texts = flow.resume?.texts;

  const steps = path.map((step): DraftStep & { active: boolean; required: boolean; ref: StepRef } => {
    const base = { step: step.id, title: step.title ?? step.id, route: step.route ?? '', ref: step };
    const required = step.kind === 'success' || step.kind === 'otp' || (Boolean(step.submit) && !step.skippable && step.requiredForSubmission !== false);
    if (step.kind === 'otp') return { ...base, status: unproven.has(step.id) ? 'todo' : 'done', active: !unproven.has(step.id), required };
    const data = stored.get(step.id);
    if (!step.submit || step.kind === 'success' || !step.form) {
      // A step with nothing stored (a choice, a checklist, an information page, the final submission).
      return { ...base, status: 'todo', active: false, required: step.kind === 'success' };
    }
    if (!data) {
      const isNew = Boolean(before.flow && !before.flow.steps?.[step.id]);
      return { ...base, status: 'todo', active: false, required, ...(isNew && texts ? { reason: texts.newStep } : {}) };
    }
    const uiSchema = forms.uiSchemaOf(step.form);
    const secret = fieldsDrawnBy(uiSchema, PASSWORD_WIDGETS);
    const fileFields = fieldsDrawnBy(uiSchema, FILE_WIDGETS);
    const { errors } = forms.check(step.form, data, context);
    const oldFields = before.fieldsOf(step.form);
    const fields: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors)) {
      const top = field.split('.')[0];
      if (secret.includes(top)) continue; // never stored: asked again only when the step is reopened for another field
      const isNew = oldFields ? !oldFields.has(top) : !Object.hasOwn(data, top);
      fields[field] = isNew && texts ? texts.newQuestion : message;
    }
    const shown = Object.fromEntries(Object.entries(data).filter(([k]) => !secret.includes(k) && !fileFields.includes(k)));
    const stepFiles = files.filter((f) => f.step === step.id).map((f) => ({ field: f.field, name: f.original_name, size_bytes: Number(f.size_bytes) }));
    const reopened = Object.keys(fields).length > 0;
    return {
      ...base,
      status: reopened ? 'reopened' : 'done',
      ...(reopened ? { fields, ...(texts ? { reason: Object.values(fields).includes(texts.newQuestion) ? texts.newQuestions : texts.changedStep } : {}) } : {}),
      data: shown,
      ...(stepFiles.length ? { files: stepFiles } : {}),
      active: true,
      required,
    };
  });

  // The furthest step the applicant did something on; a step without a call or a skippable one before it was passed.
  const lastActive = steps.reduce((last, s, i) => (s.active ? i : last), -1);
  for (const [i, s] of steps.entries()) {
    if (s.status !== 'todo' || i >= lastActive || s.reason) continue;
    if (!s.required) s.status = s.ref.submit && s.ref.kind !== 'success' ? 'skipped' : 'done';
  }
  // Sent back by a reviewer: the steps asked for are reopened with the reviewer's message until sent again.
  const request = signup.status === 'changes_requested' ? changeRequestOf(signup) : null;
  if (request) {
    const sent = await stepsSentSince(db, signup.id, request);
    for (const s of steps) {
      if (!request.steps.includes(s.step) || sent.includes(s.step)) continue;
      s.status = 'reopened';
      s.reason = texts ? fillText(texts.changesRequested, { message: request.message }) : request.message;
    }
  }
  const landingIndex = steps.findIndex((s) => s.status === 'reopened' || s.status === 'todo');
  const landing = steps[landingIndex === -1 ? steps.length - 1 : landingIndex];

  let applicant: ApplicantContext = { ...context, email: signup.email, mobile: signup.mobile };
  for (const s of steps) {
    if (s.status !== 'done' || !s.ref.remember) continue;
    applicant = { ...applicant, ...rememberedValues(s.ref.remember, stored.get(s.step) ?? {}, { id: signup.id }) };
  }
  return {
    signup_id: signup.id,
    landing: landing.step,
    completed: steps.filter((s) => s.status === 'done' || s.status === 'skipped').map((s) => s.step),
    applicant,
    steps: steps.map(({ active: _a, required: _r, ref: _s, ...s }) => s),
    config_version: deps.configVersion,
    started_under: signup.config_version,
  };
}
