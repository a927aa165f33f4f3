import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/index.js';
import appConfigRoutes from './app-config/index.js';
import devRoutes from './dev/index.js';
import studioRoutes from './studio/index.js';
import usersAuthRoutes from './users-auth/index.js';
import passwordResetRoutes from './password-reset/index.js';
import deviceVerificationRoutes from './device-verifications/index.js';
import usersRoutes from './users/index.js';
import signupsAdminRoutes from './signups-admin/index.js';
import accountRoutes from './accounts/index.js';
import signupRoutes from './signups/index.js';
import onboardingRoutes from './onboarding/index.js';
import funnelRoutes from './funnel/index.js';
import docsRoutes from './docs/index.js';

/** Every API route plugin, mounted under /api. Add a resource here with its prefix. */
export default async function apiRoutes(app: FastifyInstance) {
  await app.register(docsRoutes);
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(usersAuthRoutes);
  await app.register(passwordResetRoutes);
  await app.register(deviceVerificationRoutes);
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(signupsAdminRoutes);
  await app.register(accountRoutes, { prefix: '/accounts' });
  await app.register(signupRoutes);
  await app.register(onboardingRoutes);
  await app.register(funnelRoutes);
  if (app.config.devTools) await app.register(devRoutes, { prefix: '/dev' });
  // The analyst studio: open in development, administrators with the studio flag in production (its own guard).
  await app.register(studioRoutes, { prefix: '/dev/studio' });
}
