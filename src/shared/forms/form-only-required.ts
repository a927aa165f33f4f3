import type { JsonObject as Json } from './form-registry';
import { fieldMessage } from './field-message';

/** The UI-schema option that makes a field required in the browser form only (forms/README.md "Required in the form only"). */
export const FORM_ONLY_REQUIRED = 'requiredInForm';

const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const fieldsOf = (schema: Json, uiSchema: Json) =>
  Object.keys(schema.properties ?? {}).filter((field) => isRecord(uiSchema[field]) && uiSchema[field]['ui:options']?.[FORM_ONLY_REQUIRED] === true);

/**
 * A field a person must fill in the form while an API client may leave it out: a confirmation such as "Verify
 * Password" (spec 2: the create-user call has no `verify_password`, the admin form asks for it). The schema keeps
 * it optional, so the server accepts the specification's body and still checks a sent value (its `const`); the
 * browser renders it as required (this schema) and refuses it empty (formOnlyRequiredErrors).
 */
export function withFormOnlyRequired<T extends Json>(schema: T, uiSchema: Json): T {
  const fields = fieldsOf(schema, uiSchema).filter((f) => !(schema.required ?? []).includes(f));
  return fields.length ? { ...schema, required: [...(schema.required ?? []), ...fields] } : schema;
}

/** Field -> message for each form-only required field left empty, in the schema's required message for it. */
export function formOnlyRequiredErrors(schema: Json, uiSchema: Json, data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const values = isRecord(data) ? data : {};
  for (const field of fieldsOf(schema, uiSchema)) {
    const value = values[field];
    if (value !== undefined && value !== null && value !== '') continue;
    out[field] = schema.errorMessage?.required?.[field] ?? fieldMessage(schema.properties[field], 'type') ?? 'This field is required';
  }
  return out;
}
