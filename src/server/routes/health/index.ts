import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schemas.js';

/** How long one database check answers health calls: a load balancer polling often costs one query a second. */
export const HEALTH_CHECK_MS = 1000;

/** GET /api/health: the process is up and the database answered within the last second. */
export default async function healthRoutes(app: FastifyInstance) {
  let last: { at: number; ok: boolean } | null = null;
  let pending: Promise<boolean> | null = null;
  const databaseAnswers = (): Promise<boolean> => {
    if (last && Date.now() - last.at < HEALTH_CHECK_MS) return Promise.resolve(last.ok);
    // Calls arriving while a check runs share it.
    pending ??= sql`select 1`
      .execute(app.db)
      .then(
        () => true,
        (err) => {
          app.log.error({ err }, 'health check: database unreachable');
          return false;
        },
      )
      .then((ok) => {
        last = { at: Date.now(), ok };
        pending = null;
        return ok;
      });
    return pending;
  };

  app.get('/health', {
    schema: {
      response: {
        200: { type: 'object', properties: { status: { const: 'ok' }, database: { type: 'string' } }, required: ['status', 'database'] },
        503: { type: 'object', properties: { status: { const: 'unavailable' }, database: { type: 'string' } } },
        ...errorResponses,
      },
    },
    handler: async (_request, reply) => {
      if (await databaseAnswers()) return { status: 'ok', database: app.dbKind };
      return reply.status(503).send({ status: 'unavailable', database: app.dbKind });
    },
  });
}
