// A JSON step's call validates with what this server read of the draft lately and stores in one statement that checks
// it all again (src/server/lib/recent-applicants.ts). Whatever changed in the database since, the answer is the one the
// database gives: a token it does not hold is 404 (never the field messages), a submission 409, and a changed draft is
// read again. The step is the first JSON step of the adult journey that the generic step routes store.
import crypto from 'node:crypto';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, suiteApp } from '../../helpers/test-app';
import { flow, stepRequest } from '../../helpers/journey-bodies';
import { copyConfig, useConfigRoot } from '../../scripts/config-copy';
import { loadStepData } from '../../../src/server/lib/signup-steps.repository';
import { hashApplicantToken } from '../../../src/server/lib/applicant-access';
import { ADULT_STEPS, adultSignup, createApplicant, sendStep, type Applicant } from './onboarding-helpers';
import { unknownFieldMessage } from '../../helpers/form-messages';

const step = ADULT_STEPS.find((id) => {
  const s = flow.steps[id];
  return s.form && s.submit && !s.submit.action && !s.submit.parts && (s.submit.encoding ?? 'json') === 'json';
})!;
const formId = flow.steps[step].form!;

// The step's form in a copy of the configuration, with one more field whose options depend on the applicant's age
// (an option rule on the isMinor fact, forms/README.md): what a minor may answer differs from what an adult may.
const config = copyConfig('repository');
const MINOR_MESSAGE = 'Only "a" for a minor.';
config.edit(`forms/${formId}.schema.json`, (schema) => {
  schema.properties.age_check = { type: 'string', title: 'Age check', enum: ['a', 'b'], optionsWhen: [{ when: { properties: { isMinor: { const: true } }, required: ['isMinor'] }, only: ['a'], message: MINOR_MESSAGE }] };
});
config.edit(`forms/${formId}.ui.json`, (ui) => {
  if (Array.isArray(ui['ui:order'])) ui['ui:order'].push('age_check');
  // A bare enum needs its options' words (config:check refuses raw values).
  ui.age_check = { 'ui:enumNames': ['A', 'B'] };
});

describe.each(dbTargets())('a JSON step stored from what the server read lately, on $name', (target) => {
  useConfigRoot(config.root);
  const t = suiteApp(target);
  let n = 0;

  /** An applicant whose draft this server has read: one step call stored. */
  async function readByServer(change: Record<string, unknown> = {}): Promise<Applicant> {
    const applicant = await createApplicant(t, adultSignup(700 + ++n));
    if (Object.keys(change).length) await setSignup(applicant.id, change);
    const first = await sendStep(t, applicant, step);
    expect(first.statusCode, first.body).toBe(201);
    return applicant;
  }
  const setSignup = (id: string, values: Record<string, unknown>) => t.db.db.updateTable('signups').set(values as never).where('id', '=', id).execute();
  const storedOn = async (id: string) => (await t.db.db.selectFrom('signup_steps').select('updated_on').where('signup_id', '=', id).where('step', '=', step).executeTakeFirst())?.updated_on;
  const withUnknownField = () => ({ ...stepRequest(step).body, not_a_field: 'x' });

  it(`stores ${step} again and again with the same token, also for a draft with an empty context column`, async () => {
    for (const applicant of [await readByServer(), await readByServer({ nationality: null })]) {
      for (let i = 0; i < 3; i++) expect((await sendStep(t, applicant, step)).statusCode).toBe(201);
      expect(await loadStepData(t.db.db, applicant.id, step)).toBeDefined();
    }
  });

  it("answers 404 to another visitor's token, a token the database no longer holds (a resume gave a new one) or one that expired, and stores nothing", async () => {
    const stranger = await readByServer();
    const changes: Array<{ headers?: Record<string, string>; change?: Record<string, unknown> }> = [
      { headers: stranger.headers },
      { headers: { 'x-applicant-token': crypto.randomBytes(32).toString('base64url') } },
      { change: { applicant_token_hash: hashApplicantToken(crypto.randomBytes(32).toString('base64url')) } },
      { change: { token_expires_on: new Date(Date.now() - 1000) } },
    ];
    for (const { headers, change } of changes) {
      const applicant = await readByServer();
      const before = await storedOn(applicant.id);
      if (change) await setSignup(applicant.id, change);
      expect((await sendStep(t, applicant, step, { headers })).statusCode).toBe(404);
      // Not the field messages either: a refused token is told nothing about the form.
      const refused = await sendStep(t, applicant, step, { headers, data: withUnknownField() });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(await storedOn(applicant.id)).toEqual(before);
    }
  });

  it('answers 409 once the application was submitted elsewhere, for a valid body and for one that fails validation', async () => {
    const applicant = await readByServer();
    await setSignup(applicant.id, { status: 'pending_approval' });
    expect((await sendStep(t, applicant, step)).statusCode).toBe(409);
    expect((await sendStep(t, applicant, step, { data: withUnknownField() })).statusCode).toBe(409);
  });

  it('answers a body that fails validation with the field messages, as on a first call', async () => {
    const applicant = await readByServer();
    const res = await sendStep(t, applicant, step, { data: withUnknownField() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.not_a_field).toBe(unknownFieldMessage('not_a_field'));
  });

  it('validates with what the database holds when another server changed the draft (an adult who is now a minor)', async () => {
    const applicant = await readByServer();
    expect((await sendStep(t, applicant, step, { data: { age_check: 'b' } })).statusCode).toBe(201);
    // Another server's basic-info call: the date of birth of a ten-year-old.
    await setSignup(applicant.id, { dob: `${new Date().getUTCFullYear() - 10}-01-01` });
    const here = await sendStep(t, applicant, step, { data: { age_check: 'b' } });
    expect(here.statusCode, here.body).toBe(400);
    expect(here.json().errors.age_check).toBe(MINOR_MESSAGE);
    // As a server that never read the draft answers.
    const fresh = await createTestApp(t.db);
    try {
      const there = await sendStep(fresh, applicant, step, { data: { age_check: 'b' } });
      const answer = (res: typeof here) => ({ status: res.statusCode, message: res.json().message, errors: res.json().errors });
      expect(answer(there)).toEqual(answer(here));
    } finally {
      await fresh.close();
    }
  });
});

// The statements a call sends, counted where PGlite runs them (db.executeQuery: the application's read and the store).
for (const target of dbTargets().filter((d) => d.name === 'pglite')) {
  describe('a step call on a draft the server read is one statement', () => {
    const t = suiteApp(target);
    it(`stores ${step} with one statement after the first call's two`, async () => {
      const applicant = await createApplicant(t, adultSignup(800));
      const statements = vi.spyOn(t.db.db, 'executeQuery');
      try {
        expect((await sendStep(t, applicant, step)).statusCode).toBe(201);
        expect(statements).toHaveBeenCalledTimes(2);
        statements.mockClear();
        expect((await sendStep(t, applicant, step)).statusCode).toBe(201);
        expect(statements).toHaveBeenCalledTimes(1);
      } finally {
        statements.mockRestore();
      }
    });
  });
}
