import crypto from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { loadConfig, type AppConfig, type TrustProxy } from './config.js';
import { createDb, type DbHandle } from './db/create-db.js';
import { systemClock, type Clock } from './lib/clock.js';
import { useJsonBodies } from './lib/json-bodies.js';
import configPlugin from './plugins/config.js';
import dbPlugin from './plugins/db.js';
import readinessPlugin from './plugins/readiness.js';
import countersPlugin from './plugins/counters.js';
import errorsPlugin, { errorBody } from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import inputGuardPlugin from './plugins/input-guard.js';
import outboxPlugin from './plugins/outbox.js';
import filesPlugin from './plugins/files.js';
import authPlugin from './plugins/auth.js';
import applicantGuardPlugin from './plugins/applicant-guard.js';
import configCheckPlugin from './plugins/config-check.js';
import formsPlugin from './plugins/forms.js';
import configVersionPlugin from './plugins/config-version.js';
import funnelPlugin from './plugins/funnel.js';
import draftsPlugin from './plugins/drafts.js';
import openapiPlugin from './plugins/openapi.js';
import apiRoutes from './routes/index.js';
import { htmlEncoding, pageHtmlSource } from './lib/page-html.js';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../shared/create-ajv.js';
import { compiledAtFirstUse } from './lib/compiled-at-first-use.js';
import { REQUEST_TEXTS } from '../shared/messages.js';
import { useConfiguredMessages } from './lib/configured-messages.js';
import { configRoot } from '../shared/forms/read-forms-dir.js';
import { API_TEXTS } from './lib/api-texts.js';
import { requestPath } from './lib/request-path.js';
import { fillText } from '../shared/fill-text.js';

export interface BuildAppOptions {
  config?: Partial<AppConfig>;
  /** The environment to read the configuration from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** An open database; when absent one is opened from the config and closed with the app. */
  db?: DbHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The folder whose forms/ and flows/ the start-time check reads (default the repository; tests pass a copy). */
  configRoot?: string;
  /** false: the app only lists its routes (config:check's endpoint check, on a database without tables); the configuration version is not recorded. */
  recordConfigVersion?: boolean;
}

/**
 * Fastify's form of TRUST_PROXY. A hop count becomes a function (Fastify 5 ignores a bare number):
 * the socket's peer and the next `hops - 1` addresses are proxies, so the client is the address the
 * outermost trusted proxy saw, and anything a client writes further left is never read.
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}

/**
 * An error answered by the HTTP server itself, before Fastify has a request (bytes that are not HTTP, headers too
 * large, too slow, an unsupported Expect): the one error shape, with the headers every other answer carries that
 * matter for a body a browser might be shown (no sniffing, no framing, nothing loaded, not cached).
 */
function rawErrorAnswer(status: number, message: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(errorBody(status, message, crypto.randomUUID()));
  return {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
      Connection: 'close',
    },
    body,
  };
}

