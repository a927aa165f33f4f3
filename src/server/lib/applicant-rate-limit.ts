import { ipLimit } from './auth-rate-limit.js';
import { ONBOARDING_TEXTS } from '../../shared/messages.js';

/**
 * Per-address limits on the applicant's calls (SECURITY.md rows 17, 21, 22). They sit on top of the
 * per-application and per-account rules (claim attempts, code tries), which hold whatever address a
 * caller rotates through. Counters are @fastify/rate-limit's, in Redis when REDIS_URL is set (plugins/counters.ts).
 */
export const APPLICANT_LIMITS = {
  /** Account numbers tried from one address: guessing stops after a few tries. */
  accountClaim: { max: 5, timeWindow: 10 * 60_000 },
  /** New applications (POST /signups/) from one address. */
  signupCreate: { max: 20, timeWindow: 10 * 60_000 },
  /** Calls to one onboarding route from one address (a wizard makes a handful). */
  step: { max: 60, timeWindow: 60_000 },
  /** Applicant calls from one address that found no application (random ids, another visitor's token). */
  misses: { max: 20, timeWindow: 10 * 60_000 },
} as const;

/** The route config of an applicant route's per-address limit. */
export function applicantLimit(limit: { max: number; timeWindow: number } = APPLICANT_LIMITS.step, message: string = ONBOARDING_TEXTS.tooManyRequests) {
  return ipLimit(limit, message);
}
