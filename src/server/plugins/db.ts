import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DbHandle } from '../db/create-db.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DbHandle['kind'];
  }
}

/** Decorates the app with the Kysely instance; the caller owns opening and closing it. */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { handle: DbHandle; closeOnShutdown: boolean }) {
    app.decorate('db', opts.handle.db);
    app.decorate('dbKind', opts.handle.kind);
    if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.handle.close());
  },
  { name: 'db' },
);
