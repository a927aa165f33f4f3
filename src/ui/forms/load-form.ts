import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { deepEquals, type ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { JsonObject } from '../../shared/forms/form-registry';
import { isConstOption } from '../../shared/forms/const-option';

/** A form as the browser uses it: schema and UI schema from forms/, and its precompiled validator. */
export interface LoadedForm {
  id: string;
  schema: JsonObject;
  uiSchema: JsonObject;
  validator: ValidatorType;
}


/** What scripts/compile-validators.ts writes for one form. */
export interface CompiledFormModule {
  default: ValidatorFunctions;
  formId: string;
  schema: JsonObject;
  uiSchema: JsonObject;
}

// The generated modules are code-split: a page loads only the forms it shows.
const modules = import.meta.glob<CompiledFormModule>('../generated/forms/*.js');
const cache = new Map<string, Promise<LoadedForm>>();

/** Turns a generated module into a LoadedForm (also used by tests with modules compiled from a copy of forms/). */
export function formFromModule(mod: CompiledFormModule): LoadedForm {
  const validator = createPrecompiledValidator(mod.default, mod.schema);
  // RJSF checks that each schema it validates with is the compiled root; we hand it the root without `$data`
  // consts (below), and validation always runs the compiled root and its compiled sub-schemas, so skip the check.
  const precompiled = validator as unknown as { ensureSameRootSchema: () => boolean; getValidator: (schema: object) => (data: unknown) => boolean };
  precompiled.ensureSameRootSchema = () => true;
  // List options are not compiled (src/shared/forms/const-option.ts): data matches one when it equals its value.
  const compiled = precompiled.getValidator.bind(validator);
  precompiled.getValidator = (schema) => (isConstOption(schema) ? (data: unknown) => deepEquals(data, schema.const) : compiled(schema));
  return { id: mod.formId, schema: withoutDataConsts(mod.schema), uiSchema: mod.uiSchema, validator };
}

/**
 * The schema RJSF renders from, without `const: { $data: ... }` ("Confirm Password" equals "Password"). When
 * an if/then of the form flips on a change, RJSF sanitises the data against the new schema and clears any value
 * that differs from its field's `const` — a `$data` reference is an object, so the typed confirmation was
 * dropped. The compiled validator keeps the rule and its message.
 */
export function withoutDataConsts<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutDataConsts) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const' && value && typeof value === 'object' && '$data' in value) continue;
    out[key] = withoutDataConsts(value);
  }
  return out as T;
}

/** Every form id the build knows. */
export function knownFormIds(): string[] {
  return Object.keys(modules)
    .map((p) => p.replace(/^.*\//, '').replace(/\.js$/, '').replace('--', '/'))
    .sort();
}

/** Loads a form by id ("onboarding/basic-info"); rejects with a plain message for an unknown id. */
export function loadForm(formId: string): Promise<LoadedForm> {
  let pending = cache.get(formId);
  if (!pending) {
    const loader = modules[`../generated/forms/${formId.replace('/', '--')}.js`];
    pending = loader ? loader().then(formFromModule) : Promise.reject(new Error(`Unknown form "${formId}": no forms/${formId}.schema.json`));
    cache.set(formId, pending);
    // A load that failed (a dropped connection) is tried again the next time the form is asked for.
    pending.catch(() => cache.delete(formId));
  }
  return pending;
}
