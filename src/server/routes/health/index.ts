import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** GET /api/health: the process is up and the database answers. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', {
    schema: {
      response: {
        200: { type: 'object', properties: { status: { const: 'ok' }, database: { type: 'string' } }, required: ['status', 'database'] },
        503: { type: 'object', properties: { status: { const: 'unavailable' }, database: { type: 'string' } } },
      },
    },
    handler: async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok', database: app.dbKind };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: app.dbKind });
      }
    },
  });
}
