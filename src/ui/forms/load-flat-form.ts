import type { JsonObject } from '../../shared/forms/form-registry';
import { firstFieldMessages } from '../../shared/forms/first-field-messages';
import { formOnlyRequiredErrors } from '../../shared/forms/form-only-required';

type CompiledValidate = ((data: unknown) => boolean) & { errors?: Parameters<typeof firstFieldMessages>[0] };

/** What scripts/compile-validators.ts writes for one form (the same modules SchemaForm loads). */
interface CompiledFlatModule {
  default: Record<string, CompiledValidate>;
  formId: string;
  schema: JsonObject;
  uiSchema: JsonObject;
}

/** A flat form (an object of string fields) as FlatForm renders it: schema, UI schema, and its field messages. */
export interface FlatFormDefinition {
  id: string;
  schema: JsonObject;
  uiSchema: JsonObject;
  /** The schema's `title` and `description`: the page's heading and introduction where a page is this one form. */
  title: string;
  description: string;
  /** Field -> message for the values (empty text counts as missing), in the schema's words. */
  validate: (values: Record<string, string>) => Record<string, string>;
}

// The same generated modules SchemaForm uses, without RJSF: a flat form needs only its root validator.
const modules = import.meta.glob<CompiledFlatModule>('../generated/forms/*.js');
const cache = new Map<string, Promise<FlatFormDefinition>>();

/** Turns a generated module into a FlatFormDefinition; throws when the form is not flat (one compiled schema). */
export function flatFormFromModule(mod: CompiledFlatModule): FlatFormDefinition {
  const validators = Object.values(mod.default);
  if (validators.length !== 1) throw new Error(`Form "${mod.formId}" is not a flat form (an object of string fields); render it with SchemaForm.`);
  const [compiled] = validators;
  const { schema, uiSchema } = mod;
  return {
    id: mod.formId,
    schema,
    uiSchema,
    title: typeof schema.title === 'string' ? schema.title : '',
    description: typeof schema.description === 'string' ? schema.description : '',
    validate(values) {
      // As RJSF does: an empty text box is an absent value, so the required message shows.
      const data = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
      const messages = compiled(data) ? {} : firstFieldMessages(compiled.errors);
      return { ...formOnlyRequiredErrors(schema, uiSchema, data), ...messages };
    },
  };
}

/** Loads a flat form by id ("auth/sign-in"); rejects with a plain message for an unknown id. */
export function loadFlatForm(formId: string): Promise<FlatFormDefinition> {
  let pending = cache.get(formId);
  if (!pending) {
    const loader = modules[`../generated/forms/${formId.replace('/', '--')}.js`];
    pending = loader ? loader().then(flatFormFromModule) : Promise.reject(new Error(`Unknown form "${formId}": no forms/${formId}.schema.json`));
    cache.set(formId, pending);
  }
  return pending;
}
