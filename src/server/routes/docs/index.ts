import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/**
 * GET /api/docs/json: the OpenAPI document, in every environment: it holds the public contract only (the
 * specification's calls, which the browser bundle reveals anyway), and API clients generate code from it.
 * GET /api/docs: the interactive reference, development and test only. Its assets come from the npm package
 * (nothing from a CDN) and it runs under the app's CSP unchanged (script-src 'self': no inline script).
 * Both answer without the API key headers (security.ts), so a browser can open them.
 */
export default async function docsRoutes(app: FastifyInstance) {
  if (app.config.env === 'production') {
    app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
    return;
  }
  await app.register(swaggerUi, {
    // Mounted under /api by routes/index.ts: the page links its assets with the whole prefix.
    routePrefix: '/docs',
    indexPrefix: '/api',
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
    // No online validator badge: nothing may leave the machine.
    validatorUrl: false,
  });
}
