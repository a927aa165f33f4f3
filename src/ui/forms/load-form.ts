import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';

/** A form as the browser uses it: schema and UI schema from forms/, and its precompiled validator. */
export interface LoadedForm {
  id: string;
  schema: Record<string, any>;
  uiSchema: Record<string, any>;
  validator: ValidatorType<any, any, any>;
}

/** What scripts/compile-validators.ts writes for one form. */
export interface CompiledFormModule {
  default: Record<string, any>;
  formId: string;
  schema: Record<string, any>;
  uiSchema: Record<string, any>;
}

// The generated modules are code-split: a page loads only the forms it shows.
const modules = import.meta.glob<CompiledFormModule>('../generated/forms/*.js');
const cache = new Map<string, Promise<LoadedForm>>();

/** Turns a generated module into a LoadedForm (also used by tests with modules compiled from a copy of forms/). */
export function formFromModule(mod: CompiledFormModule): LoadedForm {
  return { id: mod.formId, schema: mod.schema, uiSchema: mod.uiSchema, validator: createPrecompiledValidator(mod.default as any, mod.schema as any) };
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
  }
  return pending;
}
