import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponses, messageAnswer } from '../../lib/route-schemas.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { forbidden, tooMany, unauthorized } from '../../lib/http-errors.js';
import { IP_LIMITS, ipLimit, registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { AUTH_TEXTS } from '../../../shared/messages.js';
import { formBody } from '../../lib/form-body.js';
import { useJsonBodies } from '../../lib/json-bodies.js';
import { findUserByEmail } from './sign-in.repository.js';
import { accountKey, claimSignInCheck, forgetFailure } from '../../lib/sign-in-throttle.js';
import { createAttempt, issueSignInCode, setAttemptCookie } from '../../lib/sign-in-attempts.js';

const deviceInfo = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user_agent: { type: ['string', 'null'], maxLength: 500 },
    platform: { type: ['string', 'null'], maxLength: 100 },
    language: { type: ['string', 'null'], maxLength: 50 },
  },
} as const;

// Spec 1 section 7: the call table's body.
const loginExample = { email: 'member@cu.example', password: 'Member!2345', device_info: { user_agent: 'Mozilla/5.0', platform: 'Linux x86_64', language: 'en-US' } } as const;

const loginAnswer = {
  type: 'object',
  required: ['message', 'phone', 'user_id', 'sign_in_attempt'],
  properties: {
    message: { type: 'string', description: 'Mobile verification code sent' },
    phone: { type: ['string', 'null'], description: 'Where the code went, masked (null when the user has no mobile: the code went by email)' },
    user_id: { type: 'integer' },
    sign_in_attempt: { type: 'string', description: 'The attempt token (also set as an HttpOnly cookie); API clients send it with the code' },
  },
  examples: [{ message: 'Mobile verification code sent', phone: '*******0101', user_id: 2, sign_in_attempt: 'q3v5X0yT8bJ2nL4cR7sD1fG6hK9mP0wZ' }],
} as const;

/**
 * POST /users/login, /users/verify-token, /users/logout (spec 1 section 7). Unknown email, wrong
 * password, blocked and deleted accounts all answer 401 'Invalid email or password' after the same
 * argon2 work; only a correct password for a blocked account learns 403 (DESIGN.md section 4).
 */
export default async function usersAuthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  await registerIpRateLimit(app);
  // Logout has no body, yet clients send the JSON content type anyway: an empty JSON body reads as {}
  // here (this plugin only), so logout always answers 200 and the other routes get field messages.
  useJsonBodies(app, { emptyAsObject: true });

  app.post('/users/login', {
    config: ipLimit(IP_LIMITS.login, AUTH_TEXTS.tooManyLogins),
    // The sign-in form (forms/auth/sign-in: its rules and messages) plus the device_info the specification's call carries.
    schema: { body: { ...formBody([app.forms.schemaOf('auth/sign-in')], { device_info: deviceInfo }), examples: [loginExample] }, response: { 200: loginAnswer, ...errorResponses } },
    handler: async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
      const now = app.clock.now();
      const key = accountKey(email);
      const claim = await claimSignInCheck(app.db, key, request.ip, now);
      if (!claim.allowed) throw tooMany(AUTH_TEXTS.tooManyLogins);

      const user = await findUserByEmail(app.db, email);
      let passwordOk = false;
      if (user && !user.is_deleted) passwordOk = await verifyPassword(user.password_hash, password);
      else await burnPasswordCheck(password);
      // A wrong password keeps the row claimed above: it is the recorded failure.
      if (!user || user.is_deleted || !passwordOk) throw unauthorized(AUTH_TEXTS.invalidCredentials);
      await forgetFailure(app.db, claim.id);
      if (user.is_blocked) throw forbidden(AUTH_TEXTS.accountLocked);

      const { attempt, target } = await app.db.transaction().execute(async (trx) => {
        const opened = await createAttempt(trx, user.id, now);
        return { attempt: opened, target: await issueSignInCode(trx, app, { attemptId: opened.id, user, now }) };
      });
      void app.outbox.flush().catch(() => undefined);
      setAttemptCookie(app, reply, attempt.token);
      return { message: AUTH_TEXTS.codeSent, phone: target.masked, user_id: user.id, sign_in_attempt: attempt.token };
    },
  });

  app.post('/users/verify-token', {
    schema: {
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { token: { type: ['string', 'null'], maxLength: 4096 } },
      },
      response: { 200: { type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' } } }, ...errorResponses },
    } as const,
    handler: async (request) => {
      const { token } = request.body ?? {};
      // The same check every guarded route runs; without a token in the body, the caller's own cookie is checked.
      const probe = (token ? { headers: { 'x-access-token': token }, cookies: {} } : request) as FastifyRequest;
      try {
        await app.authenticate(probe);
        return { valid: true };
      } catch {
        return { valid: false };
      }
    },
  });

  app.post('/users/logout', {
    // No body is read (one sent is ignored), so none is declared.
    schema: { response: { 200: messageAnswer, ...errorResponses } },
    handler: async (request, reply) => {
      try {
        await app.authenticate(request);
        if (request.user) await app.sessions.revoke(request.user.sessionId);
      } catch {
        // Logging out without a live session still succeeds: the cookie is cleared either way.
      }
      app.sessions.clearCookie(reply);
      return { message: AUTH_TEXTS.loggedOut };
    },
  });
}
