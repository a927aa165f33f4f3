import crypto from 'node:crypto';
import { formatDateTime } from '../../../shared/format-date.js';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponses } from '../../lib/route-schemas.js';
import { sql } from 'kysely';
import { HttpError, tooMany, unauthorized } from '../../lib/http-errors.js';
import { formBody } from '../../lib/form-body.js';
import { firstFieldMessages } from '../../../shared/forms/first-field-messages.js';
import { ajvErrorsToFieldErrors } from '../../../shared/api-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { checkCode, codeCheckError, issueCode, sendCountTurn } from '../../lib/one-time-codes.js';
import { IP_LIMITS, ipLimit, registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { AUTH_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';
import { endPendingGrants } from '../../lib/pending-grants.js';
import { consumeResetToken, findLiveRequest, hashResetToken, isResettable, openRequest, recentRequests, RESET_SEND_COOLDOWN_MS, RESET_SENDS_PER_HOUR, RESET_TOKEN_TTL_MS } from './password-reset.repository.js';
import { notification } from '../../lib/notification-texts.js';

const PURPOSE = 'password_reset_code' as const;

// The fixed fields the specification's client sends with every reset call (spec 1 section 7).
const fixedFields = {
  operation: { type: 'string', const: 'reset_password' },
  identifier_type: { type: 'string', const: 'email' },
  signup_id: { type: 'null' },
  verified_on: { type: 'null' },
  access_token: { type: 'null' },
  token_type: { type: 'null' },
};
const requestId = { type: 'string', minLength: 1, maxLength: 64 };
const fixedExample = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null, email: 'member@cu.example' } as const;

/**
 * Password reset (spec 1 sections 2, 7, 8; SECURITY.md rows 5 and 6): send a code by email (the same
 * answer for an unknown email), verify it for a single-use reset token, then set the new password,
 * which revokes every session and sends a notification. No automatic sign-in.
 * The answer's `user_id` is the reset request's id, so it reveals no account.
 */
export default async function passwordResetRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  await registerIpRateLimit(app);
  const secret = app.config.jwtSecret;
  // The reset screens' forms (forms/auth/reset-*) with the fixed fields and ids the specification's calls carry.
  const emailForm = app.forms.schemaOf('auth/reset-email');
  const sendBody = formBody([emailForm], fixedFields);
  const verifyBody = formBody([emailForm, app.forms.schemaOf('auth/reset-code')], { ...fixedFields, user_id: requestId }, ['user_id']);
  const updateBody = formBody([emailForm, app.forms.schemaOf('auth/reset-password')], { ...fixedFields, user_id: requestId, reset_token: { type: 'string', minLength: 1, maxLength: 200 } }, ['user_id', 'reset_token']);

  app.post('/password/reset/send', {
    config: ipLimit(IP_LIMITS.resetSend, AUTH_TEXTS.tooManyResets),
    // The body's schema is built from forms/ at start (JsonObject-typed): the handler names the fields it reads.
    schema: {
      body: { ...sendBody, examples: [fixedExample] },
      response: {
        200: { type: 'object', required: ['message', 'user_id'], properties: { message: { type: 'string' }, user_id: { type: 'string', description: 'The reset request id, sent with the code' } } },
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const email = (request.body as { email: string }).email.trim();
      const now = app.clock.now();
      // Known or unknown email, the same queries run (a request row is written either way); only the email differs.
      const id = await app.db.transaction().execute(async (trx) => {
        // Sends for one email take turns whether or not an account has it: the user row's lock below serialised only a
        // known one's, so a burst for an unknown email all went through (a way to tell the two apart, on Postgres).
        await sendCountTurn(trx, `reset:${email.toLowerCase()}`);
        const user = await trx
          .selectFrom('users')
          .select(['id', 'email', 'is_blocked', 'is_deleted'])
          .where(sql`lower(email)`, '=', email.toLowerCase())
          .forUpdate()
          .executeTakeFirst();
        const recent = await recentRequests(trx, email, now);
        if (recent.count >= RESET_SENDS_PER_HOUR) throw tooMany(AUTH_TEXTS.tooManyResets);
        // Within the wait after a code: how long is left (a second window of the same person says when it can send).
        const since = recent.lastOn ? now.getTime() - recent.lastOn.getTime() : Infinity;
        if (since < RESET_SEND_COOLDOWN_MS) throw tooMany(AUTH_TEXTS.tooManyResets, (RESET_SEND_COOLDOWN_MS - since) / 1000);
        const account = user && !user.is_deleted && !user.is_blocked ? user : undefined;
        const requestIdValue = await openRequest(trx, { email, userId: account?.id ?? null, now });
        const code = await issueCode(trx, { purpose: PURPOSE, subject: requestIdValue, recipient: email.toLowerCase(), now, secret, maxSends: 1 });
        if (account) {
          await app.outbox.send(
            {
              channel: 'email',
              to: account.email,
              subject: notification('resetCodeSubject', app.config.productName),
              body: notification('resetCode', app.config.productName, { code }),
              purpose: PURPOSE,
            },
            trx,
          );
        }
        return requestIdValue;
      });
      void app.outbox.flush().catch(() => undefined);
      return { message: AUTH_TEXTS.resetCodeSent, user_id: id };
    },
  });

  app.post('/password/reset/verify', {
    config: ipLimit(IP_LIMITS.resetVerify, AUTH_TEXTS.tooManyVerifications),
    schema: {
      body: verifyBody,
      response: {
        200: { type: 'object', required: ['message', 'reset_token'], properties: { message: { type: 'string' }, reset_token: { type: 'string' } } },
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const body = request.body as { email: string; user_id: string; code: string };
      const now = app.clock.now();
      const outcome = await app.db.transaction().execute(async (trx) => {
        const reset = await findLiveRequest(trx, body.user_id, body.email);
        if (!reset) return { error: codeCheckError('invalid') };
        const result = await checkCode(trx, { purpose: PURPOSE, subject: reset.id, code: body.code, now, secret });
        if (result !== 'ok') return { error: codeCheckError(result) };
        if (reset.user_id === null || !(await isResettable(trx, reset.user_id, body.email))) return { error: codeCheckError('invalid') };
        const token = crypto.randomBytes(32).toString('base64url');
        await trx
          .updateTable('password_resets')
          .set({ token_hash: hashResetToken(token), token_expires_on: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
          .where('id', '=', reset.id)
          .execute();
        return { token };
      });
      if ('error' in outcome) throw outcome.error;
      return { message: AUTH_TEXTS.codeVerified, reset_token: outcome.token };
    },
  });

  app.post('/password/reset/update', {
    config: ipLimit(IP_LIMITS.resetUpdate, AUTH_TEXTS.tooManyResets),
    schema: { body: updateBody, response: { 200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }, ...errorResponses } },
    // The policy's messages come back under new_password with spec 1 section 8's 'Invalid password format'.
    attachValidation: true,
    handler: async (request) => {
      const body = request.body as { email: string; user_id: string; new_password: string; reset_token: string };
      if (request.validationError) {
        const failures = request.validationError.validation as Parameters<typeof firstFieldMessages>[0];
        const errors = ajvErrorsToFieldErrors(failures);
        // The password's first broken rule in the policy's order (length before the character rules), as the form shows it.
        const password = firstFieldMessages(failures).new_password;
        if (password) errors.new_password = password;
        throw new HttpError(400, errors.new_password ? AUTH_TEXTS.invalidPasswordFormat : (errors._root ?? REQUEST_TEXTS.fixFields), errors);
      }
      const passwordHash = await hashPassword(body.new_password);
      const now = app.clock.now();
      const userId = await app.db.transaction().execute(async (trx) => {
        const owner = await consumeResetToken(trx, { id: body.user_id, email: body.email, token: body.reset_token, now });
        if (owner === null) return null;
        // A reset to the password the account already has changes nothing: refused under the field, and the refusal
        // rolls the transaction back, so the reset token still serves the next try.
        const current = await trx.selectFrom('users').select('password_hash').where('id', '=', owner).executeTakeFirstOrThrow();
        if (await verifyPassword(current.password_hash, body.new_password)) throw new HttpError(400, AUTH_TEXTS.samePassword, { new_password: AUTH_TEXTS.samePassword });
        const user = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_on: now })
          .where('id', '=', owner)
          .returning(['id', 'email', 'first_name'])
          .executeTakeFirstOrThrow();
        // Every session and pending sign-in of this user ends now (SECURITY.md row 6).
        await trx.updateTable('sessions').set({ revoked_on: now }).where('user_id', '=', owner).where('revoked_on', 'is', null).execute();
        await endPendingGrants(trx, owner, now);
        await app.outbox.send(
          {
            channel: 'email',
            to: user.email,
            subject: notification('passwordChangedSubject', app.config.productName),
            body: notification('passwordChanged', app.config.productName, { name: user.first_name, when: formatDateTime(now) }),
            purpose: 'password_changed',
          },
          trx,
        );
        return user.id;
      });
      if (userId === null) throw unauthorized(AUTH_TEXTS.invalidResetToken);
      void app.outbox.flush().catch(() => undefined);
      return { message: AUTH_TEXTS.passwordUpdated };
    },
  });
}
