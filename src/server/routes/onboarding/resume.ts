import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { formBody } from '../../lib/form-body.js';
import { errorResponses, openObject, signupIdField } from '../../lib/route-schemas.js';
import { tooMany } from '../../lib/http-errors.js';
import { checkCode, codeCheckError, issueCode, sendCountTurn } from '../../lib/one-time-codes.js';
import { APPLICANT_TOKEN_HOURS, loadApplicantSignup, newApplicantToken } from '../../lib/applicant-access.js';
import { ipLimit, IP_LIMITS } from '../../lib/auth-rate-limit.js';
import { AUTH_TEXTS, ONBOARDING_TEXTS } from '../../../shared/messages.js';
import { normaliseMobile } from '../../../shared/mobile-number.js';
import { APPLICANT_EDITABLE_STATUSES } from '../../../shared/statuses.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { draftState } from '../../lib/draft-state.js';
import { liveDraftSince, resumeSettings } from '../../lib/draft-lifetime.js';
import { notification } from '../../lib/notification-texts.js';

const PURPOSE = 'resume_code' as const;

/** The column that records the proof of the contact a resume goes by, and the other contact's. */
const proofColumns = (byEmail: boolean) =>
  byEmail ? ({ own: 'email_verified_on', other: 'mobile_verified_on' } as const) : ({ own: 'mobile_verified_on', other: 'email_verified_on' } as const);
/**
 * Per email or mobile, answered alike whether or not an application uses it: one request a minute, five an hour, ten a
 * day. Each code takes five wrong guesses, so someone guessing at another person's draft gets 50 of the million codes a
 * day (25 an hour every hour, 600 a day, before the daily cap).
 */
const SENDS_PER_HOUR = 5;
const SENDS_PER_DAY = 10;
const SEND_COOLDOWN_MS = 60_000;

const draftStep = {
  type: 'object',
  required: ['step', 'title', 'route', 'status'],
  additionalProperties: false,
  properties: {
    step: { type: 'string' },
    title: { type: 'string' },
    route: { type: 'string' },
    status: { type: 'string', enum: ['done', 'skipped', 'reopened', 'todo'] },
    reason: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Reopened: each field at fault and why' },
    data: { ...openObject, description: 'What the step stored, without passwords or files' },
    files: {
      type: 'array',
      items: { type: 'object', required: ['field', 'name', 'size_bytes'], additionalProperties: false, properties: { field: { type: 'string' }, name: { type: 'string' }, size_bytes: { type: 'integer' } } },
    },
  },
} as const;

const draftAnswer = {
  type: 'object',
  required: ['signup_id', 'landing', 'completed', 'applicant', 'steps', 'config_version'],
  additionalProperties: false,
  properties: {
    signup_id: { type: 'string' },
    landing: { type: 'string', description: 'The step the applicant continues on' },
    completed: { type: 'array', items: { type: 'string' } },
    applicant: { ...openObject, description: "The wizard's remembered values and facts (no token)" },
    steps: { type: 'array', items: draftStep },
    config_version: { type: 'string' },
    started_under: { type: ['string', 'null'] },
  },
} as const;

/**
 * Resume anywhere (DESIGN.md "Resume anywhere"): an applicant proves control of the email or mobile they signed up
 * with (a code through the outbox; the answer is the same for an address no application may be continued by), gets a fresh
 * applicant token (the old one stops working), and reads where their draft stands under the configuration in force.
 */
