import { FILE_WIDGETS, PASSWORD_WIDGETS } from '../../shared/forms/widget-fields.js';
import { REQUEST_TEXTS } from '../../shared/messages.js';
import { API_TEXTS } from './api-texts.js';
import { fillText } from '../../shared/fill-text.js';

/** Lone UTF-16 surrogates: JSON can carry them (`"\ud800"`), Postgres text and jsonb cannot store them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Characters no field of the product means, refused wherever text comes in: control characters other than tab,
 * line feed and carriage return (C0, DEL, C1: a bell or an escape sequence in a name reaches an admin's screen or a
 * CSV export), the bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069: they
 * make a name or an account number display as something else, "Trojan Source"), and Unicode noncharacters
 * (U+FDD0-U+FDEF, U+FFFE, U+FFFF), and the replacement character U+FFFD: what reading bytes that are not UTF-8 makes
 * of them (a body sent as Latin-1, say), so "Renée" sent so would be stored as "Ren\uFFFDe". Letters of every script,
 * combining marks, emoji and the joiners they use (U+200C, U+200D) stay allowed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const DISALLOWED_CHARACTER = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFDD0-\uFDEF\uFFFD-\uFFFF]/;

/** True when the product accepts and the database can store the text: no NUL, no unpaired surrogate, no DISALLOWED_CHARACTER. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text) && !DISALLOWED_CHARACTER.test(text);
}

/** Deeper nesting than any form has (forms nest a few levels): refused as input the product cannot mean. */
export const MAX_NESTING = 32;

/**
 * More keys and array items in one request than any form has (the largest filled form holds well under a hundred):
 * refused before the schema runs, so a body of a hundred thousand unknown fields (each its own schema error, 12 s of
 * one core) cannot hold the server.
 */
export const MAX_VALUES = 1000;

export type InputProblem = 'unstorable' | 'tooDeep' | 'tooMany';

/**
 * The dotted path ('' for the value itself) of the first string or object key in a parsed body, query or params that
 * the database cannot store, of a value nested deeper than MAX_NESTING, or of the object or array whose entries take
 * the request past MAX_VALUES; or null. Walks with an explicit stack, so a deeply nested body cannot exhaust the call
 * stack.
 */
