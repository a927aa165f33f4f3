import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER, API_SECRET_HEADER, APPLICANT_TOKEN_HEADER, SESSION_COOKIE, TOKEN_HEADER } from '../../shared/product.js';

/**
 * A copy of a route schema for the document: ajv's `$data` references (`confirmed_password` must equal
 * `password`) mean nothing to other validators, so each becomes a sentence in the description. The route keeps
 * its own schema.
 */
export function forDocument(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forDocument);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'examples' || key === 'example' || key === 'default' ? value : forDocument(value);
  const ref = (out.const as { $data?: unknown } | undefined)?.$data;
  if (typeof ref === 'string') {
    delete out.const;
    const field = ref.split('/').pop();
    out.description = [out.description, `Must equal ${field}.`].filter(Boolean).join(' ');
  }
  return out;
}

/**
 * The OpenAPI 3.1 document, generated from the route schemas (@fastify/swagger's onRoute hook, so this is
 * registered before the routes). Served by routes/docs: `/api/docs/json` everywhere, the reference UI in
 * development and test only (docs/api/openapi.md).
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.config.productName} API`,
          version: '0.1.0',
          description:
            'Online banking and onboarding API of the credit union. Generated from the route schemas; the specification\'s call tables ' +
            '(spec 1-4, section 7) are the contract, and docs/api/spec-calls.md lists every deliberate difference. Every failed call ' +
            'answers the one error shape { status, message, detail, errors?, request_id }.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: 'Identifies the client (not a secret boundary: DESIGN.md).' },
            apiSecret: { type: 'apiKey', in: 'header', name: API_SECRET_HEADER },
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `Member and administrator calls; API clients may send the token in ${TOKEN_HEADER} instead.` },
            applicantToken: { type: 'apiKey', in: 'header', name: APPLICANT_TOKEN_HEADER, description: 'Issued by POST /api/signups/; every later applicant call carries it.' },
          },
        },
        security: [{ apiKey: [], apiSecret: [] }],
      },
      // OpenAPI 3.1 has `const` (JSON Schema 2020-12): keep it rather than rewriting it as a one-value enum.
      convertConstToEnum: false,
      // Only the API is documented: the SPA's files and fallback are not calls.
      transform: ({ schema, url }) => ({ schema: url.startsWith('/api/') ? (forDocument(schema) as typeof schema) : { ...schema, hide: true }, url }),
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);
