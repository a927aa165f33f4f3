// A JSON step's call validates with what this server read of the draft lately and stores in one statement that checks
// it all again (src/server/lib/recent-applicants.ts). Whatever changed in the database since, the answer is the one the
// database gives: a token it no longer holds is 404 (never the field messages), a submission 409, and a changed
// draft is read again. The step is the first JSON step of the adult journey that the generic step routes store.
import crypto from 'node:crypto';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, suiteApp } from '../../helpers/test-app';
import { flow, stepRequest } from '../../helpers/journey-bodies';
import { loadStepData } from '../../../src/server/lib/signup-steps.repository';
import { hashApplicantToken } from '../../../src/server/lib/applicant-access';
import { ADULT_STEPS, adultSignup, createApplicant, sendStep, type Applicant } from './onboarding-helpers';

const step = ADULT_STEPS.find((id) => {
  const s = flow.steps[id];
  return s.form && s.submit && !s.submit.action && !s.submit.parts && (s.submit.encoding ?? 'json') === 'json';
})!;

describe.each(dbTargets())('a JSON step stored from what the server read lately, on $name', (target) => {
  const t = suiteApp(target);
  let n = 0;

  /** An applicant whose draft this server has read: one step call stored. */
  async function readByServer(): Promise<Applicant> {
    const applicant = await createApplicant(t, adultSignup(700 + ++n));
    expect((await sendStep(t, applicant, step)).statusCode).toBe(201);
    return applicant;
  }
  const setSignup = (id: string, values: Record<string, unknown>) => t.db.db.updateTable('signups').set(values as never).where('id', '=', id).execute();
  const storedOn = async (id: string) => (await t.db.db.selectFrom('signup_steps').select('updated_on').where('signup_id', '=', id).where('step', '=', step).executeTakeFirst())?.updated_on;
  const withUnknownField = () => ({ ...stepRequest(step).body, not_a_field: 'x' });

  it(`stores ${step} again and again with the same token`, async () => {
    const applicant = await readByServer();
    for (let i = 0; i < 3; i++) expect((await sendStep(t, applicant, step)).statusCode).toBe(201);
    expect(await loadStepData(t.db.db, applicant.id, step)).toBeDefined();
  });

  it('answers 404 to a token the database no longer holds (a resume gave a new one) or that expired, and stores nothing', async () => {
    for (const change of [{ applicant_token_hash: hashApplicantToken(crypto.randomBytes(32).toString('base64url')) }, { token_expires_on: new Date(Date.now() - 1000) }]) {
      const applicant = await readByServer();
      const before = await storedOn(applicant.id);
      await setSignup(applicant.id, change);
      expect((await sendStep(t, applicant, step)).statusCode).toBe(404);
      // Not the field messages either: a refused token is told nothing about the form.
      const refused = await sendStep(t, applicant, step, { data: withUnknownField() });
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
    expect(res.json().errors.not_a_field).toBe('Unknown field: not_a_field');
  });

  it('reads a draft changed by another server again, and answers as a server that never read it', async () => {
    const applicant = await readByServer();
    // The applicant's context as another server's basic-info call would change it.
    await setSignup(applicant.id, { dob: '2011-02-03', nationality: 'Canada', has_foreign_bank_account: true });
    const here = await sendStep(t, applicant, step);
    const fresh = await createTestApp(t.db);
    try {
      const there = await sendStep(fresh, applicant, step);
      expect({ status: here.statusCode, body: here.json() }).toEqual({ status: there.statusCode, body: there.json() });
    } finally {
      await fresh.close();
    }
  });
});
