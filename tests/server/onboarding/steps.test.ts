import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { adultSignup, createApplicant, multipart, type Applicant } from './onboarding-helpers';
import { STEP_CASES, type StepCase } from './step-bodies';
import { stepRequest } from '../../helpers/journey-bodies';
import { fieldMessage, unknownFieldMessage } from '../../helpers/form-messages';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';

/** The employment body the wizard sends for a student (the adult journey's answers, the status changed): its transform fills the hidden fields. */
const studentEmployment = () => stepRequest('employment-information', { data: { employment_status: 'student' } }).body;
const EMPLOYMENT = 'onboarding/employment-information';

describe.each(dbTargets())('onboarding step calls on $name', (target) => {
  let n = 0;
  const clock = new FakeClock(new Date('2026-06-15T12:00:00Z'));

  const t = suiteApp(target, { clock });

  async function send(c: StepCase, applicant: Applicant, body: Record<string, unknown>, headers = applicant.headers) {
    const withId: Record<string, unknown> = { signup_id: applicant.id, ...body };
    for (const [k, v] of Object.entries(withId)) if (v === undefined) delete withId[k];
    if (c.encoding === 'json') return t.call({ method: c.method, url: c.url, payload: withId, headers, remoteAddress: applicant.address });
    const form = multipart(withId, c.files ?? []);
    return t.call({ method: c.method, url: c.url, payload: form.payload, headers: { ...headers, ...form.headers }, remoteAddress: applicant.address });
  }
  // Minors get the child steps; everyone else is an adult.
  const applicantFor = (c: StepCase) => createApplicant(t, adultSignup(++n, c.step === 'child-id-information' ? { dob: '2012-01-01', marital_status: 'Single', school_name: 'Fatima College' } : {}));

  describe.each(STEP_CASES)('$name ($method $url)', (c) => {
    it('accepts a valid body and stores it (a repeat replaces it)', async () => {
      const applicant = await applicantFor(c);
      const res = await send(c, applicant, c.body);
      expect(res.statusCode, res.body).toBe(c.method === 'PUT' ? 200 : 201);
      const again = await send(c, applicant, c.body);
      expect(again.statusCode).toBeLessThan(300);
      const rows = await t.db.db.selectFrom('signup_steps').selectAll().where('signup_id', '=', applicant.id).where('step', '=', c.step).execute();
      expect(rows).toHaveLength(1);
      const files = await t.db.db.selectFrom('signup_files').selectAll().where('signup_id', '=', applicant.id).where('step', '=', c.step).execute();
      expect(files).toHaveLength(c.files?.length ?? 0);
      for (const f of files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each(c.invalid)("refuses a bad %s with 400 and the form's message (%j, %s)", async (field, change, keyword) => {
      const applicant = await applicantFor(c);
      const body = { ...c.body, ...change };
      const res = await send(c, applicant, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.[field], res.body).toBe(fieldMessage(c.form, field, keyword, body));
    });

    it('refuses an unknown field', async () => {
      const applicant = await applicantFor(c);
      const res = await send(c, applicant, { ...c.body, is_admin: 'true' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.is_admin).toBe(unknownFieldMessage('is_admin'));
    });

    // Names every object answers to: an `in` lookup finds them on the prototype, so they were stored unchecked.
    it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty'])('refuses a field named %s, storing nothing', async (name) => {
      const applicant = await applicantFor(c);
      const res = await send(c, applicant, { ...c.body, [name]: c.encoding === 'json' ? { any: ['thing'] } : 'x' });
      expect(res.statusCode, res.body).toBe(400);
      if (c.encoding === 'json') expect(res.json().errors?.[name], res.body).toBe(unknownFieldMessage(name));
      else expect(res.json().message).toBe(ONBOARDING_TEXTS.unknownUploadField);
      const rows = await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).where('step', '=', c.step).execute();
      expect(rows).toHaveLength(0);
    });

    it("answers 404 to another visitor's token and to no token, storing nothing", async () => {
      const applicant = await applicantFor(c);
      const other = await applicantFor(c);
      for (const headers of [other.headers, { 'x-applicant-token': 'forged' }, {}]) {
        const res = await send(c, applicant, c.body, headers as Record<string, string>);
        expect(res.statusCode).toBe(404);
      }
      const rows = await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).where('step', '=', c.step).execute();
      expect(rows).toHaveLength(0);
    });
  });

  it('answers 409 once the application is submitted', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    await t.db.db.updateTable('signups').set({ status: 'pending_approval' }).where('id', '=', applicant.id).execute();
    const home = stepRequest('branch');
    const res = await t.call({ method: home.method, url: home.url, headers: applicant.headers, remoteAddress: applicant.address, payload: { signup_id: applicant.id, ...home.body } });
    expect(res.statusCode).toBe(409);
  });

  it('sends minimal employment as Not Applicable with country TT and needs no proof file', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const body = { signup_id: applicant.id, ...studentEmployment() };
    expect(body).toMatchObject({ employer_name: 'Not Applicable', occupation: 'Not Applicable', country: 'TT' });
    const form = multipart(body, []);
    const res = await t.call({ method: 'POST', url: '/api/employments/', payload: form.payload, headers: { ...applicant.headers, ...form.headers } });
    expect(res.statusCode, res.body).toBe(201);
    const wrong = multipart({ ...body, country: 'US' }, []);
    const bad = await t.call({ method: 'POST', url: '/api/employments/', payload: wrong.payload, headers: { ...applicant.headers, ...wrong.headers } });
    expect(bad.json().errors.country).toBe(fieldMessage(EMPLOYMENT, 'country', 'const', { ...body, country: 'US' }));
  });

  it('accepts the foreign bank opt-out alone and records it', async () => {
    const applicant = await createApplicant(t, adultSignup(++n, { nationality: 'CA' }));
    const res = await t.call({ method: 'POST', url: '/api/foreign-nationals/', headers: applicant.headers, payload: { signup_id: applicant.id, no_foreign_bank_account: true } });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a field its showWhen hides for the sent answers (a bank name with the opt-out), under the field, and stores nothing', async () => {
    const applicant = await createApplicant(t, adultSignup(++n, { nationality: 'CA' }));
    const res = await t.call({ method: 'POST', url: '/api/foreign-nationals/', headers: applicant.headers, payload: { signup_id: applicant.id, no_foreign_bank_account: true, bank_name: 'Royal Bank of Canada', account_number: '12345678' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ bank_name: REQUEST_TEXTS.hiddenField, account_number: REQUEST_TEXTS.hiddenField });
    const rows = await t.db.db.selectFrom('signup_steps').selectAll().where('signup_id', '=', applicant.id).where('step', '=', 'foreign-national-bank-information').execute();
    expect(rows).toEqual([]);
  });

  it("refuses a student's employer name (hidden for a student; the spec's body says 'Not Applicable'): the schema's own message wins", async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const body = { signup_id: applicant.id, ...studentEmployment(), employer_name: 'ACME Ltd' };
    const form = multipart(body, []);
    const res = await t.call({ method: 'POST', url: '/api/employments/', payload: form.payload, headers: { ...applicant.headers, ...form.headers } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ employer_name: fieldMessage(EMPLOYMENT, 'employer_name', 'const', body) });
    const rows = await t.db.db.selectFrom('signup_steps').selectAll().where('signup_id', '=', applicant.id).where('step', '=', 'employment-information').execute();
    expect(rows).toEqual([]);
  });

  it('records an existing customer account number as a claim attempt, answering alike whether or not it matches', async () => {
    const applicant = await createApplicant(t, adultSignup(++n, { first_name: 'Keisha', last_name: 'Mohammed', dob: '1979-11-30', is_existing_customer: true }));
    const call = (account_number: string) => t.call({ method: 'POST', url: '/api/onboarding/verify-account', headers: applicant.headers, remoteAddress: `10.9.${n}.${account_number.length}`, payload: { signup_id: applicant.id, account_number } });
    expect((await call('')).json().errors.account_number).toBe(fieldMessage('onboarding/account-number', 'account_number', 'minLength'));
    // A number short of its 11 digits (a typo) is said at once, not answered as if a code went out.
    for (const typo of ['1000000030', '100000003011', '1000-0000-30']) expect((await call(typo)).json().errors?.account_number, typo).toBe(fieldMessage('onboarding/account-number', 'account_number', 'pattern'));
    const other = await call('10000000302');
    const own = await call('10000000301');
    expect([other.statusCode, own.statusCode]).toEqual([200, 200]);
    expect({ ...own.json(), account_number: 'x' }).toEqual({ ...other.json(), account_number: 'x' });
    // Nothing is linked by the number alone: only the code sent to the member's contact on file links it.
    const row = await t.db.db.selectFrom('signups').select(['member_id', 'is_existing_customer']).where('id', '=', applicant.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ member_id: null, is_existing_customer: true });
    const claims = await t.db.db.selectFrom('account_claims').select(['account_number', 'member_id', 'recipient', 'superseded_on']).where('signup_id', '=', applicant.id).orderBy('created_on').orderBy('superseded_on').execute();
    expect(claims).toEqual([
      { account_number: '10000000302', member_id: null, recipient: null, superseded_on: expect.anything() },
      { account_number: '10000000301', member_id: expect.any(Number), recipient: '+18684000001', superseded_on: null },
    ]);
  });
});
