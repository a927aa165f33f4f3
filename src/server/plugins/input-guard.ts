import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { badRequest, unsupportedMediaType } from '../lib/http-errors.js';
import { blankRequiredText, findUnstorableText, lineBreaksInSingleLineText, tooManyValuesMessage } from '../lib/safe-text.js';
import { API_TEXTS } from '../lib/api-texts.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../shared/messages.js';
import { DB_INTEGER_MAX, DB_INTEGER_MIN, unboundedIntegers } from '../../shared/forms/integer-bounds.js';

/** A route as the guard saw it registered (HEAD twins of GET routes left out). */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the input guard: what it protects, and what route walks walk. */
    routeTable: readonly RouteEntry[];
  }
}

const REQUEST_PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * preValidation of every route: text the database cannot store (NUL, unpaired surrogates) is a 400; so is input nested
 * deeper, or with more fields and items, than any form has (before the schema lists a message for each of them).
 */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  for (const [part] of REQUEST_PARTS) {
    const found = findUnstorableText(request[part]);
    if (found?.problem === 'tooDeep') throw badRequest(API_TEXTS.tooDeep, { [found.path || part]: API_TEXTS.tooDeep });
    if (found?.problem === 'tooMany') throw badRequest(tooManyValuesMessage(), { [found.path || part]: tooManyValuesMessage() });
    if (found) throw badRequest(API_TEXTS.unstorableText, { [found.path || part]: REQUEST_TEXTS.unstorableField });
  }
}


/**
 * onRequest of every request: a query string whose %-escapes are not UTF-8 (`%E0%A4%A`, `%C0%AF`, an encoded
 * surrogate) is a 400, as the same bytes in the path are; the query parser would otherwise pass them on as typed.
 */
async function refuseMalformedQuery(request: FastifyRequest): Promise<void> {
  const at = request.url.indexOf('?');
  if (at < 0) return;
  for (const part of request.url.slice(at + 1).split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw badRequest(API_TEXTS.malformedQuery);
    }
  }
}

/** A `charset` parameter naming anything but UTF-8 (`application/json; charset=latin1`). */
const OTHER_CHARSET = /;\s*charset\s*=\s*(?!"?utf-?8"?\s*(;|$))/i;


/**
 * onRequest of every request with a body, before it is read: one in another character set is a 415. The body is read
 * as UTF-8 whatever the header says (JSON has no other), so a name sent as Latin-1 would otherwise be stored with its
 * accented letters lost (safe-text.ts refuses what such reading leaves behind, for a body that names no character
 * set). Likewise a compressed body (Content-Encoding) is a 415 and a transfer coding other than chunked a 400: the
 * body is read as plain bytes, so either was read as something it is not.
 */
async function refuseUnreadBodies(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (type && OTHER_CHARSET.test(type)) throw unsupportedMediaType(API_TEXTS.charset);
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding.trim().toLowerCase() !== 'identity') throw unsupportedMediaType(API_TEXTS.encodedBody);
  const codings = request.headers['transfer-encoding'];
  if (codings && codings.split(',').some((coding) => coding.trim().toLowerCase() !== 'chunked')) throw badRequest(API_TEXTS.transferCoding);
}

/**
 * preValidation of every route that reads JSON (any but a multipart step's, whose schema `consumes` multipart): a body
 * of another type (text, multipart) is a 415, not a JSON route's "the body must be a JSON object".
 */
async function refuseOtherBodyTypes(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (type && !/^application\/json\s*(;|$)/i.test(type.trim())) throw unsupportedMediaType(API_TEXTS.jsonOnly);
}

/**
 * preHandler of every route with a body schema (after the schema passed): text its schema requires (`minLength` >= 1)
 * that is only blank or invisible characters (" ", a zero-width space) is a 400 under the field, as an empty one is;
 * so is a line break in a field a form draws on one line (safe-text.ts `markSingleLine`).
 */
function refuseBlankOrBrokenText(bodySchema: unknown, lineBreaks: boolean) {
  return async function textGuard(request: FastifyRequest): Promise<void> {
    const errors = { ...(lineBreaks ? lineBreaksInSingleLineText(bodySchema, request.body) : {}), ...blankRequiredText(bodySchema, request.body) };
    if (Object.keys(errors).length) throw badRequest(errors._root ?? REQUEST_TEXTS.fixFields, errors);
  };
}

/** A whole number as people write one: digits, an optional minus, no leading zeros, no "+", exponent, hex or spaces. */
const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** The names of the properties an object schema types as integer (alone or with null). */
function integerFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return Object.entries(properties).filter(([, sub]) => [sub?.type].flat().includes('integer')).map(([name]) => name);
}

/**
 * preValidation of every route with integer path or query fields: the schema coerces text to numbers the way
 * JavaScript does, so "1e3", "0x10", "+1", "01" and " 1" would all name a record; only the plain digits do
 * (anything else is a 400 under the field, as "abc" is).
 */
