import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { continueHint } from '../../lib/draft-lifetime.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { badRequest, forbidden, tooMany, unauthorized } from '../../lib/http-errors.js';
import { checkCode, codeCheckError, issueCode, MAX_EMAIL_RESENDS, MAX_MOBILE_RESENDS, SIGNUP_CODES_PER_RECIPIENT_PER_HOUR, type CodePurpose } from '../../lib/one-time-codes.js';
import { loadApplicantSignup } from '../../lib/applicant-access.js';
import { sendClaimCode, verifyClaim } from '../../lib/account-claims.js';
import { existingAccountNotice } from '../../lib/existing-account-notice.js';
import { onlineUserHolds } from '../../lib/user-contacts.js';
import { guardApplicantRoutes } from '../../plugins/applicant-guard.js';
import { IP_LIMITS, ipLimit, registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { AUTH_TEXTS, ONBOARDING_TEXTS } from '../../../shared/messages.js';
import { DB_INTEGER_MAX } from '../../../shared/forms/integer-bounds.js';
import { findLiveAttempt, hashToken, issueSignInCode, SIGN_IN_ATTEMPT_COOKIE, SIGN_IN_CODE_PURPOSE, setAttemptCookie } from '../../lib/sign-in-attempts.js';
import { accountKey, claimSignInCheck, forgetFailure } from '../../lib/sign-in-throttle.js';
import { notification } from '../../lib/notification-texts.js';
import { API_TEXTS } from '../../lib/api-texts.js';

interface DeviceVerificationBody {
  identifier_type: 'email' | 'mobile' | 'on_file';
  operation: 'signup' | 'sign_in' | 'account_claim';
  signup_id?: string | null;
  user_id?: number | string | null;
  email?: string | null;
  mobile?: string | null;
  code?: string;
  sign_in_attempt?: string | null;
}

const commonProperties = {
  identifier_type: { type: 'string', enum: ['email', 'mobile', 'on_file'] },
  operation: { type: 'string', enum: ['signup', 'sign_in', 'account_claim'] },
  signup_id: { type: ['string', 'null'], maxLength: 100 },
  user_id: { type: ['integer', 'string', 'null'], minimum: 1, maximum: DB_INTEGER_MAX, maxLength: 20 },
  email: { type: ['string', 'null'], maxLength: 254 },
  mobile: { type: ['string', 'null'], maxLength: 40 },
  // API clients may send the attempt token from the login answer; browsers use the HttpOnly cookie.
  sign_in_attempt: { type: ['string', 'null'], maxLength: 100 },
} as const;

const sendSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['identifier_type', 'operation'],
  properties: commonProperties,
  // Spec 3 section 7 (the email code step) and spec 1 (the sign-in code, operation sign_in with user_id).
  examples: [
    { identifier_type: 'email', operation: 'signup', signup_id: '7d0f1c9e-2a4b-4c8d-9e6f-0a1b2c3d4e5f', email: 'jane.doe@example.com', mobile: null, user_id: null },
    { identifier_type: 'mobile', operation: 'sign_in', user_id: 2 },
  ],
} as const;
const verifySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['identifier_type', 'operation', 'code'],
  properties: { ...commonProperties, code: { type: 'string', minLength: 1, maxLength: 10 } },
  examples: [{ identifier_type: 'mobile', operation: 'sign_in', user_id: 2, code: '123456' }],
} as const;

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
/** The answers of the three operations, in one object: which properties come depends on `operation` (docs/api/onboarding.md). */
const sendAnswer = {
  type: 'object',
  required: ['message'],
  additionalProperties: true,
  properties: {
    message: text,
    signup_id: { ...text, description: 'signup and account_claim' },
    email: { ...text, description: 'signup: the applicant\'s email' },
    identifier: { ...nullableText, description: 'where the code went (masked for sign_in; account_claim names no part of the contact on file)' },
    user_id: { type: 'integer', description: 'sign_in' },
    already_verified: { type: 'boolean', const: true, description: 'signup: the address was verified before and is unchanged, so no code was sent' },
    verified_on: { ...text, description: 'signup, with already_verified: when the address was verified (ISO 8601)' },
  },
} as const;
const verifyAnswer = {
  type: 'object',
  required: ['message'],
  additionalProperties: true,
  properties: {
    message: text,
    verified_on: { ...text, description: 'ISO 8601' },
    signup_id: { ...text, description: 'signup and account_claim' },
    identifier: { ...nullableText, description: 'signup: the verified address; sign_in: the email' },
    email: text,
    access_token: { ...text, description: 'sign_in: the session token (also set as an HttpOnly cookie)' },
    token_type: { type: 'string', const: 'bearer' },
    expires_on: { ...text, description: 'sign_in: ISO 8601' },
    user_id: { type: 'integer' },
    name: text,
    first_name: text,
    role_id: { type: 'integer' },
  },
} as const;

