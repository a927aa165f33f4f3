import type { JsonObject } from './form-registry.js';

/** One option of a list: the value stored and the label shown. */
export interface ListOption<Value = unknown> {
  value: Value;
  title: string;
}

/** The options of a list file (forms/lists/<name>.json: `oneOf` of `{ const, title }`), in order. */
export function listOptions<Value = unknown>(list: JsonObject): Array<ListOption<Value>> {
  const entries: unknown[] = Array.isArray(list.oneOf) ? list.oneOf : [];
  return entries.map((entry) => {
    const option = entry as { const: Value; title?: unknown };
    return { value: option.const, title: typeof option.title === 'string' ? option.title : String(option.const) };
  });
}