/** Builds the whole application (plugins, then routes) without listening: tests call `inject`. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, options.config);
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
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A slow or half-sent request cannot hold a socket (SECURITY.md row 23).
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node checks the header and request limits on this interval (30 s by default): check often
      // enough that a limit holds to within a second.
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    ajv: { customOptions: {} },
    // Errors Fastify raises before routing (a malformed %-escape in the path): the one error shape too.
    frameworkErrors(error, request, reply) {
      // A path part longer than any id (the router's 414) names nothing: not found.
      if (error.statusCode === 414) return (reply as unknown as FastifyReply).status(404).send(errorBody(404, API_TEXTS.longAddressPart, request.id));
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_BAD_URL' ? API_TEXTS.malformedAddress : REQUEST_TEXTS.invalidRequest;
      (reply as unknown as FastifyReply).status(status).send(errorBody(status, message, request.id));
    },
    // What Node's HTTP parser refuses before Fastify sees a request (headers or an address too large, a request too
    // slow, bytes that are not HTTP): the one error shape too, then the connection closes.
    clientErrorHandler(error, socket) {
      const code = (error as { code?: string }).code;
      if (code === 'ECONNRESET' || code === 'EPIPE' || !socket.writable) {
        socket.destroy();
        return;
      }
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const message = status === 431 ? API_TEXTS.headersTooLarge : status === 408 ? API_TEXTS.tooSlow : API_TEXTS.unreadable;
      const { headers, body } = rawErrorAnswer(status, message);
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`);
    },
  });
  // An Expect header other than 100-continue: Node answers 417 itself, with no body and none of the security headers.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const { headers, body } = rawErrorAnswer(417, API_TEXTS.expectRefused);
    response.writeHead(417, headers);
    response.end(body);
  });

  useJsonBodies(app);

  // One ajv factory for every schema (DESIGN.md section 3); bodies are never coerced, query strings are.
  // Made, and each route's validator compiled, when first needed: doing it for every route as the routes were
  // registered took about 1.5 s of each start, before the first request could be answered. A route's
  // validator is compiled at its first request (milliseconds, once); tests/server/route-validators.test.ts
  // compiles every route's, so a schema ajv refuses still fails the tests rather than a request.
  let bodyAjv: Ajv | undefined;
  let queryAjv: Ajv | undefined;
  const ajvFor = (httpPart: string | undefined) => (httpPart === 'body' ? (bodyAjv ??= createAjv()) : (queryAjv ??= createAjv({ coerceTypes: true, useDefaults: true })));
  const deferred: Array<() => ValidateFunction> = [];
  app.setValidatorCompiler(({ schema, httpPart }) => compiledAtFirstUse(() => ajvFor(httpPart).compile(schema), deferred));
  app.decorate('bodyAjv', { getter: () => ajvFor('body') });
  app.decorate('compileRouteValidators', () => deferred.map((compile) => compile()).length);

  // The configuration folder's messages (forms/messages/) before any route registers with them.
  useConfiguredMessages(options.configRoot ?? configRoot());
  const handle = options.db ?? (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await app.register(configPlugin, { config, clock: options.clock ?? systemClock });
  await app.register(dbPlugin, { handle, closeOnShutdown: !options.db });
  // What GET /api/ready checks (database, file store, and Redis once the counters open it).
  await app.register(readinessPlugin);
  // Rate-limit counters: Redis shared by every API server when REDIS_URL is set, else in process.
  await app.register(countersPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(inputGuardPlugin);
  await app.register(outboxPlugin);
  await app.register(filesPlugin);
  await app.register(authPlugin);
  await app.register(applicantGuardPlugin);
  // The configuration checker: production refuses to start on a problem; elsewhere the broken steps answer 503.
  await app.register(configCheckPlugin, { env: config.env, root: options.configRoot });
  // forms/ read once: every route validates bodies with app.forms.
  await app.register(formsPlugin);
  // The configuration in force is recorded (config_versions); the funnel counts the wizard's steps under it.
  await app.register(configVersionPlugin, { root: options.configRoot, record: options.recordConfigVersion ?? true });
  await app.register(funnelPlugin);
  await app.register(draftsPlugin);

  // Before the routes: the OpenAPI document is built from every route's schema as it registers.
  await app.register(openapiPlugin);

  await app.register(apiRoutes, { prefix: '/api' });

  const indexHtml = path.join(config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      index: false,
      // Files are looked up when asked for, not listed once at start: index.html is read again when the build changes
      // (src/server/lib/page-html.ts), and the scripts it names must be found too (a build written beside a running
      // server gave its new page with 404s for every new script, and a blank screen). A missing file is a 404 below.
      wildcard: true,
      // Only a file's path is looked up: a page's path (`/`, `/login`) is the page, sent below.
      allowedPath: (pathname) => isFilePath(pathname),
      // The build writes .br and .gz beside each text file (scripts/lib/precompress-plugin.ts): sent by Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const pageHtml = hasSpa ? pageHtmlSource(config.staticDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const pathname = requestPath(request.url);
    // A file the build does not have (a script of an older build, a mistyped image) is a 404, not the page: a
    // browser would run the page as the script it asked for and fail with "Failed to load module script".
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isFilePath(pathname) && !pathname.startsWith('/api/') && pathname !== '/api';
    if (isPage && pageHtml) {
      // History fallback: the SPA router decides (and shows 'Page Not Found' for unknown paths). A page the build
      // knows gets index.html with its scripts as modulepreload links (src/server/lib/page-html.ts).
      const encoding = htmlEncoding(request.headers['accept-encoding']);
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding === 'br' ? 'br' : 'gzip');
      return reply.send(pageHtml(pathname)[encoding]);
    }
    return reply.status(404).send(errorBody(404, fillText(API_TEXTS.noRoute, { method: request.method, path: pathname }), request.id));
  });

  return app;
}

/** A path that names a file of the build (a script, a style, an image), not a page of the app. */
function isFilePath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname);
}

declare module 'fastify' {
  interface FastifyInstance {
    bodyAjv: ReturnType<typeof createAjv>;
    /** Compiles every route's validator now (they compile at first use); answers how many. For the tests. */
    compileRouteValidators(): number;
  }
}
