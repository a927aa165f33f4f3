import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { verifyPassword } from '../../../src/server/lib/passwords';
import { adultSignup, createApplicant, nextAddress } from './onboarding-helpers';
import { REQUEST_TEXTS } from '../../../src/shared/messages';
import { fieldMessage, unknownFieldMessage } from '../../helpers/form-messages';

/** basic-info's message for a keyword of a field, as forms/ words it (an analyst may reword it); `data`: the answers sent, where it words a keyword in several ways. */
const messageOf = (field: string, keyword: string, data?: Record<string, unknown>): string => fieldMessage('onboarding/basic-info', field, keyword, data);

describe.each(dbTargets())('POST /signups/ on $name', (target) => {
  let n = 0;
  const clock = new FakeClock(new Date('2026-06-15T12:00:00Z'));

  const t = suiteApp(target, { clock });

  const post = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.call({ method: 'POST', url: '/api/signups/', payload, headers, remoteAddress: nextAddress() });

  it('creates a draft, hashes the password with argon2id and answers the echo fields, the id and an applicant token', async () => {
    const body = adultSignup(++n);
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    const echo = ['first_name', 'last_name', 'email', 'mobile', 'gender', 'dob', 'marital_status', 'nationality', 'has_foreign_bank_account'];
    expect(json).toMatchObject({ ...Object.fromEntries(echo.map((k) => [k, body[k]])), middle_name: body.middle_name ?? null, is_minor: false, school_name: null });
    expect(json.id).toEqual(expect.any(String));
    expect(json.applicant_token.length).toBeGreaterThanOrEqual(22);
    const row = await t.db.db.selectFrom('signups').selectAll().where('id', '=', json.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, String(body.password))).toBe(true);
    expect(row.applicant_token_hash).not.toContain(json.applicant_token);
    const step = await t.db.db.selectFrom('signup_steps').select('data').where('signup_id', '=', json.id).where('step', '=', 'basic-info').executeTakeFirstOrThrow();
    expect(JSON.stringify(step.data)).not.toContain(String(body.password));
  });

  it.each([
    ['first_name', { first_name: '' }, messageOf('first_name', 'minLength')],
    ['first_name', { first_name: 'x'.repeat(101) }, messageOf('first_name', 'maxLength')],
    ['last_name', { last_name: undefined }, messageOf('last_name', 'required')],
    ['email', { email: 'not-an-email' }, messageOf('email', 'format')],
    ['email', { email: undefined }, messageOf('email', 'required')],
    ['mobile', { mobile: '0123' }, messageOf('mobile', 'pattern')],
    ['mobile', { mobile: '+1 868 555 01a9' }, messageOf('mobile', 'pattern')],
    ['mobile', { mobile: undefined }, messageOf('mobile', 'required')],
    ['gender', { gender: 'Other' }, messageOf('gender', 'oneOf')],
    ['gender', { gender: undefined }, messageOf('gender', 'required')],
    ['dob', { dob: '14/03/1992' }, messageOf('dob', 'format')],
    // A number short of a whole local one, without its country code: it was stored as +86830012, another country's.
    ...['868 300 12', '86830012', '12345678'].map((mobile): [string, Record<string, unknown>, string] => ['mobile', { mobile }, messageOf('mobile', 'pattern')]),
    ['dob', { dob: '2026-06-16' }, messageOf('dob', 'notAfterToday')],
    ['nationality', { nationality: 'XX' }, messageOf('nationality', 'oneOf')],
    ['nationality', { nationality: undefined }, messageOf('nationality', 'required')],
    ['marital_status', { marital_status: 'Engaged' }, messageOf('marital_status', 'oneOf')],
    ['marital_status', { marital_status: undefined }, messageOf('marital_status', 'required')],
    ['password', { password: 'Sh0rt!', confirmed_password: 'Sh0rt!' }, messageOf('password', 'minLength')],
    // Each rule of the password policy, with its own message (the rule the password breaks).
    ...['STR0NG!PASS', 'str0ng!pass', 'Strong!Pass', 'Str0ngPass', 'Str0ng!"Pass'].map((password): [string, Record<string, unknown>, string] => ['password', { password, confirmed_password: password }, messageOf('password', 'pattern', { password })]),
    ['confirmed_password', { confirmed_password: 'Str0ng!Pasz' }, messageOf('confirmed_password', 'const')],
    ['confirmed_password', { confirmed_password: undefined }, messageOf('confirmed_password', 'required')],
    ['terms_viewed', { terms_viewed: false }, messageOf('terms_viewed', 'const')],
    // The specification's one flag, sent false beside the two it stands for: a refusal, not an agreement.
    ['agreed_to_tc_fa', { agreed_to_tc_fa: false }, messageOf('agreed_to_tc_fa', 'const')],
    // Without the specification's one agreement flag (agreed_to_tc_fa), each agreement is required on its own.
    ['financial_agreement_viewed', { financial_agreement_viewed: undefined, agreed_to_tc_fa: undefined }, messageOf('financial_agreement_viewed', 'required')],
    ['school_name', { school_name: 'x'.repeat(256), dob: '2012-01-01', marital_status: 'Single' }, messageOf('school_name', 'maxLength')],
    ['marital_status', { dob: '2012-01-01', marital_status: 'Married', school_name: 'Fatima College' }, messageOf('marital_status', 'optionsWhen')],
    ['school_name', { dob: '2012-01-01', marital_status: 'Single' }, messageOf('school_name', 'required')],
    ['role_id', { role_id: 1 }, unknownFieldMessage('role_id')],
    // Names every object has: found `in` any object, they were stored unchecked.
    ['constructor', { constructor: { any: ['thing'] } }, unknownFieldMessage('constructor')],
    ['toString', { toString: 'x' }, unknownFieldMessage('toString')],
    // Shown to minors only (showWhen): an adult's body may not carry them.
    ['school_name', { school_name: 'Fatima College' }, REQUEST_TEXTS.hiddenField],
    ['is_home_schooled', { is_home_schooled: true }, REQUEST_TEXTS.hiddenField],
  ])('refuses a bad %s with 400 and the message under the field (%j)', async (field, change, message) => {
    const body: Record<string, unknown> = { ...adultSignup(++n), ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a birth date on no calendar with the one message under it, not a minor\'s fields as well', async () => {
    const res = await post({ ...adultSignup(++n), dob: '2024-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ dob: messageOf('dob', 'format') });
  });

  it("accepts the specification's body (one agreement flag, agreed_to_tc_fa) and stores it as our client's", async () => {
    const ours = adultSignup(++n);
    const spec: Record<string, unknown> = { ...adultSignup(++n), agreed_to_tc_fa: true };
    delete spec.terms_viewed;
    delete spec.financial_agreement_viewed;
    const answers = [await post(ours), await post(spec)];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const stored = await t.db.db.selectFrom('signup_steps').select(['signup_id', 'data']).where('step', '=', 'basic-info').where('signup_id', 'in', answers.map((a) => a.json().id)).execute();
    for (const row of stored) {
      const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      expect(data).toMatchObject({ terms_viewed: true, financial_agreement_viewed: true, agreed_to_tc_fa: true });
    }
    expect(stored).toHaveLength(2);
    expect((await post({ ...spec, email: 'x' + String(spec.email), agreed_to_tc_fa: false })).json().errors.terms_viewed).toBe(messageOf('terms_viewed', 'const'));
  });

  it('treats 18 today as an adult and 17 as a minor (Single only, school or homeschooled)', async () => {
    const adult = await post(adultSignup(++n, { dob: '2008-06-15' }));
    expect(adult.statusCode).toBe(201);
    expect(adult.json().is_minor).toBe(false);
    const minor = await post(adultSignup(++n, { dob: '2008-06-16', marital_status: 'Single', is_home_schooled: true }));
    expect(minor.statusCode).toBe(201);
    expect(minor.json()).toMatchObject({ is_minor: true, marital_status: 'Single', school_name: null });
    const lying = await post(adultSignup(++n, { dob: '2012-01-01', marital_status: 'Single', is_minor: false }));
    expect(lying.statusCode).toBe(400);
    expect(lying.json().errors.school_name).toBe(messageOf('school_name', 'required'));
  });

  it("accepts an email or mobile already used by a user or another draft: the answer never says which addresses are known", async () => {
    // SECURITY.md row 22: the owner learns it at the email code step (tests/server/onboarding/signup-privacy.test.ts).
    const user = await post(adultSignup(++n, { email: 'MEMBER@cu.example' }));
    expect(user.statusCode).toBe(201);
    const userMobile = await post(adultSignup(++n, { mobile: '18683000002' }));
    expect(userMobile.statusCode).toBe(201);
    const first = adultSignup(++n);
    expect((await post(first)).statusCode).toBe(201);
    const again = await post({ ...adultSignup(++n), email: first.email, mobile: first.mobile });
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(user.json()).sort());
  });

  it('lets the same applicant (their token) edit basic info without a conflict, and resets verification of a changed email', async () => {
    const body = adultSignup(++n);
    const applicant = await createApplicant(t, body);
    await t.db.db.updateTable('signups').set({ email_verified_on: clock.now(), mobile_verified_on: clock.now() }).where('id', '=', applicant.id).execute();
    const edit = await post({ ...body, first_name: 'Nadine', email: `changed.${n}@example.com` }, applicant.headers);
    expect(edit.statusCode).toBe(200);
    expect(edit.json().id).toBe(applicant.id);
    const row = await t.db.db.selectFrom('signups').selectAll().where('id', '=', applicant.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Nadine');
    expect(row.email_verified_on).toBeNull();
    expect(row.mobile_verified_on).not.toBeNull();
  });

  it('answers a body that is not an object with 400, never a 500', async () => {
    for (const payload of ['[]', '"x"', '{}', 'null']) {
      const res = await t.call({ method: 'POST', url: '/api/signups/', payload, headers: { 'content-type': 'application/json' }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(400);
    }
  });
});
