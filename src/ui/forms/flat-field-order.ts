import type { JsonObject } from '../../shared/forms/form-registry';

/** The fields of a flat form in `ui:order` (a `"*"` stands for the fields it does not name), else the schema's order. */
export function flatFieldOrder(schema: JsonObject, uiSchema: JsonObject): string[] {
  const fields = Object.keys(schema.properties ?? {});
  const order: unknown = uiSchema['ui:order'];
  if (!Array.isArray(order)) return fields;
  const named = order.filter((f): f is string => typeof f === 'string' && f !== '*' && fields.includes(f));
  const rest = fields.filter((f) => !named.includes(f));
  const star = order.indexOf('*');
  return star === -1 ? [...named, ...rest] : [...named.slice(0, star), ...rest, ...named.slice(star)];
}
