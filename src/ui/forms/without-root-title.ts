import type { JsonObject } from '../../shared/forms/form-registry';

/** RJSF's `label: false` on an object drops its title and description (nested objects keep theirs). */
export function withoutRootTitle(uiSchema: JsonObject, hide?: boolean): JsonObject {
  return hide ? { ...uiSchema, 'ui:options': { ...uiSchema['ui:options'], label: false } } : uiSchema;
}
