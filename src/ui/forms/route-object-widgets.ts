import type { JsonObject } from '../../shared/forms/form-registry';

/** An object-typed node whose `ui:widget` is a checklist renders through the checklist field instead. */
export function routeObjectWidgets(uiSchema: JsonObject, schema: JsonObject): JsonObject {
  const out: JsonObject = { ...uiSchema };
  if (schema?.type === 'object' && uiSchema['ui:widget'] === 'document-checklist') out['ui:field'] = 'document-checklist';
  for (const [key, sub] of Object.entries<JsonObject>(schema?.properties ?? {})) if (uiSchema[key] && typeof uiSchema[key] === 'object') out[key] = routeObjectWidgets(uiSchema[key], sub);
  return out;
}
