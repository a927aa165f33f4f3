import type { ValidateFunction } from 'ajv';
import { resolveForm, type FormSources, type JsonObject } from '../../shared/forms/form-registry.js';
import { badRequest } from './http-errors.js';
import type { Clock } from './clock.js';
import { ajvErrorsToFieldErrors } from '../../shared/api-error.js';
import { withoutHiddenFields } from '../../shared/forms/visible-fields.js';
import { deriveFormData, formRuleErrors } from '../../shared/transforms/form-rules.js';
import { today as creditUnionToday } from '../../shared/dates/today.js';
import type { FormData } from '../../shared/transforms/types.js';
import { stepPayload } from '../../shared/transforms/step-payload.js';
import type { ApplicantContext } from '../../shared/facts/applicant-context.js';
import { factsWithStepData } from '../../shared/facts/declared-facts.js';
import { onboardingFlow } from './onboarding-flow.js';
import { clearBlankText, lineBreaksInSingleLineText, markSingleLine } from './safe-text.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../shared/messages.js';
import { API_TEXTS } from './api-texts.js';

/** The dotted paths of `sent` that `visible` (the same data without hidden fields) no longer holds, nested objects too. */
function hiddenPaths(sent: unknown, visible: unknown, prefix = ''): string[] {
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return [];
  const kept = visible && typeof visible === 'object' && !Array.isArray(visible) ? (visible as FormData) : {};
  return Object.entries(sent as FormData).flatMap(([field, value]) => {
    const path = prefix ? `${prefix}.${field}` : field;
    // An empty hidden field says nothing (the spec's client sends a cleared name as '', no roles as []): dropped, not refused.
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return [];
    return Object.hasOwn(kept, field) ? hiddenPaths(value, kept[field], path) : [path];
  });
}

const valueAt = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as FormData)[key] : undefined), data);
function withValueAt(data: FormData, path: string, value: unknown): FormData {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...data, [head]: value };
  const inner = data[head] && typeof data[head] === 'object' ? (data[head] as FormData) : {};
  return { ...data, [head]: withValueAt(inner, rest.join('.'), value) };
}

/** The submit transform (`submit.transform`) of the flow step showing this form, if any. */
function submitTransformOf(formId: string): string | undefined {
  return Object.values(onboardingFlow().steps).find((s) => s.form === formId && s.submit?.transform)?.submit?.transform;
}

interface CompiledForm {
  /** The schema as forms/ holds it, lists resolved. */
  written: JsonObject;
  /** The same with the server's annotations (markSingleLine): what bodies are validated against. */
  schema: JsonObject;
  uiSchema: JsonObject;
  /** ajv's validator, compiled when the form is first checked (the route schemas need only the schema). */
  validate?: ValidateFunction;
}

/**
 * Validates a step's body with the SAME forms/ schema the browser uses (DESIGN.md section 3): the
 * form's `x-transform` derives its computed fields with the server's clock, a sent field its `showWhen` hides
 * for these answers is refused (forms/README.md "Visibility": the browser never sends one, so it is never stored),
 * ajv checks the schema, then the date keywords and option rules run. Any failure is a 400 with the field messages.
 */
/** What compiles a form's schema: an ajv instance made by createAjv, or one that is made when first needed. */
interface SchemaCompiler {
  compile(schema: JsonObject): ValidateFunction;
}

const compiledByText = new Map<string, ValidateFunction>();

/**
 * A compiler that compiles each distinct schema once in the process, with `ajv` (made by createAjv with its default
 * options, so a schema compiled by one validates alike in another). The tests build an app a file and the journey
 * tools check copies of the same forms again and again: each compiled every form again (about 1.5 s). A server
 * builds one app: no change there.
 */
export function compiledOncePerProcess(ajv: () => SchemaCompiler): SchemaCompiler {
  return {
    compile(schema) {
      const text = JSON.stringify(schema);
      let validate = compiledByText.get(text);
      if (!validate) compiledByText.set(text, (validate = ajv().compile(structuredClone(schema))));
      return validate;
    },
  };
}

