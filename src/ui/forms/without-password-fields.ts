import type { JsonObject } from '../../shared/forms/form-registry';
import { HIDDEN_BY_CONDITION } from './fields/hidden-by-condition-field';
import { PASSWORD_WIDGETS } from '../../shared/forms/widget-fields';

/** Review mode: a password is never shown back (an empty password box on a review page only confuses). */
export function withoutPasswordFields(uiSchema: JsonObject): JsonObject {
  const out: JsonObject = { ...uiSchema };
  for (const [key, sub] of Object.entries<JsonObject>(uiSchema)) {
    if (key.startsWith('ui:') || !sub || typeof sub !== 'object') continue;
    out[key] = PASSWORD_WIDGETS.includes(sub['ui:widget']) ? { ...sub, ...HIDDEN_BY_CONDITION } : withoutPasswordFields(sub);
  }
  return out;
}
