import { matchesCondition } from '../flow/matches-condition';

import type { JsonObject as Json } from './form-registry';

/** A field's `ui:options.showWhen` (a JSON Schema over the data of the object holding it), if any. */
function showWhenOf(ui: unknown): Json | boolean | undefined {
  const options = ui && typeof ui === 'object' ? (ui as Json)['ui:options'] : undefined;
  return options && typeof options === 'object' ? options.showWhen : undefined;
}

type Facts = Record<string, unknown>;

/** What a `showWhen` reads: the applicant's facts (the flow file's `facts`), and the fields beside the one it hides (these win). */
const conditionData = (record: Json, facts: Facts | undefined): Json => (facts ? { ...facts, ...record } : record);

/**
 * One pass: the data without the fields whose `showWhen` does not hold, for this object and the objects
 * nested in it. The condition reads the data of the object that holds the field (its siblings) and the
 * applicant's facts. The same object comes back when nothing was removed, so a caller tells a change by identity.
 */
function prune(schema: Json | undefined, uiSchema: Json | undefined, data: unknown, facts: Facts | undefined): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !schema?.properties) return data;
  const record = data as Json;
  let out: Json | undefined;
  for (const [field, sub] of Object.entries<Json>(schema.properties)) {
    if (!Object.hasOwn(record, field)) continue;
    const ui = uiSchema?.[field];
    const when = showWhenOf(ui);
    if (when !== undefined && !matchesCondition(when, conditionData(record, facts))) {
      out ??= { ...record };
      delete out[field];
    } else {
      const inner = prune(sub, ui, record[field], facts);
      if (inner !== record[field]) (out ??= { ...record })[field] = inner;
    }
  }
  return out ?? data;
}

/**
 * The form data with every field hidden by its `showWhen` removed (forms/README.md "Visibility"): a hidden
 * field is neither shown nor sent. Repeated until stable, so a field shown only by a hidden field goes too.
 */
export function withoutHiddenFields<T>(schema: Json, uiSchema: Json, data: T, facts?: Facts): T {
  let current: unknown = data;
  for (let i = 0; i < 10; i++) {
    const next = prune(schema, uiSchema, current, facts);
    if (next === current) return next as T;
    current = next;
  }
  return current as T;
}

/**
 * The UI schema with every field whose `showWhen` does not hold (against `data`, already pruned) marked
 * with `hiddenField` (e.g. `{ 'ui:field': 'hidden-by-condition', 'ui:widget': 'hidden' }`), nested objects too.
 */
export function hideFieldsInUiSchema(schema: Json, uiSchema: Json, data: unknown, hiddenField: Json, facts?: Facts): Json {
  if (!schema?.properties) return uiSchema;
  const record = data && typeof data === 'object' && !Array.isArray(data) ? (data as Json) : {};
  const out: Json = { ...uiSchema };
  for (const [field, sub] of Object.entries<Json>(schema.properties)) {
    const ui = uiSchema?.[field];
    const when = showWhenOf(ui);
    if (when !== undefined && !matchesCondition(when, conditionData(record, facts))) out[field] = { ...(ui as Json), ...hiddenField };
    else if (ui && typeof ui === 'object' && sub?.type === 'object') out[field] = hideFieldsInUiSchema(sub, ui, record[field], hiddenField, facts);
  }
  return out;
}
