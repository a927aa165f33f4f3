/** Small helpers the checker's parts share: JSON pointers and the field names a schema or condition declares. */

export type At = Array<string | number>;
import type { JsonObject as Json } from '../forms/form-registry';

/** A JSON pointer (RFC 6901) from path parts. */
export const pointer = (parts: At) => `/${parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Field names declared in if/then/else/allOf/anyOf/oneOf branches of an object schema (conditional fields). */
export function allBranchProps(schema: Json): Set<string> {
  const out = new Set<string>();
  const visit = (s: Json) => {
    if (!s || typeof s !== 'object') return;
    for (const k of Object.keys(s.properties ?? {})) out.add(k);
    for (const key of ['then', 'else']) visit(s[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) (Array.isArray(s[key]) ? s[key] : []).forEach(visit);
  };
  for (const key of ['then', 'else']) visit(schema?.[key]);
  for (const key of ['allOf', 'anyOf', 'oneOf']) (Array.isArray(schema?.[key]) ? schema[key] : []).forEach(visit);
  return out;
}

/** An object schema's fields with their schemas: its `properties` and those its branches declare (a typed one wins). */
export function fieldSchemas(schema: Json | undefined): Map<string, Json> {
  const out = new Map<string, Json>();
  const visit = (s: Json) => {
    if (!s || typeof s !== 'object') return;
    for (const [name, sub] of Object.entries<Json>(s.properties && typeof s.properties === 'object' ? s.properties : {})) if (!out.get(name)?.type) out.set(name, sub);
    for (const key of ['then', 'else']) visit(s[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) (Array.isArray(s[key]) ? s[key] : []).forEach(visit);
  };
  if (schema) visit(schema);
  return out;
}

/** An object schema's fields: its `properties` and those its branches declare. */
export function fieldsOf(schema: Json | undefined): Set<string> {
  return new Set(fieldSchemas(schema).keys());
}

/** An object schema's file fields (its own and its branches'): lists of names carrying `maxFileSize` or `fileTypes`. */
export function fileFieldSchemas(schema: Json | undefined): Map<string, Json> {
  return new Map([...fieldSchemas(schema)].filter(([, p]) => p && typeof p === 'object' && (p.maxFileSize !== undefined || p.fileTypes !== undefined)));
}

/** Names a condition's `properties` and `required` use, at every level of allOf/anyOf/oneOf/not. */
export function conditionFieldNames(condition: unknown): Set<string> {
  const used = new Set<string>();
  const collect = (s: Json) => {
    if (!s || typeof s !== 'object') return;
    Object.keys(s.properties ?? {}).forEach((k) => used.add(k));
    (Array.isArray(s.required) ? s.required : []).forEach((k: string) => used.add(k));
    ['allOf', 'anyOf', 'oneOf'].forEach((k) => (Array.isArray(s[k]) ? s[k] : []).forEach(collect));
    collect(s.not);
  };
  collect(condition as Json);
  return used;
}
