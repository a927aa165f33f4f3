import type { FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { resolveForm } from '../../../shared/forms/form-registry.js';
import { readFormsDir } from '../../../shared/forms/read-forms-dir.js';
import { badRequest } from '../../lib/http-errors.js';
import { ajvErrorsToFieldErrors } from '../../../shared/api-error.js';
import { deriveFormData, formRuleErrors } from '../../../shared/transforms/form-rules.js';
import { today as creditUnionToday } from '../../../shared/dates/today.js';
import type { FormData } from '../../../shared/transforms/types.js';
import type { ApplicantContext } from '../../../shared/facts/applicant-context.js';
import { factsWithStepData } from '../../../shared/facts/declared-facts.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';

export const VALIDATION_MESSAGE = 'Please correct the highlighted fields.';

interface CompiledForm {
  schema: Record<string, any>;
  validate: ValidateFunction;
}

/**
 * Validates a step's body with the SAME forms/ schema the browser uses (DESIGN.md section 3): the
 * form's `x-transform` derives its computed fields with the server's clock, ajv checks the schema, then
 * the date keywords run. Any failure is a 400 with the field messages.
 */
export function createStepValidator(app: FastifyInstance) {
  const cache = new Map<string, CompiledForm>();
  const sources = readFormsDir();
  function compiled(formId: string): CompiledForm {
    let entry = cache.get(formId);
    if (!entry) {
      const schema = resolveForm(sources, formId).schema;
      entry = { schema, validate: app.bodyAjv.compile(schema) };
      cache.set(formId, entry);
    }
    return entry;
  }

  return {
    schemaOf(formId: string): Record<string, any> {
      return compiled(formId).schema;
    },
    /**
     * The validated (and derived) data, or a 400 with every field message. The applicant's facts come from what
     * the server holds (`context`) and what this step's data tells (its `remember` entries: basic info's dob).
     */
    validate(formId: string, body: FormData, context: ApplicantContext = {}): FormData {
      const { schema, validate } = compiled(formId);
      const today = creditUnionToday(app.clock.now());
      const facts = factsWithStepData(onboardingFlow(), formId, context, body, today);
      const data = deriveFormData(schema, body, { today, facts });
      const errors: Record<string, string> = validate(data) ? {} : ajvErrorsToFieldErrors(validate.errors);
      for (const [field, message] of Object.entries(formRuleErrors(schema, data, { today, facts }))) if (!(field in errors)) errors[field] = message;
      if (Object.keys(errors).length) throw badRequest(errors._root ?? VALIDATION_MESSAGE, errors);
      return data;
    },
  };
}

export type StepValidator = ReturnType<typeof createStepValidator>;

/** Splits the transport field signup_id from a body; a body without it cannot name its applicant. */
export function takeSignupId(body: unknown): { signupId: string; data: FormData } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const { signup_id: signupId, ...data } = body as FormData;
  if (typeof signupId !== 'string' || !signupId) {
    throw badRequest('Missing signup_id - cannot submit data.', { signup_id: 'Missing signup_id - cannot submit data.' });
  }
  return { signupId, data };
}
