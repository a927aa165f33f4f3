import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { loadConfig, type AppConfig } from './config.js';
import { createDb, type DbHandle } from './db/create-db.js';
import { systemClock, type Clock } from './lib/clock.js';
import configPlugin from './plugins/config.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin, { errorBody } from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import outboxPlugin from './plugins/outbox.js';
import authPlugin from './plugins/auth.js';
import applicantGuardPlugin from './plugins/applicant-guard.js';
import apiRoutes from './routes/index.js';
import { createAjv } from '../shared/create-ajv.js';

export interface BuildAppOptions {
  config?: Partial<AppConfig>;
  /** An open database; when absent one is opened from the config and closed with the app. */
  db?: DbHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application (plugins, then routes) without listening: tests call `inject`. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(process.env, options.config);
  const logger = options.logger ?? {
    level: config.logLevel,
    redact: {
      paths: ['req.headers["x-api-secret"]', 'req.headers["x-access-token"]', 'req.headers["x-applicant-token"]', 'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  const app = Fastify({
    logger,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: {} },
  });

  // One ajv factory for every schema (DESIGN.md section 3); bodies are never coerced, query strings are.
  const bodyAjv = createAjv();
  const queryAjv = createAjv({ coerceTypes: true, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema));
  app.decorate('bodyAjv', bodyAjv);

  const handle = options.db ?? (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await app.register(configPlugin, { config, clock: options.clock ?? systemClock });
  await app.register(dbPlugin, { handle, closeOnShutdown: !options.db });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(outboxPlugin);
  await app.register(authPlugin);
  await app.register(applicantGuardPlugin);

  await app.register(apiRoutes, { prefix: '/api' });

  const indexHtml = path.join(config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    if (isPage && hasSpa) {
      // History fallback: the SPA router decides (and shows 'Page Not Found' for unknown paths).
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}.`, request.id));
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    bodyAjv: ReturnType<typeof createAjv>;
  }
}
