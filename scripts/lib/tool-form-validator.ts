import { createAjv } from '../../src/shared/create-ajv';
import type { FormSources } from '../../src/shared/forms/form-registry';
import { compiledOncePerProcess, createFormValidator, type FormValidator } from '../../src/server/lib/form-validation';

let ajv: ReturnType<typeof createAjv> | undefined;
/** Each distinct schema compiled once in the process: journeys:generate compiled every form again for each path it wrote. */
const compileOnce = compiledOncePerProcess(() => (ajv ??= createAjv()));

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
