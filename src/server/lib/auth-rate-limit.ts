import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { tooMany } from './http-errors.js';

/**
 * Per-IP limits on the sign-in, reset and code endpoints (DESIGN.md section 4). They cap cost and
 * spraying; the real guards are the per-account throttle and the 5-tries-per-code rule, which hold
 * whatever address a caller rotates through. Counters are in Redis when REDIS_URL is set (shared by every
 * API server), else in process (plugins/counters.ts).
 */
export const IP_LIMITS = {
  login: { max: 30, timeWindow: 60_000 },
  resetSend: { max: 10, timeWindow: 60_000 },
  resetVerify: { max: 30, timeWindow: 60_000 },
  resetUpdate: { max: 30, timeWindow: 60_000 },
  codeSend: { max: 20, timeWindow: 60_000 },
  codeVerify: { max: 60, timeWindow: 60_000 },
} as const;

/** Registers @fastify/rate-limit for one encapsulated route plugin; routes opt in with `config.rateLimit`. */
export async function registerIpRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Keys are `<prefix>rate:ip:<method><route>-<address>`: one counter per route and address over all servers.
    ...app.counters.storeOptions('ip'),
    errorResponseBuilder: (request, context) => {
      const message = (request.routeOptions.config as { rateLimitMessage?: string }).rateLimitMessage ?? 'Too many requests. Please try again later';
      return tooMany(message, context.ttl / 1000);
    },
  });
}

/** The route config for a per-IP limit with the specification's 429 message. */
export function ipLimit(limit: { max: number; timeWindow: number }, message: string) {
  return { rateLimit: { ...limit }, rateLimitMessage: message };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimitMessage?: string;
  }
}