export function findUnstorableText(value: unknown): { path: string; problem: InputProblem } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  let values = 0;
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    // No form nests deeper than a few levels; far deeper input is refused before any code walks it recursively.
    if (depth > MAX_NESTING) return { path, problem: 'tooDeep' };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path, problem: 'unstorable' };
    } else if (Array.isArray(current)) {
      values += current.length;
      if (values > MAX_VALUES) return { path, problem: 'tooMany' };
      current.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i), depth: depth + 1 }));
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current) && typeof (current as { pipe?: unknown }).pipe !== 'function') {
      const keys = Object.keys(current);
      values += keys.length;
      if (values > MAX_VALUES) return { path, problem: 'tooMany' };
      for (const key of keys) {
        if (!isStorableText(key)) return { path, problem: 'unstorable' };
        stack.push({ value: (current as Record<string, unknown>)[key], path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** The refusal of a body past MAX_VALUES (forms/messages/api.json). */
export const tooManyValuesMessage = () => fillText(API_TEXTS.tooManyValues, { max: MAX_VALUES.toLocaleString('en-US') });

/**
 * Whitespace and the characters that show as nothing: Unicode's default-ignorable ones (soft hyphen, zero-width space
 * and joiners, word joiner, BOM, the Hangul fillers, variation selectors...) and the braille blank.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True for a non-empty string that shows as nothing: only spaces, tabs, line breaks or invisible characters. */
export function isBlankText(text: string): boolean {
  return text.length > 0 && text.replace(INVISIBLE, '') === '';
}

type SchemaNode = { type?: unknown; minLength?: unknown; pattern?: unknown; errorMessage?: unknown; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/** The message a schema gives for its own minLength (ajv-errors), or the general one. */
function requiredMessage(schema: SchemaNode, keyword: 'minLength' | 'pattern'): string {
  const message = schema.errorMessage;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') {
    const own = (message as Record<string, unknown>)[keyword] ?? (message as Record<string, unknown>).required;
    if (typeof own === 'string') return own;
  }
  return REQUEST_TEXTS.blankField;
}

/** Which keyword of a string schema demands text ("minLength" 1 or more, or a pattern the empty string fails), if any. */
function demandsText(schema: SchemaNode): 'minLength' | 'pattern' | null {
  if (typeof schema.minLength === 'number' && schema.minLength >= 1) return 'minLength';
  if (typeof schema.pattern === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test('')) return 'pattern';
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Fields a schema requires text in (`minLength` 1 or more, or a `pattern` such as "\\S" that the empty string fails) that hold only blank or invisible characters: " " or
 * a zero-width space passes `minLength: 1` yet leaves a name, an address or a comment empty on every screen.
 * Dotted paths (as ajvErrorsToFieldErrors names fields) to the field's own "required" message.
 */
export function blankRequiredText(schema: unknown, value: unknown): Record<string, string> {
  return textMessages(schema, value, (node, text) => {
    const keyword = [node.type].flat().includes('string') ? demandsText(node) : null;
    return keyword && isBlankText(text) ? requiredMessage(node, keyword) : null;
  });
}

/**
 * The message `check` gives each string of `value` by the schema node it falls under (null: none), by dotted path
 * (as ajvErrorsToFieldErrors names fields; '_root' for the value itself): the walk of the body-text checks.
 */
function textMessages(schema: unknown, value: unknown, check: (node: SchemaNode, text: string) => string | null, path = ''): Record<string, string> {
  const node = schema as SchemaNode | undefined;
  if (!node || typeof node !== 'object') return {};
  if (typeof value === 'string') {
    const message = check(node, value);
    return message ? { [path || '_root']: message } : {};
  }
  const found: Record<string, string> = {};
  if (Array.isArray(value) && node.items && typeof node.items === 'object') {
    value.forEach((item, i) => Object.assign(found, textMessages(node.items, item, check, path ? `${path}.${i}` : String(i))));
  } else if (value && typeof value === 'object' && node.properties) {
    for (const [key, sub] of Object.entries(node.properties)) {
      if (Object.hasOwn(value, key)) Object.assign(found, textMessages(sub, (value as Record<string, unknown>)[key], check, path ? `${path}.${key}` : key));
    }
  }
  return found;
}

/**
 * A copy of `value` with every blank string (isBlankText) made empty, and the dotted paths of those strings.
 * Validating the copy with a form's own schema shows which of them the form requires (minLength, patterns,
 * conditional `then` rules alike), with the form's own message for an empty field.
 */
export function clearBlankText(value: unknown, path = '', paths: string[] = []): { value: unknown; paths: string[] } {
  if (typeof value === 'string') {
    if (!isBlankText(value)) return { value, paths };
    paths.push(path);
    return { value: '', paths };
  }
  if (Array.isArray(value)) return { value: value.map((item, i) => clearBlankText(item, path ? `${path}.${i}` : String(i), paths).value), paths };
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = clearBlankText(item, path ? `${path}.${key}` : key, paths).value;
    return { value: out, paths };
  }
  return { value, paths };
}

/**
 * The annotation the server's form schemas carry on each text field drawn on one line: every `string` whose UI
 * schema does not draw it as a `textarea`, a password or a file list (markSingleLine). An analyst makes a field
 * multi-line in its UI schema.
 */
export const SINGLE_LINE = 'x-single-line';
const LINE_BREAK = /[\r\n\u2028\u2029]/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** A copy of a form's schema with SINGLE_LINE on each string field its UI schema does not draw as a textarea, nested fields and list items too. */
export function markSingleLine(schema: Json, uiSchema: unknown): Json {
  const ui = isObject(uiSchema) ? uiSchema : {};
  const widget = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : '';
  // A password is whatever the password policy allows (lists/password.json); a file's name has its own rules.
  if (PASSWORD_WIDGETS.includes(widget) || FILE_WIDGETS.includes(widget)) return schema;
  let out = schema;
  if ([schema.type].flat().includes('string') && ui['ui:widget'] !== 'textarea') out = { ...out, [SINGLE_LINE]: true };
  if (isObject(schema.properties)) {
    out = { ...out, properties: Object.fromEntries(Object.entries(schema.properties).map(([key, sub]) => [key, isObject(sub) ? markSingleLine(sub, ui[key]) : sub])) };
  }
  if (isObject(schema.items)) out = { ...out, items: markSingleLine(schema.items, ui.items) };
  return out;
}

/** Dotted paths (as ajvErrorsToFieldErrors names fields) of the text with a line break where the schema marks the field SINGLE_LINE. */
export function lineBreaksInSingleLineText(schema: unknown, value: unknown): Record<string, string> {
  return textMessages(schema, value, (node, text) => ((node as Json)[SINGLE_LINE] === true && LINE_BREAK.test(text) ? REQUEST_TEXTS.oneLine : null));
}
