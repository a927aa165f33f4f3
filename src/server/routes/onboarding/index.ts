import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest, conflict, missing } from '../../lib/http-errors.js';
import { applicantTokenOf, hashApplicantToken, holdsToken, loadApplicantSignup } from '../../lib/applicant-access.js';
import { takeSignupId } from '../../lib/form-validation.js';
import { readMultipart, removeStored, MAX_FIELD_BYTES, MAX_UPLOAD_BYTES, type ReceivedFile } from './uploads.js';
import { removeStoredNames } from '../../lib/remove-stored.js';
import { replaceStepFiles } from './steps.repository.js';
import { answerUntakenStep, saveStep, saveStepIfUnchanged, type StepGuard, type StepStamp } from '../../lib/signup-steps.repository.js';
import { recentApplicants } from '../../lib/recent-applicants.js';
import { takesStep } from '../../lib/change-requests.js';
import { startClaim } from '../../lib/account-claims.js';
import { ipLimit, registerIpRateLimit } from '../../lib/auth-rate-limit.js';
import { APPLICANT_LIMITS, applicantLimit } from '../../lib/applicant-rate-limit.js';
import { guardApplicantRoutes } from '../../plugins/applicant-guard.js';
import { stepCallContext } from '../../lib/step-call-context.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { stepRoutes, type StepRoute, type StepTarget } from '../../../shared/flow/step-routes.js';
import { SERVER_ACTION_NAMES } from '../../../shared/flow/server-actions.js';
import { isRecordBody, recordSchema, unpickedMessage } from '../../../shared/flow/step-parts.js';
import { storeRecord } from './store-record.js';
import { resumeRoutes } from './resume.js';
import { consentsGiven } from '../../lib/review-rules.js';
import { bodyValidatedByHandler, errorResponses, storedStepAnswer, withSignupId } from '../../lib/route-schemas.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';
import { fillText } from '../../../shared/fill-text.js';

/**
 * The OpenAPI schema of a generated step route: the body is its step's form (each variant's, for an endpoint
 * several steps share) with signup_id; multipart for uploads. Documentation only: the handler validates.
 */
