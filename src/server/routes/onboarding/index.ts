import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { hashApplicantToken, loadApplicantSignup } from '../../lib/applicant-access.js';
import { APPLICANT_TOKEN_HEADER } from '../../../shared/product.js';
import { createStepValidator, takeSignupId, VALIDATION_MESSAGE } from './step-validation.js';
import { readMultipart, removeStored, MAX_UPLOAD_BYTES, type ReceivedFile } from './uploads.js';
import { replaceStepFiles, saveStep } from './steps.repository.js';
import { CLAIM_TEXTS, startClaim } from '../../lib/account-claims.js';
import { ipLimit, registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { APPLICANT_LIMITS, applicantLimit } from '../../lib/applicant-rate-limit.js';
import { guardApplicantRoutes } from '../../plugins/applicant-guard.js';
import { serverContext } from '../signups/submit-application.js';

/** A step a call stores: its id in the flow file and its form (forms/<form>.schema.json). */
interface StepTarget {
  step: string;
  form: string;
}

/** One endpoint; when several steps share it (addresses, identifications) a field picks the step. */
interface StepRoute {
  method: 'POST' | 'PUT';
  url: string;
  encoding: 'json' | 'multipart';
  targets: StepTarget[];
  /** The body field whose value picks the target (its form declares it as a const). */
  pickBy?: { field: string; values: Record<string, StepTarget> };
}

const ROUTES: StepRoute[] = [
  { method: 'POST', url: '/membership-declarations/', encoding: 'json', targets: [{ step: 'membership-declaration-agreement', form: 'onboarding/membership-declaration-agreement' }] },
  { method: 'POST', url: '/peps', encoding: 'json', targets: [{ step: 'politically-exposed-persons', form: 'onboarding/politically-exposed-persons' }] },
  { method: 'POST', url: '/foreign-nationals/', encoding: 'json', targets: [{ step: 'foreign-national-bank-information', form: 'onboarding/foreign-national-bank-information' }] },
  { method: 'POST', url: '/beneficiaries/', encoding: 'json', targets: [{ step: 'designation-of-beneficiary', form: 'onboarding/designation-of-beneficiary' }] },
  { method: 'POST', url: '/guardians/', encoding: 'multipart', targets: [{ step: 'parent-guardian-information', form: 'onboarding/parent-guardian-information' }] },
  { method: 'POST', url: '/employments/', encoding: 'multipart', targets: [{ step: 'employment-information', form: 'onboarding/employment-information' }] },
  { method: 'POST', url: '/power-of-attorneys/', encoding: 'multipart', targets: [{ step: 'power-of-attorney', form: 'onboarding/power-of-attorney' }] },
];

const ADDRESS = { residential: { step: 'address', form: 'onboarding/address' }, mailing: { step: 'mailing-address', form: 'onboarding/mailing-address' } };
const IDENTIFICATION = { child: { step: 'child-id-information', form: 'onboarding/child-id-information' }, adult: { step: 'id-information', form: 'onboarding/id-information' } };
ROUTES.push(
  { method: 'POST', url: '/addresses/', encoding: 'multipart', targets: Object.values(ADDRESS), pickBy: { field: 'address_type', values: ADDRESS } },
  { method: 'POST', url: '/identifications/', encoding: 'multipart', targets: Object.values(IDENTIFICATION), pickBy: { field: 'holder_type', values: IDENTIFICATION } },
);

/**
 * The onboarding step calls of spec 2, 3 and 4 section 7. Every body is validated by its forms/ schema,
 * every call must carry the applicant token of its signup (404 otherwise, 409 once submitted), and each
 * step's data (and files) replace what the step stored before.
 */
export default async function onboardingRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    // preservePath: see the name as sent, so a name with a path is refused rather than silently cut.
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 12, fields: 80, fieldSize: 10_000, parts: 100, headerPairs: 50 },
  });
  // Per address: each route's own limit, and the count of calls that found no application (404 then 429).
  await registerIpRateLimit(app);
  guardApplicantRoutes(app);
  const validator = createStepValidator(app);

  // Before any file is written: the token must belong to a live draft (a stranger stores nothing).
  async function requireKnownApplicant(request: FastifyRequest): Promise<void> {
    const token = request.headers[APPLICANT_TOKEN_HEADER];
    if (typeof token !== 'string' || !token) throw notFound('Signup not found.');
    const row = await app.db.selectFrom('signups').select('id').where('applicant_token_hash', '=', hashApplicantToken(token)).executeTakeFirst();
    if (!row) throw notFound('Signup not found.');
  }

  function pickTarget(route: StepRoute, data: Record<string, unknown>): StepTarget {
    if (!route.pickBy) return route.targets[0];
    const value = data[route.pickBy.field];
    const target = typeof value === 'string' ? route.pickBy.values[value] : undefined;
    if (!target) {
      const message = `${route.pickBy.field} must be one of: ${Object.keys(route.pickBy.values).join(', ')}.`;
      throw badRequest(VALIDATION_MESSAGE, { [route.pickBy.field]: message });
    }
    return target;
  }

  /** Checks the applicant, validates with the facts the server holds, stores; returns the stored data. */
  async function store(request: FastifyRequest, signupId: string, target: StepTarget, body: Record<string, unknown>, files: ReceivedFile[] | undefined) {
    const now = app.clock.now();
    const { valid, replaced } = await app.db.transaction().execute(async (trx) => {
      const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
      const data = validator.validate(target.form, body, serverContext(signup));
      await saveStep(trx, signupId, target.step, data, now);
      return { valid: data, replaced: files ? await replaceStepFiles(trx, signupId, target.step, files, now) : [] };
    });
    await Promise.all(replaced.map((name) => fs.promises.rm(path.join(app.config.uploadDir, name), { force: true })));
    return valid;
  }

  for (const route of ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      config: applicantLimit(),
      handler: async (request, reply) => {
        if (route.encoding === 'json') {
          const { signupId, data } = takeSignupId(request.body);
          const target = pickTarget(route, data);
          const valid = await store(request, signupId, target, data, undefined);
          reply.status(201);
          return { signup_id: signupId, step: target.step, ...valid };
        }
        await requireKnownApplicant(request);
        const body = await readMultipart(app, request, route.targets.map((t) => validator.schemaOf(t.form)));
        try {
          const { signupId, data } = takeSignupId(body.fields);
          const target = pickTarget(route, data);
          // A file part under a field this step's form does not have (the other variant's) is refused.
          const fileFields = new Set(Object.keys(validator.schemaOf(target.form).properties ?? {}));
          const stray = body.files.find((f) => !fileFields.has(f.field));
          if (stray) throw badRequest(VALIDATION_MESSAGE, { [stray.field]: `Unknown field: ${stray.field}` });
          const valid = await store(request, signupId, target, data, body.files);
          reply.status(201);
          return { signup_id: signupId, step: target.step, ...valid, files: body.files.map((f) => ({ field: f.field, name: f.originalName, size_bytes: f.sizeBytes, sha256: f.sha256 })) };
        } catch (error) {
          await removeStored(app, body.files);
          throw error;
        }
      },
    });
  }

  // The existing customer's account number (DESIGN.md "Existing-customer claim"): recorded as a claim
  // attempt that only a code sent to the member's contact on file can prove (next step, account-claim).
  // Every well-formed number answers the same, so the call tells nobody which accounts exist or match.
  app.post('/onboarding/verify-account', { config: ipLimit(APPLICANT_LIMITS.accountClaim, CLAIM_TEXTS.tooManyAttempts) }, async (request, reply) => {
    const { signupId, data } = takeSignupId(request.body);
    const valid = validator.validate('onboarding/account-number', data);
    const now = app.clock.now();
    await app.db.transaction().execute(async (trx) => {
      const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
      await startClaim(trx, { signup, accountNumber: String(valid.account_number), now, secret: app.config.jwtSecret });
      await saveStep(trx, signupId, 'account-number', valid, now);
    });
    reply.status(200);
    return { signup_id: signupId, account_number: valid.account_number, message: CLAIM_TEXTS.received };
  });
}
