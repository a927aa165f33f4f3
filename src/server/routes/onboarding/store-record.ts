import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../../lib/http-errors.js';
import { loadApplicantSignup } from '../../lib/applicant-access.js';
import { loadStepData, saveStep } from '../../lib/signup-steps.repository.js';
import { consentsGiven } from '../../lib/review-rules.js';
import { stepCallContext } from '../../lib/step-call-context.js';
import { mergeRecord, recordOf, recordSchema, slotFields, splitRecordErrors, type StepParts } from '../../../shared/flow/step-parts.js';
import { replaceStepFiles } from './steps.repository.js';
import type { ReceivedFile } from './uploads.js';
import { removeStoredNames } from '../../lib/remove-stored.js';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';

/**
 * One record of a step the flow lets arrive record by record (`submit.parts`: the specification's one call per
 * ID, per beneficiary). In one transaction holding the signup's row: the record is merged into what the step
 * stored (its slot, or the list item with the same `match` values, replaced), the merged step is checked by the
 * step's own form, and stored unless the record itself (or a conflict with a stored record) is wrong. What
 * records still to come must bring is answered as `missing` and checked again at final submission.
 * A record's files replace only its slot's files.
 */
export async function storeRecord(app: FastifyInstance, request: FastifyRequest, signupId: string, target: { step: string; form: string; parts: StepParts }, record: Record<string, unknown>, files?: ReceivedFile[]) {
  const now = app.clock.now();
  const stepSchema = app.forms.schemaOf(target.form);
  const { result, replaced } = await app.db.transaction().execute(async (trx) => {
    const signup = await loadApplicantSignup(trx, request, signupId, { now, forUpdate: true });
    const stored = (await loadStepData(trx, signupId, target.step)) ?? {};
    const merge = mergeRecord(target.parts, stepSchema, stored, record);
    if ('errors' in merge) throw badRequest(REQUEST_TEXTS.fixFields, merge.errors);
    const { data, errors } = app.forms.check(target.form, merge.merged, await stepCallContext(trx, signup));
    const { refused, pending } = splitRecordErrors(target.parts, stepSchema, merge.merged, merge.place, errors);
    if (Object.keys(refused).length) throw badRequest(refused._root ?? REQUEST_TEXTS.fixFields, refused);
    // A step not asked for again (changes requested to others) takes its answers only as they are, and never new
    // documents: a record under the names the documents had replaced them unseen, as the whole step's call refuses to.
    const taken = await saveStep(trx, signupId, target.step, data, { now, configVersion: app.configVersion, consents: consentsGiven(target.step, data, request.ip) });
    if (!taken && files?.length) throw conflict(ONBOARDING_TEXTS.notRequestedStep);
    let replaced: string[] = [];
    if (taken && files && 'prefix' in merge.place) {
      const { prefix } = merge.place;
      const fileFields = Object.entries(recordSchema(target.parts, stepSchema).properties as Record<string, { maxFileSize?: number; fileTypes?: string[] }>)
        .filter(([, p]) => p.maxFileSize !== undefined || p.fileTypes !== undefined)
        .map(([f]) => f)
        .filter((f) => slotFields(stepSchema, prefix).includes(f));
      for (const f of files) f.field = prefix + f.field;
      replaced = await replaceStepFiles(trx, signupId, target.step, files, now, fileFields.map((f) => prefix + f));
    }
    return { result: { record: recordOf(target.parts, stepSchema, data, merge.place), pending }, replaced };
  });
  await removeStoredNames(app, replaced);
  return result;
}
