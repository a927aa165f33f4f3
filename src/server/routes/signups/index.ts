import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { conflict } from '../../lib/http-errors.js';
import { APPLICANT_TOKEN_HOURS, applicantTokenOf, hashApplicantToken, loadApplicantSignup, newApplicantToken } from '../../lib/applicant-access.js';
import { takeSignupId } from '../../lib/form-validation.js';
import { saveStep } from '../../lib/signup-steps.repository.js';
import { draftByTokenHash } from './signups.repository.js';
import { submitApplication } from './submit-application.js';
import { consentsGiven } from '../../lib/review-rules.js';
import { registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { APPLICANT_LIMITS, applicantLimit } from '../../lib/applicant-rate-limit.js';
import { guardApplicantRoutes } from '../../plugins/applicant-guard.js';
import { normaliseMobile } from '../../../shared/mobile-number.js';
import { PASSWORD_WIDGETS, fieldsDrawnBy } from '../../../shared/forms/widget-fields.js';
import { bodyValidatedByHandler, errorResponses, signupIdField, storedStepAnswer, withSignupId } from '../../lib/route-schemas.js';
import { stepCallContext } from '../../lib/step-call-context.js';
import { ONBOARDING_TEXTS } from '../../../shared/messages.js';

const nullableText = { type: ['string', 'null'] } as const;
/** POST /signups/ answers the signup (spec 2 section 7 reads these fields) with the applicant token. */
const signupAnswer = {
  type: 'object',
  required: ['id', 'applicant_token', 'token_expires_on'],
  additionalProperties: true,
  properties: {
    id: { type: 'string', description: 'The signup id: every later applicant call sends it as signup_id' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    middle_name: nullableText,
    email: { type: 'string' },
    mobile: { type: 'string' },
    school_name: nullableText,
    gender: { type: 'string' },
    dob: { type: 'string' },
    marital_status: { type: 'string' },
    nationality: { type: 'string' },
    has_foreign_bank_account: { type: 'boolean' },
    is_existing_customer: { type: 'boolean' },
    is_minor: { type: 'boolean' },
    applicant_token: { type: 'string', description: 'Send it as x-applicant-token on every later applicant call' },
    token_expires_on: { type: 'string', description: 'ISO 8601' },
  },
} as const;

/** The applicant's signup (spec 2 section 7): creation with basic info, home branch, final submission. */
export default async function signupRoutes(app: FastifyInstance) {
  // Per address: new applications and each call are limited, and calls that find no application count
  // towards the applicant guard (404 then 429).
  await registerIpRateLimit(app);
  guardApplicantRoutes(app);
  const validator = app.forms;

  // Bodies are forms/ schemas loaded at run time (JsonObject-typed), validated by app.forms in the handlers.
  const signupSchema = {
    // Its example is the form's own (`examples` in forms/onboarding/basic-info.schema.json), kept valid with the form.
    body: validator.schemaOf('onboarding/basic-info'),
    response: { 201: signupAnswer, 200: { ...signupAnswer, description: 'A returning applicant (x-applicant-token of a live draft) updated the same signup' }, ...errorResponses },
  };
  app.post('/signups/', { config: applicantLimit(APPLICANT_LIMITS.signupCreate), schema: signupSchema, ...bodyValidatedByHandler }, async (request, reply) => {
    const data = validator.validate('onboarding/basic-info', (request.body ?? {}) as Record<string, unknown>);
    const now = app.clock.now();
    const email = String(data.email).trim();
    const mobile = normaliseMobile(String(data.mobile));
    const passwordHash = await hashPassword(String(data.password));
    // The password fields (the form's password widgets) are hashed above, never stored with the step.
    const secret = fieldsDrawnBy(validator.uiSchemaOf('onboarding/basic-info'), PASSWORD_WIDGETS);
    const stored = Object.fromEntries(Object.entries(data).filter(([k]) => !secret.includes(k)));
    const presented = applicantTokenOf(request);

    const result = await app.db.transaction().execute(async (trx) => {
      // A returning applicant (token of a live draft) edits the same signup instead of starting another.
      const existing = presented ? await draftByTokenHash(trx, hashApplicantToken(presented), now) : undefined;
      // No check against users or other drafts here: the answer must not say which addresses are known
      // (SECURITY.md row 22), and a draft must never block the real owner. An address that already has
      // online banking is handled at the code steps (its owner is told by email or SMS), and uniqueness
      // against users is enforced at approval.
      const columns = {
        first_name: String(data.first_name),
        last_name: String(data.last_name),
        middle_name: typeof data.middle_name === 'string' && data.middle_name ? data.middle_name : null,
        email,
        mobile,
        dob: String(data.dob),
        // Answers an analyst may make optional (forms/onboarding/basic-info.schema.json): none is null.
        gender: typeof data.gender === 'string' ? data.gender : null,
        nationality: typeof data.nationality === 'string' ? data.nationality : null,
        has_foreign_bank_account: data.has_foreign_bank_account === true,
        is_existing_customer: data.is_existing_customer === true,
        is_minor: data.is_minor === true,
        password_hash: passwordHash,
        updated_on: now,
      };
      if (existing) {
        // Basic info not asked for again (changes requested to other steps) takes its answers only as they are; the
        // password is kept out of the stored answers, so it is compared here: it changed unseen otherwise.
        const taken = await saveStep(trx, existing.id, 'basic-info', stored, { now, configVersion: app.configVersion, consents: consentsGiven('basic-info', stored, request.ip) });
        if (!taken) {
          if (!(await verifyPassword(existing.password_hash, String(data.password)))) throw conflict(ONBOARDING_TEXTS.notRequestedStep);
          return { id: existing.id, token: presented as string, expiresOn: new Date(existing.token_expires_on), created: false };
        }
        await trx
          .updateTable('signups')
          .set({
            ...columns,
            email_verified_on: existing.email.toLowerCase() === email.toLowerCase() ? existing.email_verified_on : null,
            mobile_verified_on: existing.mobile === mobile ? existing.mobile_verified_on : null,
          })
          .where('id', '=', existing.id)
          .execute();
        return { id: existing.id, token: presented as string, expiresOn: new Date(existing.token_expires_on), created: false };
      }
      const id = crypto.randomUUID();
      const { token, hash } = newApplicantToken();
      const expiresOn = new Date(now.getTime() + APPLICANT_TOKEN_HOURS * 3600_000);
      await trx
        .insertInto('signups')
        .values({ id, applicant_token_hash: hash, token_expires_on: expiresOn, created_on: now, config_version: app.configVersion, ...columns })
        .execute();
      await saveStep(trx, id, 'basic-info', stored, { now, configVersion: app.configVersion, consents: consentsGiven('basic-info', stored, request.ip) });
      return { id, token, expiresOn, created: true };
    });

    reply.status(result.created ? 201 : 200);
    return {
      id: result.id,
      first_name: data.first_name,
      last_name: data.last_name,
      middle_name: data.middle_name ?? null,
      email,
      mobile,
      school_name: data.school_name ?? null,
      gender: data.gender,
      dob: data.dob,
      marital_status: data.marital_status,
      nationality: data.nationality,
      has_foreign_bank_account: data.has_foreign_bank_account === true,
      is_existing_customer: data.is_existing_customer === true,
      is_minor: data.is_minor === true,
      applicant_token: result.token,
      token_expires_on: result.expiresOn.toISOString(),
    };
  });

  const homeBranchSchema = { body: withSignupId(validator.schemaOf('onboarding/branch')), response: { 200: storedStepAnswer, ...errorResponses } };
  app.put('/signups/home-branch', { config: applicantLimit(), schema: homeBranchSchema, ...bodyValidatedByHandler }, async (request) => {
    const { signupId, data } = takeSignupId(request.body);
    const now = app.clock.now();
    const valid = await app.db.transaction().execute(async (trx) => {
      const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
      // Validated with the applicant's facts, as every step's call is (an option rule on a fact holds here too).
      const checked = validator.validate('onboarding/branch', data, await stepCallContext(trx, signup));
      await saveStep(trx, signupId, 'branch', checked, { now, configVersion: app.configVersion });
      return checked;
    });
    return { signup_id: signupId, ...valid, message: ONBOARDING_TEXTS.stepSaved };
  });

  const submitSchema = {
    body: { type: 'object', required: ['signup_id'], properties: { signup_id: signupIdField } },
    response: {
      200: { type: 'object', required: ['signup_id', 'status', 'message'], properties: { signup_id: { type: 'string' }, status: { type: 'string' }, submitted_on: { type: 'string' }, message: { type: 'string' } } },
      ...errorResponses,
    },
  };
  app.post('/signups/submit', { config: applicantLimit(), schema: submitSchema, ...bodyValidatedByHandler }, async (request) => {
    const { signupId } = takeSignupId(request.body);
    return submitApplication(app, request, signupId);
  });
}
