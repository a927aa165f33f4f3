import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../src/shared/create-ajv';
import type { FormSources, JsonObject } from '../../src/shared/forms/form-registry';
import { createFormValidator, type FormValidator } from '../../src/server/lib/form-validation';

/**
 * Each distinct schema compiled once in the process: the journey tools check the same forms again and again, often
 * as a copy with one form changed (a test's or an analyst's edit), and compiling the forms took about 1.5 s each
 * time (journeys:generate compiled them all again for every path it wrote).
 */
const compiledByText = new Map<string, ValidateFunction>();
let ajv: ReturnType<typeof createAjv> | undefined;
const compileOnce = {
  compile(schema: JsonObject): ValidateFunction {
    const text = JSON.stringify(schema);
    let validate = compiledByText.get(text);
    if (!validate) compiledByText.set(text, (validate = (ajv ??= createAjv()).compile(structuredClone(schema))));
    return validate;
  },
};

const validators = new WeakMap<FormSources, FormValidator>();

/**
 * The server's own form validation (schema, visibility, option and date rules) for the journey tools and
 * config:impact: one per set of forms, on the machine's clock.
 */
export function toolFormValidator(forms: FormSources): FormValidator {
  let validator = validators.get(forms);
  if (!validator) validators.set(forms, (validator = createFormValidator({ sources: forms, ajv: compileOnce, clock: { now: () => new Date() } })));
  return validator;
}
