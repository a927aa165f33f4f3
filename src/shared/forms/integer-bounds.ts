/** The database's integer range (Postgres `integer` / `serial`): every id column and every integer we store. */
export const DB_INTEGER_MIN = -2147483648;
export const DB_INTEGER_MAX = 2147483647;

import type { JsonObject as Schema } from './form-registry';

const inRange = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= DB_INTEGER_MIN && n <= DB_INTEGER_MAX;

function allowsInteger(schema: Schema): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}

/** An integer keyword is bounded when an enum/const pins it, or minimum and maximum keep it inside the integer range. */
function isBounded(schema: Schema): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.every((v: unknown) => typeof v !== 'number' || inRange(v));
  if ('const' in schema) return typeof schema.const !== 'number' || inRange(schema.const);
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  if (typeof low === 'number' && typeof high === 'number' && low >= DB_INTEGER_MIN && high <= DB_INTEGER_MAX) return true;
  // A list of options (oneOf/anyOf of consts, as forms/lists write them) is bounded when every option is; allOf when one part is.
  const branches = (key: string): Schema[] => (Array.isArray(schema[key]) ? schema[key].filter((b: unknown) => b && typeof b === 'object') : []);
  if (['oneOf', 'anyOf'].some((key) => branches(key).length > 0 && branches(key).every(isBounded))) return true;
  return branches('allOf').some(isBounded);
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * JSON pointers of the integer fields of a schema whose accepted range reaches beyond the database's
 * integer range (no minimum/maximum, or wider ones). Such a value passes validation and then fails in
 * the database (a 500 instead of a 400), so the server refuses to register a route with one and the
 * config checker reports them in forms/.
 */
export function unboundedIntegers(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const node = schema as Schema;
  const found: string[] = allowsInteger(node) && !isBounded(node) ? [at || '/'] : [];
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
    if (node[key] && typeof node[key] === 'object') {
      for (const [name, sub] of Object.entries(node[key])) found.push(...unboundedIntegers(sub, `${at}/${key}/${escape(name)}`));
    }
  }
  for (const key of ['items', 'additionalProperties', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames']) {
    if (Array.isArray(node[key])) node[key].forEach((sub: unknown, i: number) => found.push(...unboundedIntegers(sub, `${at}/${key}/${i}`)));
    else found.push(...unboundedIntegers(node[key], `${at}/${key}`));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    if (Array.isArray(node[key])) node[key].forEach((sub: unknown, i: number) => found.push(...unboundedIntegers(sub, `${at}/${key}/${i}`)));
  }
  return found;
}