const SIGNUP_PURPOSE: Record<'email' | 'mobile', CodePurpose> = { email: 'signup_email_code', mobile: 'signup_mobile_code' };

/** operation account_claim goes with identifier_type on_file (the member's contact on file), and only with it. */
function checkPairing(body: DeviceVerificationBody): void {
  if ((body.operation === 'account_claim') !== (body.identifier_type === 'on_file')) {
    const message = body.operation === 'account_claim' ? 'identifier_type must be on_file for operation account_claim.' : 'identifier_type on_file is for operation account_claim only.';
    throw badRequest(message, { identifier_type: message });
  }
}

/** No attempt presented at all: an API client that dropped the cookie learns what to send (docs/api/spec-calls.md). */

function attemptToken(request: FastifyRequest, body: DeviceVerificationBody): string | undefined {
  return body.sign_in_attempt || request.cookies?.[SIGN_IN_ATTEMPT_COOKIE] || undefined;
}

function userIdOf(body: DeviceVerificationBody): number | undefined {
  const id = typeof body.user_id === 'string' && !/^\d+$/.test(body.user_id.trim()) ? NaN : Number(body.user_id);
  return Number.isInteger(id) && id > 0 && id <= DB_INTEGER_MAX ? id : undefined;
}

/**
 * POST /device-verifications/send/ and /verify/ (spec 3 sections 7-8). operation sign_in: the code
 * bound to the sign-in attempt (HttpOnly cookie) of user_id; a correct code issues the session.
 * operation signup: the applicant's email or mobile code, checked with the applicant token.
 */
