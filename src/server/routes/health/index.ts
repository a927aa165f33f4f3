import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';

const upOrDown = (value: 'up' | 'down') => ({
  type: 'object',
  additionalProperties: false,
  properties: { status: { const: value } },
  required: ['status'],
});

/**
 * Probes for load balancers and orchestrators (docs/operations.md): no API key headers, no rate limit, and
 * nothing in the answer but up or down (which part is down goes to the log).
 * - GET /api/health (liveness): this process answers; no database call.
 * - GET /api/ready (readiness): the database, Redis when configured and the file store answer
 *   (plugins/readiness.ts, checked at most once a second whatever the polling rate).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', {
    schema: {
      summary: 'Liveness: the process answers',
      response: { 200: upOrDown('up'), ...errorResponses },
    },
    handler: async () => ({ status: 'up' as const }),
  });

  app.get('/ready', {
    schema: {
      summary: 'Readiness: the database, Redis (when configured) and the file store answer',
      response: { 200: upOrDown('up'), ...errorResponses, 503: upOrDown('down') },
    },
    handler: async (_request, reply) => {
      const { up } = await app.readiness.check();
      reply.header('cache-control', 'no-store');
      return up ? { status: 'up' as const } : reply.status(503).send({ status: 'down' as const });
    },
  });
}