function refuseOddIntegers(fields: Array<['params' | 'query', string[]]>) {
  return async function integerGuard(request: FastifyRequest): Promise<void> {
    for (const [part, names] of fields) {
      const values = request[part] as Record<string, unknown> | undefined;
      for (const name of names) {
        const value = values?.[name];
        const texts = Array.isArray(value) ? value : [value];
        if (texts.some((text) => typeof text === 'string' && !CANONICAL_INTEGER.test(text))) throw badRequest(part === 'query' ? REQUEST_TEXTS.fixQuery : REQUEST_TEXTS.fixPath, { [name]: REQUEST_TEXTS.wholeNumber });
      }
    }
  };
}

/** The names of the properties a querystring schema takes one value of (any type but array). */
function singleValueFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return Object.entries(properties).filter(([, sub]) => ![sub?.type].flat().includes('array')).map(([name]) => name);
}

/**
 * preValidation of every route with a querystring: a field of one value sent twice (`page=1&page=2`) reaches the
 * schema as a list, which said "must be integer" (or "must be string") of a number; it is refused under the field in
 * words, as a JSON key or a multipart field sent twice is.
 */
function refuseRepeatedQueryFields(names: string[]) {
  return async function repeatedQueryGuard(request: FastifyRequest): Promise<void> {
    const query = request.query as Record<string, unknown> | undefined;
    const repeated = names.find((name) => Array.isArray(query?.[name]));
    if (repeated) throw badRequest(REQUEST_TEXTS.fixQuery, { [repeated]: ONBOARDING_TEXTS.repeatedField });
  };
}

/** Refuses to register a route whose params, querystring or body accept integers beyond the database's range. */
function checkIntegerBounds(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  for (const part of ['params', 'querystring', 'query', 'body']) {
    const loose = unboundedIntegers(schema[part]);
    if (loose.length) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: the ${part} schema accepts integers beyond the database range at ${loose.join(', ')}. ` +
          `Give each integer a minimum and a maximum within ${DB_INTEGER_MIN}..${DB_INTEGER_MAX} (ids: "minimum": 1, "maximum": ${DB_INTEGER_MAX}) or an enum.`,
      );
    }
  }
}

/**
 * Input the database cannot take never reaches it (SECURITY.md row 15), in ONE place for every route:
 * - a NUL character or an unpaired surrogate in any string (or key) of params, query or body is a 400,
 *   checked after the route's own guards (a caller without the right session still gets 401/403 first);
 * - a route whose schema accepts integers beyond the database's integer range does not register at
 *   all, so every id in a path, query or body is bounded by its schema (a 400, never a 500).
 * - an integer path or query field must be written as plain digits ("1e3", "0x10", "+1", "01" are a 400, not a record);
 * - text a body schema requires (`minLength` >= 1) that shows as nothing (only spaces or invisible characters) is
 *   a 400 under the field, after the schema passed; the forms validator (lib/form-validation.ts) does the same;
 * - a line break in a form's field drawn on one line (not a `textarea` in its UI schema) is a 400 under the field,
 *   here for a body the route's schema validates, and in the forms validator with the form's other messages.
 * - a query string with a %-escape that is not UTF-8 is a 400, and so is a query field of one value sent twice;
 * - a body that is not JSON on a route that reads JSON (text, multipart) is a 415;
 * - a body in a character set other than UTF-8 is a 415 (bytes that are not UTF-8 in a body that names none read as
 *   U+FFFD, refused with the text check above), and so is a compressed one; a transfer coding but chunked is a 400.
 * Multipart bodies are read by their route (routes/onboarding/uploads.ts), which applies the same text check.
 */
export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRequest', refuseUnreadBodies);
    app.addHook('onRequest', refuseMalformedQuery);
    app.addHook('onRoute', (route) => {
      checkIntegerBounds(route);
      const own = route.preValidation ? [route.preValidation].flat() : [];
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const integers = ([['params', integerFields(schema.params)], ['query', integerFields(schema.querystring ?? schema.query)]] as Array<['params' | 'query', string[]]>).filter(([, names]) => names.length);
      const readsJson = !(schema.consumes as string[] | undefined)?.includes('multipart/form-data');
      const singles = singleValueFields(schema.querystring ?? schema.query);
      route.preValidation = [
        ...own,
        ...(readsJson ? [refuseOtherBodyTypes] : []),
        refuseUnstorableText,
        ...(integers.length ? [refuseOddIntegers(integers)] : []),
        ...(singles.length ? [refuseRepeatedQueryFields(singles)] : []),
      ] as RouteOptions['preValidation'];
      const bodySchema = (route.schema as Record<string, unknown> | undefined)?.body;
      // A body its handler validates (with the forms validator, which checks line breaks among the form's other
      // messages) is not refused here for a line break alone, which would hide those messages.
      const handlerValidates = route.attachValidation === true || typeof route.validatorCompiler === 'function';
      if (bodySchema) route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), refuseBlankOrBrokenText(bodySchema, !handlerValidates)] as RouteOptions['preHandler'];
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') table.push({ method, url: route.url, schema: route.schema });
      }
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
