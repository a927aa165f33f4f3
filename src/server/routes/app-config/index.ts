import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';

/** GET /api/config: what the browser app may know about this deployment (no secrets). */
export default async function appConfigRoutes(app: FastifyInstance) {
  app.get('/config', {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: { product_name: { type: 'string' }, environment: { type: 'string' }, dev_tools: { type: 'boolean' }, session_seconds: { type: 'integer' }, time_zone: { type: 'string' } },
        },
        ...errorResponses,
      },
    },
    handler: async () => ({
      product_name: app.config.productName,
      environment: app.config.env,
      dev_tools: app.config.devTools,
      session_seconds: app.config.sessionSeconds,
      time_zone: app.config.timeZone,
    }),
  });
}
