import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import { conflict, missing } from './http-errors.js';
import { APPLICANT_TOKEN_HEADER } from '../../shared/product.js';
import { APPLICANT_EDITABLE_STATUSES } from '../../shared/statuses.js';
import { fixedStatement } from '../db/prepared.js';
import { ONBOARDING_TEXTS } from '../../shared/messages.js';

export const APPLICANT_TOKEN_HOURS = 24;

/** A new applicant token (256 bits) and the hash that is stored. */
export function newApplicantToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashApplicantToken(token) };
}

export function hashApplicantToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The request's applicant token, or undefined when it carries none. */
export function applicantTokenOf(request: FastifyRequest): string | undefined {
  const token = request.headers[APPLICANT_TOKEN_HEADER];
  return typeof token === 'string' && token ? token : undefined;
}

/** True when the token whose hash is `tokenHash` is the signup's applicant token and has not expired. */
export function holdsToken(signup: Pick<Signup, 'applicant_token_hash' | 'token_expires_on'>, tokenHash: string, now: Date): boolean {
  return sameHash(signup.applicant_token_hash, tokenHash) && new Date(signup.token_expires_on) > now;
}

/** A change to an application that is no longer a draft. */
export const alreadySubmitted = () => conflict(ONBOARDING_TEXTS.alreadySubmitted);

const signupById = fixedStatement((db: Kysely<Database>, v: { signupId: string }, shape) => {
  const query = db.selectFrom('signups').selectAll().where('id', '=', v.signupId);
  return shape === 'for update' ? query.forUpdate() : query;
});

/**
 * The applicant's capability (DESIGN.md section 4): the signup id plus the token issued with it, sent
 * in the x-applicant-token header. Another visitor's token, a random id or an expired draft: 404
 * (never someone else's data). With `forUpdate` (the row locked) or `draft`, an application already submitted: 409.
 */
export async function loadApplicantSignup(
  db: Kysely<Database>,
  request: FastifyRequest,
  signupId: unknown,
  options: { now: Date; forUpdate?: boolean; draft?: boolean },
): Promise<Signup> {
  const token = applicantTokenOf(request);
  if (typeof signupId !== 'string' || !signupId || !token) throw missing('signup');
  const [signup] = await signupById(db, { signupId }, options.forUpdate ? 'for update' : '');
  if (!signup || !holdsToken(signup, hashApplicantToken(token), options.now)) throw missing('signup');
  if ((options.forUpdate || options.draft) && !APPLICANT_EDITABLE_STATUSES.includes(signup.status)) throw alreadySubmitted();
  return signup;
}
