import type { FastifyInstance } from 'fastify';
import { inexactNumbersAsText } from './exact-numbers.js';
import { badRequest } from './http-errors.js';
import { repeatedKey } from './repeated-keys.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../shared/messages.js';
import { fillText } from '../../shared/fill-text.js';

/**
 * How every route reads a JSON body: as written (a number with more digits than a double holds exactly reaches the
 * schema as text, which its field refuses with its own message, instead of being rounded: lib/exact-numbers.ts), by
 * Fastify's own parser, which refuses a `__proto__` key and a `constructor` holding a `prototype`. That refusal is
 * an unknown field, said under the key like any other (`constructor` alone already is, by the schemas), not "not
 * valid JSON". A key an object holds twice is refused under it (lib/repeated-keys.ts). `emptyAsObject`: an empty body reads as {} (the sign-in routes, whose logout clients send one); on a route that declares no body, an empty one is no body.
 */
export function useJsonBodies(app: FastifyInstance, options: { emptyAsObject?: boolean } = {}): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (options.emptyAsObject && !text.trim()) return done(null, {});
    // A call that reads no body (its route declares none: the specification's DELETE /users/{id}/soft; or no route
    // at all), sent with the JSON content type and nothing in it, as clients that set the type on every call send
    // it: no body, answered as the call, not refused as "not valid JSON".
    if (!text.trim() && !(request.routeOptions.schema as { body?: unknown } | undefined)?.body) return done(null, undefined);
    parse(request, inexactNumbersAsText(text), (error, value) => {
      if (error && isJson(text)) {
        // Valid JSON the parser refused: a `__proto__` key, or a `constructor` with a `prototype`.
        const field = /"__proto__"\s*:/.test(text) ? '__proto__' : 'constructor';
        const errors: Record<string, string> = {};
        // A plain assignment of "__proto__" would set the object's prototype instead of adding the key.
        Object.defineProperty(errors, field, { value: fillText(REQUEST_TEXTS.unknownField, { field }), enumerable: true, writable: true, configurable: true });
        return done(badRequest(REQUEST_TEXTS.fixFields, errors), undefined);
      }
      // Valid JSON with one key twice in an object: refused under the key, as a multipart field sent twice is.
      const repeated = error ? undefined : repeatedKey(text);
      if (repeated) return done(badRequest(REQUEST_TEXTS.fixFields, { [repeated]: ONBOARDING_TEXTS.repeatedField }), undefined);
      done(error, value);
    });
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
