import type { JsonObject } from '../../shared/forms/form-registry.js';

/**
 * A route's body schema from one or more forms' schemas (forms/, lists inlined) plus the transport fields the
 * specification's call carries beside the form's fields (device_info, the reset's fixed fields, user_id...). The
 * forms' rules and messages stay as written (ajv-errors), their required fields stay required, and the body stays
 * closed (`additionalProperties: false`), so the server accepts exactly the specification's bodies.
 */
export function formBody(forms: JsonObject[], transport: Record<string, JsonObject>, transportRequired: string[] = []): JsonObject {
  const properties: Record<string, JsonObject> = { ...transport };
  const required = new Set(transportRequired);
  const requiredMessages: Record<string, string> = {};
  for (const form of forms) {
    Object.assign(properties, form.properties);
    for (const field of form.required ?? []) required.add(field);
    Object.assign(requiredMessages, form.errorMessage?.required ?? {});
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: [...required],
    properties,
    ...(Object.keys(requiredMessages).length ? { errorMessage: { required: requiredMessages } } : {}),
  };
}
