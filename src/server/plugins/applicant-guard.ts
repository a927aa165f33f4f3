import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooMany } from '../lib/http-errors.js';
import { APPLICANT_LIMITS } from '../lib/applicant-rate-limit.js';
import { ONBOARDING_TEXTS } from '../../shared/messages.js';

type Checker = (request: FastifyRequest, options?: { increment?: boolean }) => Promise<{ remaining: number; ttlInSeconds: number }>;

/**
 * SECURITY.md row 17: random signup ids and other visitors' tokens answer 404, then 429. One counter per
 * client address (over every applicant route: signups, onboarding steps, signup codes) of answers that
 * found no application; past APPLICANT_LIMITS.misses in the window, every applicant call from that address
 * is refused until the window ends. Counting happens on the way out (the 404 itself), the refusal on the
 * way in. Counted by @fastify/rate-limit, in Redis when REDIS_URL is set (plugins/counters.ts), else in process.
 * A call still in progress may yet be a miss, so it holds a place: calls sent at once (60 random ids in one burst
 * were all answered 404, none yet counted) pass only while the misses counted and the calls in progress from that
 * address stay under the limit (per server: with several, the burst is bounded by the servers times the limit).
 */
async function applicantGuardPlugin(app: FastifyInstance) {
  let misses: Checker | undefined;
  // The rate-limit plugin lives in its own child context (no routes there); only its checker is shared.
  await app.register(async (holder) => {
    await holder.register(rateLimit, { global: false, ...app.counters.storeOptions('applicant-misses') });
    misses = holder.createRateLimit({ ...APPLICANT_LIMITS.misses }) as Checker;
  });
  /** Guarded calls in progress, by client address. */
  const inProgress = new Map<string, number>();
  const holding = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (!holding.delete(request)) return;
    const left = (inProgress.get(request.ip) ?? 1) - 1;
    if (left > 0) inProgress.set(request.ip, left);
    else inProgress.delete(request.ip);
  };
  app.decorate('applicantGuard', {
    async refuse(request: FastifyRequest): Promise<void> {
      const status = await misses!(request, { increment: false });
      if (status.remaining - (inProgress.get(request.ip) ?? 0) <= 0) throw tooMany(ONBOARDING_TEXTS.tooManyRequests, status.ttlInSeconds);
      inProgress.set(request.ip, (inProgress.get(request.ip) ?? 0) + 1);
      holding.add(request);
    },
    async count(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      try {
        if (reply.statusCode === 404) await misses!(request);
      } finally {
        release(request);
      }
    },
    release,
  });
}

export default fp(applicantGuardPlugin, { name: 'applicant-guard', dependencies: ['counters'] });

/**
 * Puts an encapsulated route plugin's applicant routes under the guard. `applies` picks the requests it
 * covers when the plugin also serves others (device verifications: not the sign-in codes).
 */
export function guardApplicantRoutes(app: FastifyInstance, applies: (request: FastifyRequest) => boolean = () => true): void {
  app.addHook('preValidation', async (request) => {
    if (applies(request)) await app.applicantGuard.refuse(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (applies(request)) await app.applicantGuard.count(request, reply);
    return payload;
  });
  // A call that ends without an answer sent (the client went away) gives its place back too.
  app.addHook('onResponse', async (request) => app.applicantGuard.release(request));
  app.addHook('onRequestAbort', async (request) => app.applicantGuard.release(request));
}

declare module 'fastify' {
  interface FastifyInstance {
    applicantGuard: { refuse(request: FastifyRequest): Promise<void>; count(request: FastifyRequest, reply: FastifyReply): Promise<void>; release(request: FastifyRequest): void };
  }
}
