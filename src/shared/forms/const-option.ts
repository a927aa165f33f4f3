/**
 * A list option as forms/lists write them: `{ "const": "TT", "title": "Trinidad and Tobago" }`, nothing but a
 * value and its words. RJSF asks its validator whether data matches such an option once per option (to pick a
 * list's default), which a compiled validator would answer with one generated function per option: the
 * 249-country list alone became about 250 functions in every form that uses it. Such a schema holds exactly
 * when the data equals its `const`, so the build leaves these out (scripts/lib/compile-form-validators.ts) and
 * the browser answers them with a comparison (src/ui/forms/load-form.ts).
 */
const OPTION_KEYS = new Set(['const', 'title', 'description', '$comment', '$id']);

export function isConstOption(schema: unknown): schema is { const: unknown } {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema) || !('const' in schema)) return false;
  const value = (schema as { const: unknown }).const;
  // A `{ "$data": ... }` const compares with another field: only ajv can answer it.
  if (value && typeof value === 'object' && '$data' in value) return false;
  return Object.keys(schema).every((key) => OPTION_KEYS.has(key));
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The schema with every list (`oneOf` or `anyOf` of distinct const options) written as the `enum` it is
 * equivalent to, for compiling only: ajv writes a `oneOf` as one block of code per option with its own error
 * (about 14 lines each, so the country list was 3,500 lines in each validator holding it), an `enum` as one
 * test. A message keyed to the list's keyword (`errorMessage.oneOf`) follows it. The browser still renders the
 * form's own schema, with its titles.
 */
export function listsAsEnums<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(listsAsEnums) as T;
  if (!isRecord(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) out[key] = listsAsEnums(value);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options) || options.length === 0 || 'enum' in schema || !options.every(isConstOption)) continue;
    const values = options.map((o) => (o as { const: unknown }).const);
    // Two options with one value make a oneOf refuse it, where an enum would accept it: leave those alone.
    if (keyword === 'oneOf' && new Set(values.map((v) => JSON.stringify(v))).size !== values.length) continue;
    delete out[keyword];
    out.enum = values;
    if (isRecord(out.errorMessage) && keyword in out.errorMessage) {
      const { [keyword]: message, ...rest } = out.errorMessage;
      out.errorMessage = { ...rest, enum: message };
    }
    break;
  }
  return out as T;
}
