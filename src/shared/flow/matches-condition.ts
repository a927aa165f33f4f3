import type { JsonObject } from '../forms/form-registry';
import type { JsonSchema } from './flow-types';

/** JSON Schema keywords a transition's `when` may use (the checker reports any other). */
export const CONDITION_KEYWORDS = ['type', 'properties', 'required', 'const', 'enum', 'minItems', 'maxItems', 'not', 'allOf', 'anyOf', 'oneOf', '$comment', 'description', 'title'] as const;

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Evaluates a `when` condition against the facts (or a `showWhen` / `skipWhen` against a form's data). Facts are
 * a flat record of booleans, so a small, eval-free subset of JSON Schema is enough, and the same code runs in the
 * browser (under the CSP), on the server and in the checker.
 */
export function matchesCondition(schema: JsonSchema | boolean, value: unknown): boolean {
  if (schema === true) return true;
  if (schema === false) return false;
  const s = schema as JsonObject;
  if (s.type !== undefined) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (!types.some((t) => t === actual || (t === 'integer' && Number.isInteger(value)))) return false;
  }
  if ('const' in s && !equal(s.const, value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e: unknown) => equal(e, value))) return false;
  // How many entries a list holds (a form's list, e.g. "no beneficiary yet": maxItems 0); not a list: no constraint.
  if (Array.isArray(value) && typeof s.minItems === 'number' && value.length < s.minItems) return false;
  if (Array.isArray(value) && typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  if (Array.isArray(s.required) && (!record || !s.required.every((k: string) => k in record && record[k] !== undefined))) return false;
  if (s.properties && record) {
    for (const [key, sub] of Object.entries<JsonSchema>(s.properties)) if (key in record && !matchesCondition(sub, record[key])) return false;
  }
  if (s.not !== undefined && matchesCondition(s.not, value)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((sub: JsonSchema) => matchesCondition(sub, value))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub: JsonSchema) => matchesCondition(sub, value))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub: JsonSchema) => matchesCondition(sub, value)).length !== 1) return false;
  return true;
}

/** Keywords in a condition that matchesCondition does not understand, with their JSON paths. */
export function unsupportedConditionKeywords(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (!(CONDITION_KEYWORDS as readonly string[]).includes(key)) out.push(`${path}/${key}`);
    else if (key === 'properties' && value && typeof value === 'object') for (const [p, sub] of Object.entries(value)) out.push(...unsupportedConditionKeywords(sub, `${path}/properties/${p}`));
    else if (key === 'not') out.push(...unsupportedConditionKeywords(value, `${path}/not`));
    else if (Array.isArray(value) && ['allOf', 'anyOf', 'oneOf'].includes(key)) value.forEach((sub, i) => out.push(...unsupportedConditionKeywords(sub, `${path}/${key}/${i}`)));
  }
  return out;
}
