import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER, API_SECRET_HEADER, APPLICANT_TOKEN_HEADER, SESSION_COOKIE, TOKEN_HEADER } from '../../shared/product.js';

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
      // Only the API is documented: the SPA's files and fallback are not calls.
      transform: ({ schema, url, route }) => ({ schema: url.startsWith('/api/') ? schema : { ...schema, hide: true }, url, route }),
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);
