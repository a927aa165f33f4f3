import type { JsonObject as Json } from '../../shared/forms/form-registry';

const isIndex = (part: string) => /^\d+$/.test(part);

/** A property of an object schema, also one that only an if/then branch or an allOf part declares. */
function propertyOf(schema: Json | undefined, name: string): Json | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.properties?.[name]) return schema.properties[name];
  for (const part of schema.allOf ?? []) {
    const found = propertyOf(part, name) ?? propertyOf(part?.then, name) ?? propertyOf(part?.else, name);
    if (found) return found;
  }
  return propertyOf(schema.then, name) ?? propertyOf(schema.else, name);
}

/** A node drawn whole by one widget or field (a file list, a checklist, a multi-select): its parts have no place of their own. */
const drawnWhole = (ui: Json | undefined) => Boolean(ui?.['ui:widget'] || ui?.['ui:field']);
const isHidden = (ui: Json | undefined) => ui?.['ui:widget'] === 'hidden' || ui?.['ui:field'] === 'hidden-by-condition';

/**
 * Where a message about `path` (["primary_id_files", "0"]) can be seen in a rendered form: the path of the
 * nearest node on the way that draws it (a widget that draws a whole list shows its items' messages), or
 * null when no visible field can show it (a hidden field, a field the schema does not have, the root of a
 * plain object form). Null messages go to the form's alert, so a refused submit never stays silent.
 */
export function placeError(path: readonly string[], schema: Json, uiSchema: Json): string[] | null {
  let node: Json | undefined = schema;
  let ui: Json | undefined = uiSchema;
  const placed: string[] = [];
  for (const part of path) {
    if (placed.length > 0 && drawnWhole(ui)) break;
    const next: Json | undefined = isIndex(part) ? (Array.isArray(node?.items) ? node?.items[Number(part)] : node?.items) : propertyOf(node, part);
    if (!next) return null;
    node = next;
    ui = isIndex(part) ? ui?.items : ui?.[part];
    placed.push(part);
  }
  if (isHidden(ui)) return null;
  if (placed.length === 0) return drawnWhole(uiSchema) ? [] : null;
  return placed;
}

/** An RJSF error property (".a.b", ".a[0]", ".a['b c']") as path parts. */
export function propertyPath(property: string | undefined): string[] {
  return (property ?? '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\['([^']+)'\]/g, '.$1')
    .split('.')
    .filter(Boolean);
}
