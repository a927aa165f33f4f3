import type { JsonObject } from '../../shared/forms/form-registry';

/** The fields of a flat form in `ui:order` (a `"*"` stands for the fields it does not name; without one they follow), else the schema's order. */
export function flatFieldOrder(schema: JsonObject, uiSchema: JsonObject): string[] {
  const fields = Object.keys(schema.properties ?? {});
  const order: unknown = uiSchema['ui:order'];
  if (!Array.isArray(order)) return fields;
  const named = new Set(order.filter((f): f is string => typeof f === 'string' && fields.includes(f)));
  const rest = fields.filter((f) => !named.has(f));
  const placed = order.flatMap((f) => (f === '*' ? rest : named.has(f) ? [f as string] : []));
  return order.includes('*') ? placed : [...placed, ...rest];
}
