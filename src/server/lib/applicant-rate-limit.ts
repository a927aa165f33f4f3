/**
 * Per-address limits on the applicant's calls (SECURITY.md rows 17, 21, 22). They sit on top of the
 * per-application and per-account rules (claim attempts, code tries), which hold whatever address a
 * caller rotates through. Counters are in process (@fastify/rate-limit), Redis when scaled out.
 */
export const APPLICANT_LIMITS = {
  /** Account numbers tried from one address: guessing stops after a few tries. */
  accountClaim: { max: 5, timeWindow: 10 * 60_000 },
} as const;