export async function resumeRoutes(app: FastifyInstance) {
  // The flow's `resume` settings turn the feature on (flows/README.md "Resume"); its texts are the answers' words.
  const texts = onboardingFlow().resume?.texts;
  if (!texts) return;
  const secret = app.config.jwtSecret;
  const contactForm = app.forms.schemaOf('auth/resume-contact');
  const sendBody = formBody([contactForm], {});
  const verifyBody = formBody([app.forms.schemaOf('auth/resume-code')], { resume_id: { type: 'string', minLength: 1, maxLength: 64 } }, ['resume_id']);

  app.post('/onboarding/resume/send', {
    config: ipLimit(IP_LIMITS.resetSend, ONBOARDING_TEXTS.tooManyRequests),
    schema: {
      body: { ...sendBody, examples: [{ contact: 'applicant@example.com' }] },
      response: { 200: { type: 'object', required: ['message', 'resume_id'], additionalProperties: false, properties: { message: { type: 'string' }, resume_id: { type: 'string' } } }, ...errorResponses },
    },
    handler: async (request) => {
      const typed = (request.body as { contact: string }).contact.trim();
      const byEmail = typed.includes('@');
      const contact = byEmail ? typed.toLowerCase() : normaliseMobile(typed);
      const now = app.clock.now();
      const settings = resumeSettings(onboardingFlow());
      const id = crypto.randomUUID();
      // Known or unknown address, the same statements run; only whether the code can be delivered differs.
      await app.db.transaction().execute(async (trx) => {
        // Parallel requests for one contact count each other: the cap and the wait hold under a burst too.
        await sendCountTurn(trx, `resume:${contact}`);
        const hourAgo = new Date(now.getTime() - 3600_000);
        const recent = await trx
          .selectFrom('signup_resumes')
          .select([
            sql<number>`count(*)::int`.as('day'),
            sql<number>`(count(*) filter (where created_on > ${hourAgo}))::int`.as('hour'),
            sql<Date | null>`max(created_on)`.as('last_on'),
          ])
          .where('contact', '=', contact)
          .where('created_on', '>', new Date(now.getTime() - 24 * 3600_000))
          .executeTakeFirstOrThrow();
        if (recent.hour >= SENDS_PER_HOUR || recent.day >= SENDS_PER_DAY) throw tooMany(ONBOARDING_TEXTS.tooManyRequests);
        if (recent.last_on && now.getTime() - new Date(recent.last_on).getTime() < SEND_COOLDOWN_MS) throw tooMany(ONBOARDING_TEXTS.resendCooldown, SEND_COOLDOWN_MS / 1000);
        let query = trx.selectFrom('signups').select(['id', 'email', 'mobile', 'first_name']).where('status', 'in', APPLICANT_EDITABLE_STATUSES).where('updated_on', '>', liveDraftSince(now, settings));
        // Anyone can start a draft with another person's email. Such a draft is never handed to the email's owner
        // once its starter proved the other contact (their own mobile): the owner would type their answers into it
        // for the starter, continuing by that mobile, to read. So a contact continues a draft it was proven for, or
        // one whose applicant proved neither contact yet (started on another device, stopped before the codes); the
        // code proves it there (verify, below), and the other, unproven contact can no longer continue that draft.
        const { own, other } = proofColumns(byEmail);
        query = (byEmail ? query.where(sql<string>`lower(email)`, '=', contact) : query.where('mobile', '=', contact)).where((eb) => eb.or([eb(own, 'is not', null), eb(other, 'is', null)]));
        const draft = await query.orderBy(sql`${sql.ref(own)} is null`).orderBy('updated_on', 'desc').limit(1).executeTakeFirst();
        await trx.insertInto('signup_resumes').values({ id, signup_id: draft?.id ?? null, contact, created_on: now }).execute();
        const code = await issueCode(trx, { purpose: PURPOSE, subject: id, recipient: contact, now, secret, maxSends: 1, undeliverable: !draft });
        if (draft) {
          const text = notification('resumeCode', app.config.productName, { code });
          await app.outbox.send(byEmail ? { channel: 'email', to: draft.email, subject: notification('resumeCodeSubject', app.config.productName), body: text, purpose: PURPOSE } : { channel: 'sms', to: draft.mobile, body: text, purpose: PURPOSE }, trx);
        }
      });
      void app.outbox.flush().catch(() => undefined);
      return { message: texts.codeSent, resume_id: id };
    },
  });

  app.post('/onboarding/resume/verify', {
    config: ipLimit(IP_LIMITS.codeVerify, AUTH_TEXTS.tooManyVerifications),
    schema: {
      body: verifyBody,
      response: {
        200: {
          type: 'object',
          required: ['signup_id', 'applicant_token', 'token_expires_on'],
          additionalProperties: false,
          properties: { signup_id: { type: 'string' }, applicant_token: { type: 'string', description: 'Send as x-applicant-token' }, token_expires_on: { type: 'string' } },
        },
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const body = request.body as { resume_id: string; code: string };
      const now = app.clock.now();
      const settings = resumeSettings(onboardingFlow());
      const outcome = await app.db.transaction().execute(async (trx) => {
        const resume = await trx.selectFrom('signup_resumes').select(['id', 'signup_id', 'contact']).where('id', '=', body.resume_id).executeTakeFirst();
        if (!resume) return { error: codeCheckError('invalid') };
        const result = await checkCode(trx, { purpose: PURPOSE, subject: resume.id, code: body.code, now, secret });
        if (result !== 'ok') return { error: codeCheckError(result) };
        if (!resume.signup_id) return { error: codeCheckError('invalid') };
        // A fresh token for this device; the one issued before stops working.
        const { token, hash } = newApplicantToken();
        const expiresOn = new Date(now.getTime() + APPLICANT_TOKEN_HOURS * 3600_000);
        // The code proved the contact it went to: the draft's email (or mobile) counts as verified from now on. The
        // draft must still be one the contact may continue (its other contact not proven since the code was sent).
        const { own, other } = proofColumns(resume.contact.includes('@'));
        const proven = { [own]: sql<Date>`coalesce(${sql.ref(own)}, ${now})` };
        const updated = await trx
          .updateTable('signups')
          .set({ applicant_token_hash: hash, token_expires_on: expiresOn, ...proven })
          .where('id', '=', resume.signup_id)
          .where((eb) => eb.or([eb(own, 'is not', null), eb(other, 'is', null)]))
          .where('status', 'in', APPLICANT_EDITABLE_STATUSES)
          .where('updated_on', '>', liveDraftSince(now, settings))
          .returning('id')
          .executeTakeFirst();
        if (!updated) return { error: codeCheckError('expired') };
        return { signupId: updated.id, token, expiresOn };
      });
      if ('error' in outcome) throw outcome.error;
      return { signup_id: outcome.signupId, applicant_token: outcome.token, token_expires_on: outcome.expiresOn.toISOString() };
    },
  });

  app.get('/onboarding/draft', {
    schema: {
      querystring: { type: 'object', required: ['signup_id'], additionalProperties: false, properties: { signup_id: signupIdField } },
      response: { 200: draftAnswer, ...errorResponses },
    },
    handler: async (request) => {
      const { signup_id: signupId } = request.query as { signup_id: string };
      const now = app.clock.now();
      const signup = await loadApplicantSignup(app.db, request, signupId, { now, draft: true });
      return draftState({ db: app.db, forms: app.forms, flow: onboardingFlow(), configVersion: app.configVersion, now }, signup);
    },
  });
}
