import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/index.js';
import appConfigRoutes from './app-config/index.js';
import devRoutes from './dev/index.js';
import usersRoutes from './users/index.js';

/** Every API route plugin, mounted under /api. Add a resource here with its prefix. */
export default async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(usersRoutes, { prefix: '/users' });
  if (app.config.devTools) await app.register(devRoutes, { prefix: '/dev' });
}
