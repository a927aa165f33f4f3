/**
 * Compiles a form with ajv in strict mode, with the project's own keywords registered: a misspelt keyword
 * (`maxlength`) or format is an error with its JSON path, not a rule silently dropped on both sides.
 */
import type Ajv from 'ajv';
import { createAjv } from '../create-ajv.js';
import { DATE_KEYWORDS, FIELD_COMPARISON_KEYWORDS } from '../transforms/form-rules.js';
import { OPTION_RULES_KEYWORD } from '../forms/option-rules.js';
import type { Problem } from './check-config.js';
import { pointer, type At } from './schema-walk.js';

import type { JsonObject as Json } from '../forms/form-registry.js';

/**
 * strictTypes and strictRequired stay off: the forms' if/then branches narrow a field (`pattern` without
 * `type`) and require fields the enclosing object declares, which is how they are meant to be written.
 * A required field that no `properties` declare is the checker's own rule (form-mistakes.ts).
 */
function strictFormAjv(): Ajv {
  const ajv = createAjv({ strict: true, strictTypes: false, strictRequired: false });
  for (const keyword of DATE_KEYWORDS) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword, schemaType: ['boolean', 'number'] });
  for (const keyword of FIELD_COMPARISON_KEYWORDS) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword, schemaType: 'string' });
  // Option rules are applied outside ajv too (src/shared/forms/option-rules.ts), on both sides.
  if (!ajv.getKeyword(OPTION_RULES_KEYWORD)) ajv.addKeyword({ keyword: OPTION_RULES_KEYWORD, schemaType: 'array' });
  return ajv;
}

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];
const SCHEMA_ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems'];

/** The JSON paths of the schema nodes (not field names, not values) that carry `keyword`. */
export function keywordPaths(schema: unknown, keyword: string, at: At = []): At[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const node = schema as Json;
  const found: At[] = keyword in node ? [[...at, keyword]] : [];
  for (const key of SCHEMA_MAPS) {
    if (node[key] && typeof node[key] === 'object') for (const [name, sub] of Object.entries(node[key])) found.push(...keywordPaths(sub, keyword, [...at, key, name]));
  }
  for (const key of SCHEMA_LISTS) if (Array.isArray(node[key])) node[key].forEach((sub: unknown, i: number) => found.push(...keywordPaths(sub, keyword, [...at, key, i])));
  for (const key of SCHEMA_ONE) if (node[key] && typeof node[key] === 'object' && !Array.isArray(node[key])) found.push(...keywordPaths(node[key], keyword, [...at, key]));
  return found;
}

const KNOWN = ['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'pattern', 'format', 'enum', 'const', 'oneOf', 'anyOf', 'allOf', 'required', 'properties', 'additionalProperties', 'uniqueItems', 'multipleOf', 'errorMessage', 'title', 'description', 'default', 'items', 'type', 'maxFileSize', 'fileTypes', 'totalPercent', 'uniqueBy', OPTION_RULES_KEYWORD, ...DATE_KEYWORDS, ...FIELD_COMPARISON_KEYWORDS];

const suggestion = (keyword: string) => KNOWN.find((k) => k.toLowerCase() === keyword.toLowerCase().replace(/[-_]/g, ''));

const withoutKey = (schema: unknown, at: At): unknown => {
  const copy = structuredClone(schema) as Json;
  let node: Json | undefined = copy;
  for (const part of at.slice(0, -1)) node = node?.[part];
  if (node && typeof node === 'object') delete node[at[at.length - 1]];
  return copy;
};

/**
 * Compiles `schema` in strict mode on `ajv`, then removes every schema it added, so each compile starts from what a
 * new instance would hold.
 */
function compileStrict(ajv: Ajv, schema: Json): void {
  try {
    ajv.compile(schema);
  } finally {
    ajv.removeSchema();
  }
}

/**
 * What strict mode said of a schema, by the form's file and the schema's text: compiling is most of a check (a form
 * with the country list takes 0.1-0.3 s), and a check after an edit (the server's at a restart, the tests' of one
 * changed form) asks again about every form that did not change.
 */
const strictResults = new Map<string, Problem[]>();
let strictAjv: Ajv | undefined;
let strictCompiles = 0;

/** Every strict-mode complaint about a form schema (one compile per complaint, the offending key taken out). */
export function strictSchemaProblems(file: string, schema: Json): Problem[] {
  const key = `${file}\0${JSON.stringify(schema)}`;
  const known = strictResults.get(key);
  if (known) return known.map((p) => ({ ...p }));
  // One instance serves many compiles (a new ajv compiles its meta-schemas and keywords again), and is replaced now
  // and then: the values compiled code refers to (patterns, formats) stay in its scope after the schema is removed.
  if (!strictAjv || ++strictCompiles % 200 === 0) strictAjv = strictFormAjv();
  const problems = strictCompileProblems(file, schema, strictAjv);
  if (strictResults.size >= 500) strictResults.delete(strictResults.keys().next().value!);
  strictResults.set(key, problems);
  return problems.map((p) => ({ ...p }));
}

const valueAt = (schema: unknown, where: At): unknown => where.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), schema);

function compiles(pattern: unknown): boolean {
  try {
    new RegExp(String(pattern), 'u');
    return true;
  } catch {
    return false;
  }
}

/** Where in the schema a compile error is, when ajv names no place: the `$ref` it cannot resolve, the pattern that is no regular expression. */
function culprit(schema: unknown, message: string): At | undefined {
  const ref = /can't resolve reference (\S+)/.exec(message)?.[1];
  if (ref) return keywordPaths(schema, '$ref').find((where) => valueAt(schema, where) === ref);
  if (/regular expression/i.test(message)) return keywordPaths(schema, 'pattern').find((where) => !compiles(valueAt(schema, where)));
  return undefined;
}

function strictCompileProblems(file: string, schema: Json, ajv: Ajv): Problem[] {
  const problems: Problem[] = [];
  let current: unknown = schema;
  for (let round = 0; round < 20; round++) {
    try {
      compileStrict(ajv, current as Json);
      return problems;
    } catch (error) {
      const message = (error as Error).message.replace(/^strict mode: /, '');
      const unknown = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
      const at = /at (?:path )?"#([^"]*)"/.exec(message)?.[1];
      if (unknown) {
        const where = keywordPaths(current, unknown)[0] ?? [];
        const close = suggestion(unknown);
        problems.push({ file, path: pointer(where), message: `unknown schema keyword "${unknown}": ajv (strict mode) would ignore it, so its rule would not apply`, hint: close ? `Did you mean "${close}"? Keywords are case-sensitive.` : 'Check the spelling against forms/form.meta.schema.json (your editor completes the keywords).' });
        if (!where.length) return problems;
        current = withoutKey(current, where);
        continue;
      }
      const where = culprit(current, message);
      problems.push({ file, path: where ? pointer(where) : at ? at || '/' : '/', message: `the schema does not compile (ajv strict mode): ${message.replace(/ at (path )?"#[^"]*"/, '')}`, hint: 'See forms/README.md "Checking your changes" and forms/form.meta.schema.json for the keywords a form may use.' });
      return problems;
    }
  }
  return problems;
}