export function createFormValidator({ sources, ajv, clock }: { sources: FormSources; ajv: SchemaCompiler | (() => SchemaCompiler); clock: Clock }) {
  const cache = new Map<string, CompiledForm>();
  function resolved(formId: string): CompiledForm {
    let entry = cache.get(formId);
    if (!entry) {
      const { schema, uiSchema } = resolveForm(sources, formId);
      // Every route's body and every step is checked against this copy: a field drawn on one line takes no line break.
      entry = { written: schema, schema: markSingleLine(schema, uiSchema) as JsonObject, uiSchema };
      cache.set(formId, entry);
    }
    return entry;
  }
  // Compiling every form's validator when the routes were registered took about a second of each start; a
  // form's is compiled at its first check instead (tens of milliseconds, once).
  function compiled(formId: string): Required<CompiledForm> {
    const entry = resolved(formId);
    entry.validate ??= (typeof ajv === 'function' ? ajv() : ajv).compile(entry.schema);
    return entry as Required<CompiledForm>;
  }

  return {
    /** The form's schema with its lists inlined, as the browser's validators were built from it. */
    schemaOf(formId: string): JsonObject {
      return resolved(formId).schema;
    },
    /** The form's schema as forms/ holds it (lists resolved), without the server's annotations: to compare with another version's. */
    writtenSchemaOf(formId: string): JsonObject {
      return resolved(formId).written;
    },
    /** True when forms/ holds this form. */
    has(formId: string): boolean {
      return formId in sources.schemas;
    },
    /** The form's UI schema (which widget draws each field). */
    uiSchemaOf(formId: string): JsonObject {
      return resolved(formId).uiSchema;
    },
    /**
     * The validated (and derived) data, or a 400 with every field message. The applicant's facts come from what
     * the server holds (`context`) and what this step's data tells (its `remember` entries: basic info's dob).
     */
    validate(formId: string, body: FormData, context: ApplicantContext = {}): FormData {
      const { data, errors } = checkForm(formId, body, context);
      if (Object.keys(errors).length) throw badRequest(errors._root ?? REQUEST_TEXTS.fixFields, errors);
      return data;
    },
    /** As validate, but answers the field messages instead of throwing (a step stored record by record). */
    check: checkForm,
  };

  function checkForm(formId: string, body: FormData, context: ApplicantContext = {}): { data: FormData; errors: Record<string, string> } {
    const { schema, uiSchema, validate } = compiled(formId);
    const today = creditUnionToday(clock.now());
    const facts = factsWithStepData(onboardingFlow(), formId, context, body, today);
    const derived = deriveFormData(schema, body, { today, facts });
    let data = withoutHiddenFields(schema, uiSchema, derived, facts);
    const errors: Record<string, string> = {};
    // A sent field its showWhen hides is refused, unless the wizard's body (stepPayload: the fields the form's
    // branches pin, then the flow file's `submit.transform`) puts exactly that value there for these answers: the
    // spec's body has some hidden fields filled in (an adult's is_home_schooled false, a student's employer 'Not Applicable').
    // A refused value is validated too, so a schema message for it (e.g. 'Country must be TT when not employed.')
    // wins over the general one; either way the step is refused and nothing is stored.
    // Which sent fields showWhen hides, given the derived answers (a field the transform cleared counts as sent).
    const hidden = hiddenPaths(body, withoutHiddenFields(schema, uiSchema, { ...body, ...derived }, facts));
    const refused: string[] = [];
    if (hidden.length) {
      const expected = stepPayload(submitTransformOf(formId), { schema, uiSchema }, data, { today, facts });
      for (const path of hidden) {
        const value = valueAt(expected, path);
        if (value === undefined || JSON.stringify(value) !== JSON.stringify(valueAt(body, path))) refused.push(path);
        data = withValueAt(data, path, valueAt(body, path));
      }
    }
    if (!validate(data)) Object.assign(errors, ajvErrorsToFieldErrors(validate.errors));
    for (const path of refused) errors[path] ??= REQUEST_TEXTS.hiddenField;
    // " " or a zero-width space passes minLength 1 but leaves the field empty on every screen: each blank answer is
    // validated as the empty answer it shows as, so a field the form requires (however: minLength, pattern, a
    // conditional rule) is refused with the form's own message for an empty field.
    const blank = clearBlankText(data);
    if (blank.paths.length && !validate(blank.value)) {
      const asEmpty = ajvErrorsToFieldErrors(validate.errors);
      // The reason it shows as empty wins over what the text's characters broke (a name pattern's message).
      for (const path of blank.paths) if (asEmpty[path]) errors[path] = asEmpty[path];
    }
    // Likewise a line break is the reason, whatever else the text breaks.
    for (const [field, message] of Object.entries(lineBreaksInSingleLineText(schema, data))) errors[field] = message;
    for (const [field, message] of Object.entries(formRuleErrors(schema, data, { today, facts }))) if (!(field in errors)) errors[field] = message;
    return { data, errors };
  }
}

export type FormValidator = ReturnType<typeof createFormValidator>;

/** Splits the transport field signup_id from a body; a body without it cannot name its applicant. */
export function takeSignupId(body: unknown): { signupId: string; data: FormData } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(API_TEXTS.bodyNotObject);
  const { signup_id: signupId, ...data } = body as FormData;
  if (typeof signupId !== 'string' || !signupId) {
    throw badRequest(ONBOARDING_TEXTS.noSignupId, { signup_id: ONBOARDING_TEXTS.noSignupId });
  }
  return { signupId, data };
}