export default async function deviceVerificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  await registerIpRateLimit(app);
  // The applicant's codes (not the sign-in codes) count towards the applicant guard: 404 then 429.
  guardApplicantRoutes(app, (request) => (request.body as { operation?: string } | undefined)?.operation !== 'sign_in');
  const secret = app.config.jwtSecret;

  app.post('/device-verifications/send/', {
    config: ipLimit(IP_LIMITS.codeSend, AUTH_TEXTS.tooManyVerifications),
    schema: { body: sendSchema, response: { 200: sendAnswer, ...errorResponses } },
    handler: async (request) => {
      const { body } = request;
      const now = app.clock.now();
      checkPairing(body);

      if (body.operation === 'account_claim') {
        if (!body.signup_id) throw badRequest(ONBOARDING_TEXTS.sendNeedsSignup, { signup_id: ONBOARDING_TEXTS.sendNeedsSignup });
        const sent = await app.db.transaction().execute(async (trx) => {
          const signup = await loadApplicantSignup(trx, request, body.signup_id, { now, forUpdate: true });
          const result = await sendClaimCode(trx, { signup, now, secret, productName: app.config.productName, send: (message) => app.outbox.send(message, trx) });
          return { signup_id: signup.id, ...result };
        });
        void app.outbox.flush().catch(() => undefined);
        return sent;
      }

      if (body.operation === 'sign_in') {
        const userId = userIdOf(body);
        if (!userId) throw badRequest(AUTH_TEXTS.sendNeedsUser, { user_id: AUTH_TEXTS.sendNeedsUser });
        const token = attemptToken(request, body);
        if (!token) throw unauthorized(API_TEXTS.attemptMissing);
        const sent = await app.db.transaction().execute(async (trx) => {
          const attempt = await findLiveAttempt(trx, token, now);
          if (!attempt || attempt.user_id !== userId) return undefined;
          const user = await trx.selectFrom('users').select(['id', 'email', 'mobile']).where('id', '=', userId).executeTakeFirstOrThrow();
          return issueSignInCode(trx, app, { attemptId: attempt.id, user, now });
        });
        if (!sent) throw unauthorized(AUTH_TEXTS.attemptExpired);
        void app.outbox.flush().catch(() => undefined);
        return { message: AUTH_TEXTS.codeSent, user_id: userId, identifier: sent.masked };
      }

      if (!body.signup_id) throw badRequest(ONBOARDING_TEXTS.sendNeedsSignup, { signup_id: ONBOARDING_TEXTS.sendNeedsSignup });
      const kind = body.identifier_type as 'email' | 'mobile'; // on_file went to account_claim above (checkPairing)
      const result = await app.db.transaction().execute(async (trx) => {
        // Locking the signup row serialises sends, so the cooldown and the resend cap hold under races.
        const signup = await loadApplicantSignup(trx, request, body.signup_id, { now, forUpdate: true });
        const to = kind === 'email' ? signup.email : signup.mobile;
        const purpose = SIGNUP_PURPOSE[kind];
        // An address that already has online banking gets a notice instead of a code (only its owner reads
        // it); the code is still counted (cooldown, resend cap), so the answer and its limits look the same.
        // Already verified (Back to basic info and Next with the same address keeps it verified): no code is
        // sent and none is counted, and the page moves on instead of asking for a code the applicant already used.
        const verifiedOn = kind === 'email' ? signup.email_verified_on : signup.mobile_verified_on;
        if (verifiedOn) return { signup_id: signup.id, email: signup.email, identifier: to, verified_on: new Date(verifiedOn).toISOString(), alreadyVerified: true };
        const taken = await onlineUserHolds(trx, kind, to);
        const code = await issueCode(trx, {
          purpose, subject: signup.id, recipient: to, now, secret, maxSends: 1 + (kind === 'mobile' ? MAX_MOBILE_RESENDS : MAX_EMAIL_RESENDS), undeliverable: taken,
          perRecipientPerHour: { max: SIGNUP_CODES_PER_RECIPIENT_PER_HOUR[kind], message: ONBOARDING_TEXTS[kind === 'mobile' ? 'tooManyCodesMobile' : 'tooManyCodesEmail'] },
        });
        await app.outbox.send(
          taken
            ? existingAccountNotice(kind, to, app.config)
            : kind === 'email'
              ? { channel: 'email', to, subject: notification('emailCodeSubject', app.config.productName), body: `${notification('emailCode', app.config.productName, { code })}${continueHint(app)}`, purpose }
              : { channel: 'sms', to, body: notification('mobileCode', app.config.productName, { code }), purpose },
          trx,
        );
        return { signup_id: signup.id, email: signup.email, identifier: to };
      });
      const { alreadyVerified, ...answer } = result;
      if (alreadyVerified) return { ...answer, already_verified: true as const, message: ONBOARDING_TEXTS[kind === 'email' ? 'emailAlreadyVerified' : 'mobileAlreadyVerified'] };
      void app.outbox.flush().catch(() => undefined);
      return { ...answer, message: ONBOARDING_TEXTS[kind === 'email' ? 'emailCodeSent' : 'mobileCodeSent'] };
    },
  });

  app.post('/device-verifications/verify/', {
    config: ipLimit(IP_LIMITS.codeVerify, AUTH_TEXTS.tooManyVerifications),
    schema: { body: verifySchema, response: { 200: verifyAnswer, ...errorResponses } },
    handler: async (request, reply) => {
      const { body } = request;
      const now = app.clock.now();
      checkPairing(body);

      if (body.operation === 'account_claim') {
        if (!body.signup_id) throw badRequest(ONBOARDING_TEXTS.verifyNeedsSignup, { signup_id: ONBOARDING_TEXTS.verifyNeedsSignup });
        // A wrong code must commit (it spends a try), so the error is thrown after the transaction.
        const outcome = await app.db.transaction().execute(async (trx) => {
          const signup = await loadApplicantSignup(trx, request, body.signup_id, { now, forUpdate: true });
          const result = await verifyClaim(trx, { signup, code: body.code, now, secret });
          return result === 'ok' ? { signup_id: signup.id } : { error: codeCheckError(result) };
        });
        if ('error' in outcome) throw outcome.error;
        return { ...outcome, message: ONBOARDING_TEXTS.claimVerified, verified_on: now.toISOString() };
      }

      if (body.operation === 'sign_in') {
        const userId = userIdOf(body);
        if (!userId) throw badRequest(AUTH_TEXTS.verifyNeedsUser, { user_id: AUTH_TEXTS.verifyNeedsUser });
        // The code of the sign-in verification form (forms/auth/sign-in-code), with its messages.
        app.forms.validate('auth/sign-in-code', { code: body.code });
        const token = attemptToken(request, body);
        if (!token) throw unauthorized(API_TEXTS.attemptMissing);
        // A wrong code is a failed sign-in of the account, counted with its wrong passwords (SECURITY.md row 1: at
        // most 100 an hour, then 429): each new attempt brings a new code with 5 tries, so only this counter bounds
        // the guesses of someone who knows the password.
        const owner = await app.db
          .selectFrom('sign_in_attempts')
          .innerJoin('users', 'users.id', 'sign_in_attempts.user_id')
          .select('users.email')
          .where('sign_in_attempts.token_hash', '=', hashToken(token))
          .executeTakeFirst();
        const claim = owner ? await claimSignInCheck(app.db, accountKey(owner.email), request.ip, now) : null;
        if (claim && !claim.allowed) throw tooMany(AUTH_TEXTS.tooManyLogins);
        // A failed check must commit (it spends one of the 5 tries), so errors are thrown after the transaction.
        const outcome = await app.db.transaction().execute(async (trx) => {
          const attempt = await findLiveAttempt(trx, token, now);
          if (!attempt || attempt.user_id !== userId) return { error: unauthorized(AUTH_TEXTS.attemptExpired) };
          const result = await checkCode(trx, { purpose: SIGN_IN_CODE_PURPOSE, subject: attempt.id, code: body.code, now, secret });
          if (result !== 'ok') return { error: codeCheckError(result) };
          await trx.updateTable('sign_in_attempts').set({ completed_on: now }).where('id', '=', attempt.id).execute();
          const user = await trx
            .updateTable('users')
            .set({ last_signed_in_on: now })
            .where('id', '=', userId)
            .where('is_blocked', '=', false)
            .where('is_deleted', '=', false)
            .returning(['id', 'email', 'first_name', 'last_name', 'role_id'])
            .executeTakeFirst();
          if (!user) return { error: forbidden(AUTH_TEXTS.accountLocked) };
          return { user };
        });
        if ('error' in outcome) throw outcome.error;
        if (claim?.allowed) await forgetFailure(app.db, claim.id);
        const { user } = outcome;
        const session = await app.sessions.issue(user.id, request, reply);
        setAttemptCookie(app, reply, null);
        return {
          message: ONBOARDING_TEXTS.mobileVerified,
          verified_on: now.toISOString(),
          access_token: session.token,
          token_type: 'bearer' as const,
          expires_on: session.expiresOn.toISOString(),
          user_id: user.id,
          identifier: user.email,
          email: user.email,
          name: `${user.first_name} ${user.last_name}`,
          first_name: user.first_name,
          role_id: user.role_id,
        };
      }

      if (!body.signup_id) throw badRequest(ONBOARDING_TEXTS.verifyNeedsSignup, { signup_id: ONBOARDING_TEXTS.verifyNeedsSignup });
      const kind = body.identifier_type as 'email' | 'mobile'; // on_file went to account_claim above (checkPairing)
      const outcome = await app.db.transaction().execute(async (trx) => {
        const signup = await loadApplicantSignup(trx, request, body.signup_id, { now, forUpdate: true });
        const to = kind === 'email' ? signup.email : signup.mobile;
        const result = await checkCode(trx, { purpose: SIGNUP_PURPOSE[kind], subject: signup.id, recipient: to, code: body.code, now, secret });
        if (result !== 'ok') return { error: codeCheckError(result) };
        await trx
          .updateTable('signups')
          .set(kind === 'email' ? { email_verified_on: now, updated_on: now } : { mobile_verified_on: now, updated_on: now })
          .where('id', '=', signup.id)
          .execute();
        return { signup_id: signup.id, identifier: to, email: signup.email };
      });
      if ('error' in outcome) throw outcome.error;
      return {
        ...outcome,
        message: kind === 'email' ? ONBOARDING_TEXTS.emailVerified : ONBOARDING_TEXTS.mobileVerified,
        verified_on: now.toISOString(),
      };
    },
  });
}