function stepRouteSchema(route: StepRoute, schemaOf: (formId: string) => Record<string, unknown>) {
  const variants = route.targets.map((t) => withSignupId(schemaOf(t.form), { description: `Step ${t.step} (form ${t.form})` }));
  const fileAnswer = { type: 'array', description: 'The files stored (multipart steps)', items: { type: 'object', additionalProperties: true } } as const;
  return {
    ...(route.encoding === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    body: variants.length === 1 ? variants[0] : { oneOf: variants, description: `Told apart by ${route.pickBy?.field}` },
    response: { 201: { ...storedStepAnswer, properties: { ...storedStepAnswer.properties, files: fileAnswer } }, ...errorResponses },
  };
}

/**
 * The onboarding step calls of spec 2, 3 and 4 section 7, one generic route per `submit` endpoint of the flow
 * file (step-routes.ts; steps naming a server `action` are served where that action lives). Every body is
 * validated by its forms/ schema, every call must carry the applicant token of its signup (404 otherwise, 409
 * once submitted), and each step's data (and files) replace what the step stored before.
 */
export default async function onboardingRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    // preservePath: see the name as sent, so a name with a path is refused rather than silently cut.
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 12, fields: 80, fieldSize: MAX_FIELD_BYTES, parts: 100, headerPairs: 50 },
  });
  // Per address: each route's own limit, and the count of calls that found no application (404 then 429).
  await registerIpRateLimit(app);
  guardApplicantRoutes(app);
  const validator = app.forms;

  // Before any file is written: the token must belong to a live draft (a stranger stores nothing).
  async function requireKnownApplicant(request: FastifyRequest): Promise<void> {
    const token = applicantTokenOf(request);
    if (!token) throw missing('signup');
    const row = await app.db.selectFrom('signups').select('id').where('applicant_token_hash', '=', hashApplicantToken(token)).executeTakeFirst();
    if (!row) throw missing('signup');
  }

  /** The step an endpoint several steps share is called for, by the body's field that tells them apart (undefined: none yet). */
  function pickedTarget(route: StepRoute, data: Record<string, unknown>): StepTarget | undefined {
    if (!route.pickBy) return route.targets[0];
    const value = data[route.pickBy.field];
    // Its own keys only: "__proto__" or "toString" would find the object's machinery.
    return typeof value === 'string' && Object.hasOwn(route.pickBy.values, value) ? route.pickBy.values[value] : undefined;
  }

  function pickTarget(route: StepRoute, data: Record<string, unknown>): StepTarget {
    const target = pickedTarget(route, data);
    if (!target) {
      const { field } = route.pickBy!;
      throw badRequest(REQUEST_TEXTS.fixFields, { [field]: unpickedMessage(validator.schemaOf(route.targets[0].form), field, data[field]) });
    }
    return target;
  }

  /** The drafts this server read lately: a JSON step whose draft is here is one statement (lib/recent-applicants.ts). */
  const recent = recentApplicants();

  /**
   * A step without files: one statement when this server read the draft lately (validated with what it read, stored
   * only while the draft still holds it), else two (read the signup, store). Only a success comes from what was read.
   */
  async function storeJson(request: FastifyRequest, signupId: string, target: StepTarget, body: Record<string, unknown>, now: Date, stamp: (data: Record<string, unknown>) => StepStamp) {
    const token = applicantTokenOf(request);
    const tokenHash = token ? hashApplicantToken(token) : '';
    // The statement checks the caller's token, not the one remembered.
    const guardOf = (read: StepGuard) => ({ ...read, applicant_token_hash: tokenHash });
    const known = tokenHash ? recent.get(signupId, now) : undefined;
    if (known && holdsToken(known, tokenHash, now)) {
      const { data, errors } = validator.check(target.form, body, await stepCallContext(app.db, known));
      // A refused body or a changed draft is answered from what the database holds, below.
      if (!Object.keys(errors).length && (await saveStepIfUnchanged(app.db, signupId, target.step, data, stamp(data), guardOf(known)))) return data;
    }
    // Read again when the draft changed between the read and the store (another server, a resume, a submission).
    for (let attempt = 1; ; attempt++) {
      const signup = await loadApplicantSignup(app.db, request, signupId, { now, draft: true }).catch((error: unknown) => {
        recent.forget(signupId);
        throw error;
      });
      recent.remember(signup);
      const data = validator.validate(target.form, body, await stepCallContext(app.db, signup));
      // What the applicant agreed to, and from where, stored with the step (never for a submitted application).
      if (await saveStepIfUnchanged(app.db, signupId, target.step, data, stamp(data), guardOf(signup))) return data;
      // Changes requested to other steps: this one is closed, and answered as saveStep answers it.
      if (!takesStep(signup, target.step)) {
        await answerUntakenStep(app.db, signupId, target.step, data);
        return data;
      }
      if (attempt === 3) {
        request.log.warn({ signupId, step: target.step }, 'a step was refused three times by a draft that took it when read');
        throw conflict(ONBOARDING_TEXTS.changedWhileSaving);
      }
    }
  }

  /**
   * Checks the applicant, validates with the facts the server holds, stores; returns the stored data. A step with
   * files replaces the step's files in the same transaction.
   */
  async function store(request: FastifyRequest, signupId: string, target: StepTarget, body: Record<string, unknown>, files: ReceivedFile[] | undefined) {
    const now = app.clock.now();
    const stamp = (data: Record<string, unknown>) => ({ now, configVersion: app.configVersion, consents: consentsGiven(target.step, data, request.ip) });
    if (!files) return storeJson(request, signupId, target, body, now, stamp);
    const { valid, replaced } = await app.db.transaction().execute(async (trx) => {
      const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
      recent.remember(signup);
      const data = validator.validate(target.form, body, await stepCallContext(trx, signup));
      // A step not asked for again keeps its documents: the same answers go on only without new files (the page's
      // "Continue as sent" sends nothing at all).
      if (!(await saveStep(trx, signupId, target.step, data, stamp(data)))) {
        if (files.length) throw conflict(ONBOARDING_TEXTS.notRequestedStep);
        return { valid: data, replaced: [] };
      }
      return { valid: data, replaced: await replaceStepFiles(trx, signupId, target.step, files, now) };
    });
    await removeStoredNames(app, replaced);
    return valid;
  }

  /** A step's forms as its multipart body is read: a step that may arrive record by record also reads the record's fields and files (the spec's id_files). */
  const schemasOfTarget = (t: StepTarget) => [validator.schemaOf(t.form), ...(t.parts ? [recordSchema(t.parts, validator.schemaOf(t.form))] : [])];

  const flow = onboardingFlow();
  for (const [id, step] of Object.entries(flow.steps)) {
    const action = step.submit?.action;
    if (action && !(SERVER_ACTION_NAMES as readonly string[]).includes(action)) throw new Error(`flows/onboarding.flow.json: step "${id}" names the unknown server action "${action}" (known: ${SERVER_ACTION_NAMES.join(', ')}).`);
  }
  for (const route of stepRoutes(flow, (formId) => validator.schemaOf(formId))) {
    app.route({
      method: route.method,
      url: route.url,
      config: applicantLimit(),
      schema: stepRouteSchema(route, (formId) => validator.schemaOf(formId)),
      ...bodyValidatedByHandler,
      handler: async (request, reply) => {
        if (route.encoding === 'json') {
          const { signupId, data } = takeSignupId(request.body);
          const target = pickTarget(route, data);
          reply.status(201);
          if (target.parts && isRecordBody(target.parts, data)) {
            const { record, pending } = await storeRecord(app, request, signupId, { ...target, parts: target.parts }, data);
            return { signup_id: signupId, step: target.step, ...record, missing: pending };
          }
          const valid = await store(request, signupId, target, data, undefined);
          return { signup_id: signupId, step: target.step, ...valid };
        }
        await requireKnownApplicant(request);
        // Once the field that picks the step has come, its form alone sets the files' limits and messages.
        const body = await readMultipart(app, request, (fields) => {
          const target = pickedTarget(route, fields);
          return target ? schemasOfTarget(target) : route.targets.flatMap(schemasOfTarget);
        });
        try {
          const { signupId, data } = takeSignupId(body.fields);
          const target = pickTarget(route, data);
          const asRecord = target.parts && isRecordBody(target.parts, data) ? target.parts : undefined;
          // A file part under a field this step's form (or record) does not have (the other variant's) is refused.
          const fileFields = new Set(Object.keys((asRecord ? recordSchema(asRecord, validator.schemaOf(target.form)) : validator.schemaOf(target.form)).properties ?? {}));
          const stray = body.files.find((f) => !fileFields.has(f.field));
          if (stray) throw badRequest(REQUEST_TEXTS.fixFields, { [stray.field]: fillText(REQUEST_TEXTS.unknownField, { field: stray.field }) });
          const files = body.files.map((f) => ({ field: f.field, name: f.originalName, size_bytes: f.sizeBytes, sha256: f.sha256 }));
          reply.status(201);
          if (asRecord) {
            const { record, pending } = await storeRecord(app, request, signupId, { ...target, parts: asRecord }, data, body.files);
            return { signup_id: signupId, step: target.step, ...record, missing: pending, files };
          }
          const valid = await store(request, signupId, target, data, body.files);
          return { signup_id: signupId, step: target.step, ...valid, files };
        } catch (error) {
          await removeStored(app, body.files);
          throw error;
        }
      },
    });
  }

  await resumeRoutes(app);

  // The existing customer's account number (DESIGN.md "Existing-customer claim"): recorded as a claim
  // attempt that only a code sent to the member's contact on file can prove (next step, account-claim).
  // Every well-formed number answers the same, so the call tells nobody which accounts exist or match.
  const verifyAccountSchema = {
    body: withSignupId(validator.schemaOf('onboarding/account-number')),
    response: {
      200: { type: 'object', required: ['signup_id', 'message'], properties: { signup_id: { type: 'string' }, account_number: { type: 'string' }, message: { type: 'string' } } },
      ...errorResponses,
    },
  };
  app.post('/onboarding/verify-account', { config: ipLimit(APPLICANT_LIMITS.accountClaim, ONBOARDING_TEXTS.claimTooManyAttempts), schema: verifyAccountSchema, ...bodyValidatedByHandler }, async (request, reply) => {
    const { signupId, data } = takeSignupId(request.body);
    const now = app.clock.now();
    const valid = await app.db.transaction().execute(async (trx) => {
      const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
      const checked = validator.validate('onboarding/account-number', data, await stepCallContext(trx, signup));
      await startClaim(trx, { signup, accountNumber: String(checked.account_number), now });
      await saveStep(trx, signupId, 'account-number', checked, { now, configVersion: app.configVersion });
      return checked;
    });
    reply.status(200);
    return { signup_id: signupId, account_number: valid.account_number, message: ONBOARDING_TEXTS.claimReceived };
  });
}
