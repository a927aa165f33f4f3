import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { issueCode, type CodePurpose } from './one-time-codes.js';
import { MAX_MOBILE_RESENDS } from '../../shared/flow/otp-operations.js';
import { AUTH_TEXTS } from '../../shared/messages.js';
import { notification } from './notification-texts.js';

/**
 * The sign-in attempt between the password (POST /users/login) and the code (POST /device-verifications/verify/):
 * opened by the one, closed by the other, so both routes use this module.
 */

/** A sign-in attempt lives as long as its first code (10 minutes). */
export const SIGN_IN_ATTEMPT_TTL_MS = 10 * 60_000;

/** HttpOnly cookie holding the sign-in attempt between the password and the SMS code. */
export const SIGN_IN_ATTEMPT_COOKIE = 'cu_sign_in';
export const SIGN_IN_CODE_PURPOSE: CodePurpose = 'sign_in_code';

/** Where the sign-in code goes: the member's mobile by SMS, or email when no mobile is on file. */
export function signInCodeChannel(user: { mobile: string | null; email: string }) {
  return user.mobile
    ? { channel: 'sms' as const, to: user.mobile, masked: maskPhone(user.mobile) }
    : { channel: 'email' as const, to: user.email, masked: maskEmail(user.email) };
}


/**
 * The most sign-in codes one mobile (or email) is sent in an hour, over all attempts: a member signs in again after
 * each 5-minute session, so a busy hour is about 12; someone who knows the password cannot flood the phone past this.
 */
export const SIGN_IN_CODES_PER_RECIPIENT_PER_HOUR = 20;

/**
 * Issues the attempt's sign-in code and writes its SMS (or email) to the outbox, in the caller's transaction: the
 * first code at POST /users/login, a resend at POST /device-verifications/send/. 429 inside the resend wait, past
 * the attempt's resends, or past the hour's codes for the address.
 */
export async function issueSignInCode(
  trx: Transaction<Database>,
  app: FastifyInstance,
  input: { attemptId: string; user: { mobile: string | null; email: string }; now: Date },
): Promise<ReturnType<typeof signInCodeChannel>> {
  const target = signInCodeChannel(input.user);
  const code = await issueCode(trx, {
    purpose: SIGN_IN_CODE_PURPOSE, subject: input.attemptId, recipient: target.to, now: input.now, secret: app.config.jwtSecret, maxSends: 1 + MAX_MOBILE_RESENDS,
    perRecipientPerHour: { max: SIGN_IN_CODES_PER_RECIPIENT_PER_HOUR, message: AUTH_TEXTS.tooManySignInCodes },
  });
  await app.outbox.send({ channel: target.channel, to: target.to, subject: notification('signInCodeSubject', app.config.productName), body: notification('signInCode', app.config.productName, { code }), purpose: SIGN_IN_CODE_PURPOSE }, trx);
  return target;
}

/** Sets the attempt's HttpOnly cookie (only the device-verification calls see it), or clears it with `null`. */
export function setAttemptCookie(app: FastifyInstance, reply: FastifyReply, token: string | null): void {
  const options = { httpOnly: true, sameSite: 'strict' as const, secure: app.config.env === 'production', path: '/api/device-verifications' };
  if (token) reply.setCookie(SIGN_IN_ATTEMPT_COOKIE, token, { ...options, maxAge: SIGN_IN_ATTEMPT_TTL_MS / 1000 });
  else reply.clearCookie(SIGN_IN_ATTEMPT_COOKIE, options);
}

/** The attempt token as stored: its SHA-256, never the token itself. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Opens a sign-in attempt; the browser keeps its token in an HttpOnly cookie until the code is entered. */
export async function createAttempt(db: Kysely<Database>, userId: number, now: Date): Promise<{ id: string; token: string }> {
  const id = crypto.randomBytes(16).toString('base64url');
  const token = crypto.randomBytes(32).toString('base64url');
  // An older attempt still waiting for its code is superseded by this one.
  await db.updateTable('sign_in_attempts').set({ expires_on: now }).where('user_id', '=', userId).where('completed_on', 'is', null).where('expires_on', '>', now).execute();
  await db
    .insertInto('sign_in_attempts')
    .values({ id, user_id: userId, token_hash: hashToken(token), expires_on: new Date(now.getTime() + SIGN_IN_ATTEMPT_TTL_MS), created_on: now })
    .execute();
  return { id, token };
}

/** The live attempt this token names, locked for the rest of the transaction. */
export function findLiveAttempt(db: Transaction<Database>, token: string, now: Date) {
  return db
    .selectFrom('sign_in_attempts')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('completed_on', 'is', null)
    .where('expires_on', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

/** '+18683000002' -> '+1******0002': enough for the member to recognise the number. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\s+/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  const head = digits.startsWith('+') ? digits.slice(0, 2) : '';
  return `${head}${'*'.repeat(digits.length - head.length - 4)}${digits.slice(-4)}`;
}

/** 'member@cu.example' -> 'm*****@cu.example'. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain ?? ''}`;
}
