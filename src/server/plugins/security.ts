import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized, forbidden } from '../lib/http-errors.js';
import { API_KEY_HEADER, API_SECRET_HEADER } from '../../shared/product.js';
import { API_TEXTS } from '../lib/api-texts.js';
import { requestPath } from '../lib/request-path.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isDocsPath = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');
/** The load balancer's probes (routes/health): they send no client headers and learn only up or down. */
const isProbePath = (path: string) => path === '/api/health' || path === '/api/ready';

function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients send none; browsers always send one on cross-site POSTs
  const host = request.headers.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return true;
  return allowed.includes(origin);
}

/**
 * Security headers (CSP script-src 'self'), the client-identification headers on every API call,
 * and the CSRF rule: a state change needs the custom API key header and an allowed Origin.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const { config } = app;
    // Built once: @fastify/helmet built Helmet's middleware again on every request (CSP parsed each time,
    // a tenth of the API's time under load; `npm run bench:api`).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

    app.addHook('onRequest', async (request, reply) => {
      // The path the router matched, escapes decoded: `/%61pi/…` is an API call too.
      const path = requestPath(request.url);
      if (!path.startsWith('/api/')) return;
      // Balances, applications and users are nobody's to keep: no browser or proxy stores an answer (ASVS 8.2.1).
      // A route may say otherwise for its own answer.
      reply.header('cache-control', 'no-store');
      if (request.method === 'OPTIONS') return;
      // The OpenAPI document and its reference page (routes/docs) are read by a browser without the key headers.
      if (SAFE_METHODS.has(request.method) && isDocsPath(path)) return;
      if ((request.method === 'GET' || request.method === 'HEAD') && isProbePath(path)) return;
      const key = request.headers[API_KEY_HEADER];
      const secret = request.headers[API_SECRET_HEADER];
      if (key !== config.apiKey || secret !== config.apiSecret) {
        throw unauthorized(API_TEXTS.missingApiKey);
      }
      if (!SAFE_METHODS.has(request.method) && !originAllowed(request, config.allowedOrigins)) {
        throw forbidden(API_TEXTS.crossOrigin);
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);
