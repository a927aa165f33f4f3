import type { JsonObject } from '../../shared/forms/form-registry';
import { withoutHiddenFields } from '../../shared/forms/visible-fields';
import { formOnlyRequiredErrors } from '../../shared/forms/form-only-required';
import { formRuleErrors } from '../../shared/transforms/form-rules';
import { today } from '../../shared/dates/today';

/**
 * The rules a static schema cannot hold (the date keywords of src/shared/transforms/form-rules.ts)
 * for the visible data: the server runs the same function, so the same message shows under the field before
 * submit. (Not RJSF's customValidate: with a precompiled validator it re-resolves if/then schemas and throws.)
 */
export function formRuleFieldErrors(schema: JsonObject, uiSchema: JsonObject, data: unknown, facts?: Record<string, unknown>): Record<string, string> {
  const shown = withoutHiddenFields(schema, uiSchema, (data ?? {}) as Record<string, unknown>, facts);
  return { ...formOnlyRequiredErrors(schema, uiSchema, shown), ...formRuleErrors(schema, shown, { today: today(), facts }) };
}
