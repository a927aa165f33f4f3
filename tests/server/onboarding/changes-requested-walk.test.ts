import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { ADULT_STEPS, adultSignup, createApplicant, multipart, sendStep } from './onboarding-helpers';
import { fieldsDrawnBy, PASSWORD_WIDGETS } from '../../../src/shared/forms/widget-fields';
import { verifyPassword } from '../../../src/server/lib/passwords';
import { isSlotParts, sharedFields, slotFields, type SlotParts } from '../../../src/shared/flow/step-parts';
import { stepRequest } from '../../helpers/journey-bodies';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { onboardingFlow } from '../../../src/server/lib/onboarding-flow';
import { auth, tokenFor } from '../admin/admin-helpers';
import { DEMO_ADMIN } from '../../../src/server/db/seed';
import { ONBOARDING_TEXTS } from '../../../src/shared/messages';

/**
 * An application sent back for changes to one step: the applicant walks the wizard again from it, and every later step
 * they were not asked to change sends its answers as before. An outside review was stopped at the first such step
 * ("already submitted and can no longer be changed", 409, on every Next): those go on as sent now, and a step
 * changed anyway is refused saying only the steps asked for can change.
 */
describe.each(dbTargets())('walking on after a request for changes, on $name', (target) => {
  const t = suiteApp(target);
  let n = 5200;

  async function sentBack(step: string) {
    const applicant = await createApplicant(t, adultSignup(++n));
    await t.db.db.updateTable('signups').set({ email_verified_on: new Date(), mobile_verified_on: new Date() }).where('id', '=', applicant.id).execute();
    for (const s of ADULT_STEPS) expect((await sendStep(t, applicant, s)).statusCode, s).toBeLessThan(300);
    expect((await t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address })).statusCode).toBe(200);
    const admin = auth(await tokenFor(t.app, DEMO_ADMIN.email));
    const asked = await t.call({ method: 'PUT', url: '/api/signups/request-changes', payload: { signup_id: applicant.id, steps: [step], message: 'Please upload a recent bill.' }, headers: admin });
    expect(asked.statusCode, asked.body).toBe(200);
    return applicant;
  }
  const stored = async (signupId: string, step: string) =>
    (await t.db.db.selectFrom('signup_steps').select(['data', 'updated_on']).where('signup_id', '=', signupId).where('step', '=', step).executeTakeFirstOrThrow());

  // The steps after the one asked for, as the wizard walks them; their calls as the journeys make them.
  const asked = ADULT_STEPS.find((s) => stepRequest(s).files.length > 0)!;
  const later = ADULT_STEPS.slice(ADULT_STEPS.indexOf(asked) + 1);
  const withoutFiles = later.filter((s) => stepRequest(s).files.length === 0);
  const withFiles = later.filter((s) => stepRequest(s).files.length > 0);

  it('has later steps of both kinds to walk', () => {
    expect(withoutFiles.length).toBeGreaterThan(0);
    expect(withFiles.length).toBeGreaterThan(0);
  });

  it('accepts each later step sent with the answers it holds, storing nothing, and the application goes again', async () => {
    const applicant = await sentBack(asked);
    for (const step of withoutFiles) {
      const before = await stored(applicant.id, step);
      const res = await sendStep(t, applicant, step);
      expect(res.statusCode, `${step}: ${res.body}`).toBeLessThan(300);
      expect((await stored(applicant.id, step)).updated_on, step).toEqual(before.updated_on);
    }
    expect((await sendStep(t, applicant, asked)).statusCode).toBeLessThan(300);
    const again = await t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a later step changed anyway, saying only the steps asked for can change, and keeps what it held', async () => {
    const applicant = await sentBack(asked);
    // A required list answer changed to another of its options (the branch step: another home branch).
    const choiceOf = (s: string) => {
      const { schema } = resolveForm(readFormsDir(), onboardingFlow().steps[s].form!);
      return Object.entries<{ oneOf?: Array<{ const: unknown }> }>(schema.properties).find(([name, p]) => (p.oneOf?.length ?? 0) > 1 && (schema.required ?? []).includes(name));
    };
    const step = withoutFiles.find((s) => onboardingFlow().steps[s].form && choiceOf(s))!;
    const [field, rule] = choiceOf(step)!;
    const other = rule.oneOf!.map((o) => o.const).find((value) => value !== stepRequest(step).body[field]);
    const before = await stored(applicant.id, step);
    const res = await sendStep(t, applicant, step, { data: { [field]: other } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ONBOARDING_TEXTS.notRequestedStep);
    expect(await stored(applicant.id, step)).toEqual(before);
  });

  it("refuses new documents for a step not asked for that come one record per call (the specification's call per ID), even under the names they had", async () => {
    // The whole step's call was refused, but the record call replaced the ID documents (same names, other bytes) of a
    // step the reviewer had not reopened, and the review still showed the step unchanged.
    const flow = onboardingFlow();
    const recordStep = ADULT_STEPS.find((s) => {
      const parts = flow.steps[s].submit?.parts;
      return !!parts && isSlotParts(parts) && stepRequest(s).files.length > 0;
    })!;
    const applicant = await sentBack(ADULT_STEPS.find((s) => s !== recordStep && stepRequest(s).files.length > 0)!);
    const parts = flow.steps[recordStep].submit!.parts as SlotParts;
    const { schema } = resolveForm(readFormsDir(), flow.steps[recordStep].form!);
    const call = stepRequest(recordStep);
    const [slot, { prefix }] = Object.entries(parts.slots)[0];
    const record = {
      signup_id: applicant.id,
      [parts.key]: slot,
      ...Object.fromEntries(sharedFields(parts, schema).filter((f) => f in call.body).map((f) => [f, call.body[f]])),
      ...Object.fromEntries(slotFields(schema, prefix).filter((f) => prefix + f in call.body).map((f) => [f, call.body[prefix + f]])),
    };
    const files = call.files.filter((f) => f.field.startsWith(prefix)).map((f) => ({ field: f.field.slice(prefix.length), name: f.name, content: Buffer.concat([f.content, Buffer.from('another document')]) }));
    expect(files.length).toBeGreaterThan(0);
    const documents = () => t.db.db.selectFrom('signup_files').select(['field', 'original_name', 'sha256']).where('signup_id', '=', applicant.id).where('step', '=', recordStep).orderBy('field').orderBy('original_name').execute();
    const before = await documents();
    const form = multipart(record, files);
    const res = await t.call({ method: call.method, url: call.url, payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ONBOARDING_TEXTS.notRequestedStep);
    expect(await documents()).toEqual(before);
    expect((await t.db.db.selectFrom('signups').select('status').where('id', '=', applicant.id).executeTakeFirstOrThrow()).status).toBe('changes_requested');
  });

  it('refuses a new password sent with basic info not asked for again, keeping the one the application holds', async () => {
    // The password is kept out of the stored answers, so basic info sent again with the same answers and another
    // password was "unchanged" and taken: the password the member will sign in with changed after the review.
    const applicant = await sentBack(asked);
    const body = adultSignup(n);
    const passwordFields = fieldsDrawnBy(resolveForm(readFormsDir(), 'onboarding/basic-info').uiSchema, PASSWORD_WIDGETS);
    expect(passwordFields.length).toBeGreaterThan(0);
    const original = String(body[passwordFields[0]]);
    const holds = async (password: string) => verifyPassword((await t.db.db.selectFrom('signups').select('password_hash').where('id', '=', applicant.id).executeTakeFirstOrThrow()).password_hash, password);
    const send = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/signups/', payload, headers: applicant.headers, remoteAddress: applicant.address });
    const same = await send(body);
    expect(same.statusCode, same.body).toBeLessThan(300);
    const changed = `${original}x`;
    const res = await send({ ...body, ...Object.fromEntries(passwordFields.map((f) => [f, changed])) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ONBOARDING_TEXTS.notRequestedStep);
    expect(await holds(original)).toBe(true);
    expect(await holds(changed)).toBe(false);
  });

  it('refuses new documents for a later step not asked for (the page continues it as sent instead)', async () => {
    const applicant = await sentBack(asked);
    const res = await sendStep(t, applicant, withFiles[0]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ONBOARDING_TEXTS.notRequestedStep);
  });
});
