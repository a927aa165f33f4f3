import { API_TEXTS } from '../../src/server/lib/api-texts';
import crypto from 'node:crypto';
// The specification's call tables (spec 1-4, section 7) against this server, one test per row: each payload is
// written out from its table (not built from our forms or the QA journeys), and each test checks the status and
// the fields the table says the client reads. Setup calls (an application to add a step to, a signed-in user)
// use the usual helpers. Deliberate differences (the applicant token, real codes) are in docs/api/spec-calls.md;
// where our rules need something the table's client does not send, the test checks the refusal names it. The
// messages expected are read from the configured forms (tests/helpers/form-messages.ts), as an analyst words them.
// A field an analyst makes required, which no table has, is supplied from the QA journeys (sendTableBody).
import { dbTargets } from '../helpers/test-db';
import { flow, signupBody, stepRequest } from '../helpers/journey-bodies';
import { fieldMessage, unknownFieldMessage } from '../helpers/form-messages';
import { suiteApp } from '../helpers/test-app';
import { ADULT_STEPS, adultSignup, createApplicant, multipart, PDF, JPEG, sendStep, type Applicant } from './onboarding/onboarding-helpers';
import { ADMIN, GRACE, MEMBER, cookieValue, latestCodeFor, login, nextIp, signIn } from './auth/auth-helpers';
import { auth, insertSubmittedSignup, tokenFor } from './admin/admin-helpers';
import { IDEMPOTENCY_HEADER } from '../../src/shared/product';
import { ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../src/shared/messages';

type Fields = Record<string, unknown>;
type FileSpec = { field: string; name: string; content: Buffer; type?: string };
const ID_FORM = 'onboarding/id-information';

/**
 * Sends a table's body for a step. An analyst's new required field the table does not have (npm run
 * test:analyst-change) is refused naming exactly the fields the table lacks; with the journey's values for them
 * the call passes.
 */
async function sendTableBody<R extends { statusCode: number; body: string; json: () => { errors?: Fields } }>(step: string, body: Fields, send: (body: Fields) => Promise<R>): Promise<R> {
  const res = await send(body);
  if (res.statusCode !== 400) return res;
  const lacking = Object.keys(res.json().errors ?? {});
  expect(lacking.length, res.body).toBeGreaterThan(0);
  expect(lacking.filter((f) => f in body), res.body).toEqual([]);
  const journey = stepRequest(step).body;
  return send({ ...body, ...Object.fromEntries(lacking.map((f) => [f, journey[f]])) });
}

describe.each(dbTargets())("the specification's call tables on $name", (target) => {
  let n = 0;
  const t = suiteApp(target);
  const json = (applicant: Applicant, method: 'POST' | 'PUT', url: string, payload: Fields) => t.call({ method, url, payload, headers: applicant.headers, remoteAddress: applicant.address });
  const upload = (applicant: Applicant, url: string, fields: Fields, files: FileSpec[]) => {
    const form = multipart(fields, files);
    return t.call({ method: 'POST', url, payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
  };
  const storedStep = async (applicant: Applicant, step: string) => {
    const row = await t.db.db.selectFrom('signup_steps').select('data').where('signup_id', '=', applicant.id).where('step', '=', step).executeTakeFirst();
    return row && (typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
  };
  const storedFiles = (applicant: Applicant, step: string) =>
    t.db.db.selectFrom('signup_files').select(['field', 'original_name']).where('signup_id', '=', applicant.id).where('step', '=', step).orderBy('field').orderBy('original_name').execute();
  const verifyContacts = (applicant: Applicant) => t.db.db.updateTable('signups').set({ email_verified_on: new Date(), mobile_verified_on: new Date() }).where('id', '=', applicant.id).execute();
  const submit = (applicant: Applicant) => json(applicant, 'POST', '/api/signups/submit', { signup_id: applicant.id });
  const adultId = (signupId: string, primary: boolean, overrides: Fields = {}) => ({
    signup_id: signupId,
    holder_type: 'adult',
    id_type: primary ? 'national_id' : 'passport',
    id_number: primary ? '19900101001' : 'AB123456',
    id_expiry_date: primary ? '2034-05-31' : '2031-08-15',
    is_primary_id: String(primary),
    ...overrides,
  });

  describe('spec 3 section 7 (onboarding, first half)', () => {
    const pdf = (field: string, name = 'scan.pdf'): FileSpec => ({ field, name, content: PDF(), type: 'application/pdf' });

    it('POST /addresses/ (mailing): address_type mailing, dwelling_status "null", utility_bill_type, files, no same_as_residential', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = { signup_id: applicant.id, address_type: 'mailing', address_line_1: '12 Frederick Street', address_line_2: '', city: 'Port of Spain', country: 'TT', dwelling_status: 'null', utility_bill_type: 'Electricity' };
      const res = await sendTableBody('mailing-address', spec, (body) => upload(applicant, '/api/addresses/', body, [pdf('proof_of_address_files', 'bill.pdf')]));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'mailing-address')).toMatchObject({ address_type: 'mailing', city: 'Port of Spain', utility_bill_type: 'Electricity' });
    });

    it('POST /addresses/ (residential): address_type residential with dwelling_status and utility_bill_type', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = { signup_id: applicant.id, address_type: 'residential', address_line_1: '14 Ariapita Avenue', address_line_2: '', city: 'Port of Spain', country: 'TT', dwelling_status: 'Rented', utility_bill_type: 'Electricity' };
      const res = await sendTableBody('address', spec, (body) => upload(applicant, '/api/addresses/', body, [pdf('proof_of_address_files', 'bill.pdf')]));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'address')).toMatchObject({ address_type: 'residential', dwelling_status: 'Rented' });
    });

    it('POST /addresses/ still says what is missing: the proof type (either name), the address, a dwelling status other than "null"', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const base = { signup_id: applicant.id, address_type: 'mailing', address_line_1: '12 Frederick Street', city: 'Port of Spain', country: 'TT' };
      const proof = [pdf('proof_of_address_files', 'bill.pdf')];
      const noType = await upload(applicant, '/api/addresses/', base, proof);
      expect(noType.statusCode).toBe(400);
      expect(noType.json().errors).toEqual({ proof_of_address_type: fieldMessage('onboarding/mailing-address', 'proof_of_address_type', 'required') });
      const { city: _city, ...noCity } = base;
      expect((await upload(applicant, '/api/addresses/', { ...noCity, utility_bill_type: 'Water' }, proof)).json().errors).toEqual({ city: fieldMessage('onboarding/mailing-address', 'city', 'required') });
      expect((await upload(applicant, '/api/addresses/', { ...base, utility_bill_type: 'Water', dwelling_status: 'Owner' }, proof)).json().errors.dwelling_status).toBe(fieldMessage('onboarding/mailing-address', 'dwelling_status', 'enum'));
      // Our client's shape: the box ticked, nothing else.
      expect((await upload(applicant, '/api/addresses/', { signup_id: applicant.id, address_type: 'mailing', same_as_residential: 'true' }, [])).statusCode).toBe(201);
    });


    it('POST /identifications/, one call per ID (adult): both stored as one step, as our client sends it', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const primary = await upload(applicant, '/api/identifications/', adultId(applicant.id, true), [pdf('id_files', 'id-front.pdf')]);
      expect(primary.statusCode, primary.body).toBe(201);
      // What the step still needs is answered, so a client can tell the application is not complete yet.
      expect(primary.json()).toMatchObject({ signup_id: applicant.id, id_type: 'national_id', is_primary_id: true, missing: { secondary_id_type: fieldMessage(ID_FORM, 'secondary_id_type', 'required') } });
      const secondary = await upload(applicant, '/api/identifications/', adultId(applicant.id, false), [pdf('id_files', 'passport.pdf')]);
      expect(secondary.statusCode, secondary.body).toBe(201);
      expect(secondary.json().missing).toEqual({});
      expect(await storedStep(applicant, 'id-information')).toEqual({
        holder_type: 'adult',
        primary_id_type: 'national_id',
        primary_id_number: '19900101001',
        primary_id_expiry_date: '2034-05-31',
        primary_id_files: ['id-front.pdf'],
        secondary_id_type: 'passport',
        secondary_id_number: 'AB123456',
        secondary_id_expiry_date: '2031-08-15',
        secondary_id_files: ['passport.pdf'],
      });
      // Re-sending the primary ID replaces the primary one (and its files) and keeps the secondary.
      const again = await upload(applicant, '/api/identifications/', adultId(applicant.id, true, { id_type: 'drivers_license', id_number: 'DL00012345' }), [{ field: 'id_files', name: 'permit.jpg', content: JPEG(), type: 'image/jpeg' }]);
      expect(again.statusCode, again.body).toBe(201);
      expect(await storedStep(applicant, 'id-information')).toMatchObject({ primary_id_type: 'drivers_license', primary_id_files: ['permit.jpg'], secondary_id_type: 'passport', secondary_id_files: ['passport.pdf'] });
      expect(await storedFiles(applicant, 'id-information')).toEqual([
        { field: 'primary_id_files', original_name: 'permit.jpg' },
        { field: 'secondary_id_files', original_name: 'passport.pdf' },
      ]);
    });

    it('POST /identifications/ (per ID) refuses with the exact field: a repeated type, a bad number, no file, no is_primary_id', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      expect((await upload(applicant, '/api/identifications/', adultId(applicant.id, true), [pdf('id_files')])).statusCode).toBe(201);
      const same = await upload(applicant, '/api/identifications/', adultId(applicant.id, false, { id_type: 'national_id', id_number: '12345678' }), [pdf('id_files')]);
      expect(same.statusCode).toBe(400);
      // One call per ID: its id_ fields are the form's secondary_ ones (is_primary_id false), and so are the messages.
      expect(same.json().errors).toEqual({ id_type: fieldMessage(ID_FORM, 'secondary_id_type', 'not') });
      const badNumber = await upload(applicant, '/api/identifications/', adultId(applicant.id, false, { id_number: 'AB12' }), [pdf('id_files')]);
      expect(badNumber.json().errors).toEqual({ id_number: fieldMessage(ID_FORM, 'secondary_id_number', 'pattern', { secondary_id_type: 'passport', secondary_id_number: 'AB12' }) });
      const noFile = await upload(applicant, '/api/identifications/', adultId(applicant.id, false), []);
      expect(noFile.json().errors).toEqual({ id_files: fieldMessage(ID_FORM, 'secondary_id_files', 'required') });
      // The adult form's count limit (3 per ID) and the magic-byte check apply to id_files as to our client's fields.
      const four = await upload(applicant, '/api/identifications/', adultId(applicant.id, false), [pdf('id_files', '1.pdf'), pdf('id_files', '2.pdf'), pdf('id_files', '3.pdf'), pdf('id_files', '4.pdf')]);
      expect(four.json().errors).toEqual({ id_files: fieldMessage(ID_FORM, 'secondary_id_files', 'maxItems') });
      const fake = await upload(applicant, '/api/identifications/', adultId(applicant.id, false), [{ field: 'id_files', name: 'id.pdf', content: Buffer.from('<svg/>'), type: 'application/pdf' }]);
      expect(fake.json().errors).toEqual({ id_files: `id.pdf: ${fieldMessage(ID_FORM, 'secondary_id_files', 'fileTypes')}` });
      const { is_primary_id: _key, ...noKey } = adultId(applicant.id, false);
      const neither = await upload(applicant, '/api/identifications/', noKey, [pdf('id_files')]);
      expect(neither.statusCode).toBe(400);
      // Without is_primary_id the body is read as our client's (both IDs): it names the fields of that shape.
      expect(neither.json().errors).toMatchObject({ id_files: unknownFieldMessage('id_files') });
      // Nothing refused was stored: the step still holds the primary ID only.
      expect(Object.keys(await storedStep(applicant, 'id-information')).sort()).toEqual(['holder_type', 'primary_id_expiry_date', 'primary_id_files', 'primary_id_number', 'primary_id_type']);
    });

    it("a value naming an object's own machinery where the flow picks a form (holder_type, address_type) or a record's slot (is_primary_id): 400 under the field", async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      for (const name of ['__proto__', 'constructor', 'toString']) {
        const slot = await upload(applicant, '/api/identifications/', adultId(applicant.id, true, { is_primary_id: name }), [pdf('id_files')]);
        expect(slot.statusCode, slot.body).toBe(400);
        expect(slot.json().errors.is_primary_id).toBe(REQUEST_TEXTS.notTrueFalse);
        const holder = await upload(applicant, '/api/identifications/', adultId(applicant.id, true, { holder_type: name }), [pdf('id_files')]);
        expect(holder.statusCode, holder.body).toBe(400);
        expect(holder.json().errors.holder_type).toBe(REQUEST_TEXTS.notListed);
        const address = await upload(applicant, '/api/addresses/', { signup_id: applicant.id, address_type: name, address_line_1: '1 Main Road', city: 'Arima', country: 'TT' }, [pdf('proof_of_address_files')]);
        expect(address.statusCode, address.body).toBe(400);
        expect(address.json().errors.address_type).toBe(REQUEST_TEXTS.notListed);
      }
      // Left out, the field that picks the form is asked for as the form asks for it (its required message).
      const { holder_type: _holder, ...noHolder } = adultId(applicant.id, true);
      const unpicked = await upload(applicant, '/api/identifications/', noHolder, [pdf('id_files')]);
      expect(unpicked.statusCode, unpicked.body).toBe(400);
      expect(unpicked.json().errors.holder_type).toBe(fieldMessage(ID_FORM, 'holder_type', 'required'));
      expect(await storedStep(applicant, 'id-information')).toBeUndefined();
    });

    it('POST /identifications/ (per ID, child then guardian): holder_type child, all files; the second ID ticks the second-ID box', async () => {
      const minor = await createApplicant(t, adultSignup(++n, { dob: '2014-01-01', marital_status: 'Single', school_name: 'Fatima College' }));
      const child = { signup_id: minor.id, holder_type: 'child', id_type: 'birth_certificate', id_number: 'BC12345', id_expiry_date: '9999-12-31', is_primary_id: 'true' };
      const first = await upload(minor, '/api/identifications/', child, [pdf('id_files', 'a.pdf'), pdf('id_files', 'b.pdf'), pdf('id_files', 'c.pdf'), pdf('id_files', 'd.pdf')]);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().missing).toEqual({});
      const second = await upload(minor, '/api/identifications/', { ...child, id_type: 'passport', id_number: 'P12345678', id_expiry_date: '2030-01-01', is_primary_id: 'false' }, [pdf('id_files', 'p.pdf')]);
      expect(second.statusCode, second.body).toBe(201);
      expect(await storedStep(minor, 'child-id-information')).toMatchObject({ holder_type: 'child', primary_id_files: ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'], has_secondary_id: true, secondary_id_type: 'passport' });
      const guardian = await upload(minor, '/api/identifications/', adultId(minor.id, true), [pdf('id_files')]);
      expect(guardian.statusCode, guardian.body).toBe(201);
      expect(await storedStep(minor, 'id-information')).toMatchObject({ holder_type: 'adult', primary_id_type: 'national_id' });
    });

    it('POST /device-verifications/send/ (email and mobile, operation signup): answers signup_id, email, identifier, message', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const { email, mobile } = (await t.db.db.selectFrom('signups').select(['email', 'mobile']).where('id', '=', applicant.id).executeTakeFirstOrThrow()) as { email: string; mobile: string };
      const byEmail = await json(applicant, 'POST', '/api/device-verifications/send/', { identifier_type: 'email', operation: 'signup', signup_id: applicant.id, email });
      expect(byEmail.statusCode, byEmail.body).toBe(200);
      expect(byEmail.json()).toMatchObject({ signup_id: applicant.id, email, identifier: email, message: expect.any(String) });
      const byMobile = await json(applicant, 'POST', '/api/device-verifications/send/', { identifier_type: 'mobile', operation: 'signup', signup_id: applicant.id, mobile });
      expect(byMobile.statusCode, byMobile.body).toBe(200);
      expect(byMobile.json()).toMatchObject({ message: expect.any(String) });
    });

    it('POST /device-verifications/verify/ (signup): the code from the outbox; answers verified_on', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const { email } = await t.db.db.selectFrom('signups').select('email').where('id', '=', applicant.id).executeTakeFirstOrThrow();
      await json(applicant, 'POST', '/api/device-verifications/send/', { identifier_type: 'email', operation: 'signup', signup_id: applicant.id, email });
      const noCode = await json(applicant, 'POST', '/api/device-verifications/verify/', { identifier_type: 'email', operation: 'signup', signup_id: applicant.id });
      expect(noCode.statusCode).toBe(400);
      expect(Object.keys(noCode.json().errors ?? {})).toEqual(['code']);
      const code = await latestCodeFor(t, email as string, 'signup_email_code');
      const res = await json(applicant, 'POST', '/api/device-verifications/verify/', { identifier_type: 'email', operation: 'signup', signup_id: applicant.id, code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ verified_on: expect.any(String) });
    });

    it('POST /device-verifications/send/ and verify/ (operation sign_in, user_id): answers access_token, user_id, identifier, email, name', async () => {
      const signedIn = await login(t, MEMBER.email, MEMBER.password);
      const userId = signedIn.json().user_id;
      const attempt = cookieValue(signedIn, 'cu_sign_in')!;
      const ip = nextIp();
      const resend = await t.call({ method: 'POST', url: '/api/device-verifications/send/', remoteAddress: ip, cookies: { cu_sign_in: attempt }, payload: { identifier_type: 'mobile', operation: 'sign_in', user_id: userId } });
      expect(resend.statusCode).toBeLessThan(500);
      const code = await latestCodeFor(t, MEMBER.mobile, 'sign_in_code');
      // The sign-in attempt travels in the cookie POST /users/login set (a browser sends it back by itself).
      const noAttempt = await t.call({ method: 'POST', url: '/api/device-verifications/verify/', remoteAddress: ip, payload: { identifier_type: 'mobile', operation: 'sign_in', user_id: userId, code } });
      expect(noAttempt.statusCode).toBe(401);
      expect(noAttempt.json().message).toBe(API_TEXTS.attemptMissing);
      const res = await t.call({ method: 'POST', url: '/api/device-verifications/verify/', remoteAddress: ip, cookies: { cu_sign_in: attempt }, payload: { identifier_type: 'mobile', operation: 'sign_in', user_id: userId, code } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ access_token: expect.any(String), user_id: userId, email: MEMBER.email, name: expect.any(String), identifier: expect.any(String), verified_on: expect.any(String) });
    });

    it('POST /membership-declarations/ (JSON): the table fields', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = { signup_id: applicant.id, is_member_of_another_credit_union: true, credit_union_name: 'Eastern Credit Union', is_serving_on_credit_union_board: false, board_credit_union_name: '' };
      const res = await sendTableBody('membership-declaration-agreement', spec, (body) => json(applicant, 'POST', '/api/membership-declarations/', body));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'membership-declaration-agreement')).toMatchObject({ is_member_of_another_credit_union: true, credit_union_name: 'Eastern Credit Union' });
    });
  });

  describe('spec 4 section 7 (onboarding, second half)', () => {
    const beneficiary = (signupId: string, overrides: Fields = {}) => ({
      signup_id: signupId,
      first_name: 'Ava',
      last_name: 'Persad',
      middle_name: null,
      dob: '2015-02-02',
      gender: 'female',
      address_line_1: '14 Ariapita Avenue',
      address_line_2: null,
      city: 'Port of Spain',
      country: 'TT',
      relationship_to_beneficiary: 'child',
      percent_of_beneficiary_interest: 60,
      id_type: 'birth_certificate',
      id_number: 'BC99',
      ...overrides,
    });

    it('POST /beneficiaries/, one call per beneficiary: stored as one list, a beneficiary sent again replaced', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const first = await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ first_name: 'Ava', percent_of_beneficiary_interest: 60, missing: { beneficiaries: fieldMessage('onboarding/designation-of-beneficiary', 'beneficiaries', 'totalPercent') } });
      const second = await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { first_name: 'Ravi', gender: 'male', percent_of_beneficiary_interest: 40, id_number: 'BC100' }));
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().missing).toEqual({});
      // The spec's client re-sends every beneficiary when the applicant comes back: same ID, same place.
      expect((await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { middle_name: 'Rose' }))).statusCode).toBe(201);
      const stored = await storedStep(applicant, 'designation-of-beneficiary');
      expect(stored.beneficiaries.map((b: Fields) => [b.first_name, b.middle_name, b.percent_of_beneficiary_interest])).toEqual([
        ['Ava', 'Rose', 60],
        ['Ravi', null, 40],
      ]);
      // A share that takes the total above 100% is refused at once (no later beneficiary could mend it), storing nothing.
      const over = await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { first_name: 'Omar', gender: 'male', percent_of_beneficiary_interest: 10, id_number: 'BC102' }));
      expect(over.statusCode, over.body).toBe(400);
      expect(over.json().errors).toEqual({ beneficiaries: ONBOARDING_TEXTS.totalExceeded });
      expect((await storedStep(applicant, 'designation-of-beneficiary')).beneficiaries).toHaveLength(2);
      // A one-letter name is a name (Korean 김, O); a name of punctuation is not.
      const bad = await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { first_name: '...' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ first_name: fieldMessage('onboarding/designation-of-beneficiary', 'beneficiaries.0.first_name', 'pattern') });
    });

    it('POST /foreign-nationals/ (JSON): the bank fields, optional address_line_2', async () => {
      const applicant = await createApplicant(t, adultSignup(++n, { nationality: 'CA' }));
      const res = await sendTableBody('foreign-national-bank-information', { signup_id: applicant.id, bank_name: 'Royal Bank of Canada', account_number: '0012345678', address_line_1: '200 Bay Street', city: 'Toronto', country: 'CA', phone: '+14169745151', swift_code: 'ROYCCAT2' }, (body) =>
        json(applicant, 'POST', '/api/foreign-nationals/', body),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'foreign-national-bank-information')).toMatchObject({ bank_name: 'Royal Bank of Canada', swift_code: 'ROYCCAT2' });
    });

    it('POST /employments/ (multipart): every table field, proof_of_employment_files repeated, empty business and child fields', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = {
        signup_id: applicant.id,
        employment_status: 'employed',
        employer_name: 'Republic Bank',
        occupation: 'Accountant',
        address_line_1: '9-17 Park Street',
        address_line_2: '',
        city: 'Port of Spain',
        country: 'TT',
        is_business_owner: 'false',
        business_type: '',
        nis_number: '123456789',
        bir_number: '987654321',
        work_phone: '+18686254411',
        monthly_remuneration: '$10,000 - $14,999',
        value_of_assets: '$100,000 - $199,999',
        source_of_funds: 'Salary/Wages',
        child_account_contribution: '',
        child_account_contribution_amount: '',
      };
      const res = await sendTableBody('employment-information', spec, (body) =>
        upload(applicant, '/api/employments/', body, [
          { field: 'proof_of_employment_files', name: 'job-letter.pdf', content: PDF(), type: 'application/pdf' },
          { field: 'proof_of_employment_files', name: 'payslip.pdf', content: PDF(), type: 'application/pdf' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'employment-information')).toMatchObject({ employer_name: 'Republic Bank', proof_of_employment_files: ['job-letter.pdf', 'payslip.pdf'] });
    });

    it('POST /peps (JSON): is_pep, the role lists, is_close_associate as a boolean, is_confirmed true', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = { signup_id: applicant.id, is_pep: false, job_title: '', domestic_foreign_roles: [], international_roles: [], immediate_family_members: [], is_close_associate: true, relationship_type: 'Business Partner', associate_name: 'Jean Roy', is_confirmed: true };
      const res = await sendTableBody('politically-exposed-persons', spec, (body) => json(applicant, 'POST', '/api/peps', body));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'politically-exposed-persons')).toMatchObject({ is_pep: false, is_close_associate: true, associate_name: 'Jean Roy' });
    });

    it('POST /power-of-attorneys/ (multipart): the text fields and power_of_attorney_files', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = { signup_id: applicant.id, first_name: 'Kevin', last_name: 'Ali', middle_name: '', dob: '1972-09-09', gender: 'male', relationship_to_principal: 'sibling', email: 'kevin.ali@example.com', phone: '+18685550123', address_line_1: '3 Main Road', address_line_2: '', city: 'Chaguanas', country: 'TT', id_type: 'passport', id_number: 'TB765432' };
      const res = await sendTableBody('power-of-attorney', spec, (body) => upload(applicant, '/api/power-of-attorneys/', body, [{ field: 'power_of_attorney_files', name: 'poa-deed.pdf', content: PDF(), type: 'application/pdf' }]));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'power-of-attorney')).toMatchObject({ first_name: 'Kevin', power_of_attorney_files: ['poa-deed.pdf'] });
    });

    it('PUT /signups/home-branch (JSON): home_branch, signup_id, best_contact_time, preferred_contact_method', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const res = await sendTableBody('branch', { home_branch: 'port_of_spain', signup_id: applicant.id, best_contact_time: 'morning', preferred_contact_method: 'email' }, (body) => json(applicant, 'PUT', '/api/signups/home-branch', body));
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await storedStep(applicant, 'branch')).toMatchObject({ home_branch: 'port_of_spain' });
    });

    it('POST /onboarding/verify-account: account_number, signup_id (the claim then needs the code sent to the contact on file)', async () => {
      const applicant = await createApplicant(t, adultSignup(++n, { is_existing_customer: true }));
      const res = await json(applicant, 'POST', '/api/onboarding/verify-account', { account_number: '10000000101', signup_id: applicant.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ signup_id: applicant.id, account_number: '10000000101' });
    });

    it('POST /guardians/ (multipart): the guardian fields and guardian_files', async () => {
      const minor = await createApplicant(t, adultSignup(++n, { dob: '2014-01-01', marital_status: 'Single', school_name: 'Fatima College' }));
      const spec = { signup_id: minor.id, first_name: 'Anita', last_name: 'Ramkissoon', middle_name: '', email: 'anita.r@example.com', mobile: '+18685550147', occupation: 'Teacher', workplace: 'Ministry of Education', relationship_to_child: 'parent' };
      const res = await sendTableBody('parent-guardian-information', spec, (body) => upload(minor, '/api/guardians/', body, [{ field: 'guardian_files', name: 'guardian-id.pdf', content: PDF(), type: 'application/pdf' }]));
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(minor, 'parent-guardian-information')).toMatchObject({ first_name: 'Anita', guardian_files: ['guardian-id.pdf'] });
    });

    it('final submission accepts IDs and beneficiaries sent one per call, and names what a partial one lacks', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      await verifyContacts(applicant);
      for (const step of ADULT_STEPS.filter((s) => s !== 'id-information')) expect((await sendStep(t, applicant, step)).statusCode).toBeLessThan(300);
      const pdf = [{ field: 'id_files', name: 'id.pdf', content: PDF(), type: 'application/pdf' }];
      expect((await upload(applicant, '/api/identifications/', adultId(applicant.id, true), pdf)).statusCode).toBe(201);
      expect((await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id))).statusCode).toBe(201);
      const partial = await submit(applicant);
      expect(partial.statusCode).toBe(400);
      const incomplete = (step: string, messages: string[]) => `${flow.steps[step].title} is incomplete: ${messages.join(' ')}`;
      expect(partial.json().errors).toEqual({
        'id-information': incomplete('id-information', ['secondary_id_type', 'secondary_id_number', 'secondary_id_expiry_date', 'secondary_id_files'].map((field) => fieldMessage(ID_FORM, field, 'required'))),
        'designation-of-beneficiary': incomplete('designation-of-beneficiary', [fieldMessage('onboarding/designation-of-beneficiary', 'beneficiaries', 'totalPercent')]),
      });
      expect((await upload(applicant, '/api/identifications/', adultId(applicant.id, false), pdf)).statusCode).toBe(201);
      expect((await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { percent_of_beneficiary_interest: 100 }))).statusCode).toBe(201);
      const done = await submit(applicant);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ status: 'pending_approval', message: ONBOARDING_TEXTS.submitted });
      // The administrator's review reads the steps as our client's one body would have stored them.
      const review = (await t.call({ method: 'GET', url: `/api/signups/${applicant.id}`, headers: auth(await tokenFor(t.app, ADMIN.email)) })).json();
      const step = (id: string) => review.steps.find((s: { step: string }) => s.step === id)?.data;
      expect(step('id-information')).toMatchObject({ holder_type: 'adult', primary_id_type: 'national_id', secondary_id_type: 'passport', primary_id_files: ['id.pdf'], secondary_id_files: ['id.pdf'] });
      expect(step('designation-of-beneficiary').beneficiaries).toHaveLength(1);
      expect(review.files.filter((f: { step: string }) => f.step === 'id-information').map((f: { field: string }) => f.field).sort()).toEqual(['primary_id_files', 'secondary_id_files']);
    });
  });

  describe('spec 1 section 7 (sign-in and password reset)', () => {
    it('POST /users/login: email, password, device_info; answers message, phone, user_id', async () => {
      const res = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload: { email: MEMBER.email, password: MEMBER.password, device_info: { user_agent: 'spec-client', platform: 'web', language: 'en' } } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: expect.any(String), phone: expect.any(String), user_id: expect.anything() });
    });

    it('POST /users/verify-token: token; answers valid', async () => {
      const { token } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
      const res = await t.call({ method: 'POST', url: '/api/users/verify-token', payload: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    });

    it('POST /users/logout: no body', async () => {
      const { token } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
      const res = await t.call({ method: 'POST', url: '/api/users/logout', headers: { 'x-access-token': token } });
      expect(res.statusCode).toBeLessThan(300);
      expect((await t.call({ method: 'POST', url: '/api/users/verify-token', payload: { token } })).json()).toEqual({ valid: false });
    });

    it('POST /password/reset/send, /verify, /update: the fixed fields, then user_id, email, code, then new_password, reset_token', async () => {
      const fixed = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null };
      const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload, remoteAddress: nextIp() });
      const sent = await post('/api/password/reset/send', { ...fixed, email: GRACE.email });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ message: expect.any(String), user_id: expect.anything() });
      const code = await latestCodeFor(t, GRACE.email, 'password_reset_code');
      const verified = await post('/api/password/reset/verify', { ...fixed, user_id: sent.json().user_id, email: GRACE.email, code });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ message: expect.any(String), reset_token: expect.any(String) });
      const updated = await post('/api/password/reset/update', { ...fixed, user_id: sent.json().user_id, email: GRACE.email, new_password: 'Spec-Client-Pass1', reset_token: verified.json().reset_token });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ message: expect.any(String) });
    });
  });

  describe('spec 2 section 7 (administrator and member areas)', () => {
    let admin: Record<string, string>;
    let member: Record<string, string>;
    beforeAll(async () => {
      admin = auth(await tokenFor(t.app, ADMIN.email));
      member = auth(await tokenFor(t.app, MEMBER.email));
    });
    const as = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Fields) => t.call({ method, url, headers, ...(payload ? { payload } : {}) });
    let created = 0;
    const userBody = () => {
      created += 1;
      return { first_name: 'Spec', last_name: 'Client', other_names: 'Table', email: `spec.row${created}@example.com`, mobile: `+1868774${String(created).padStart(4, '0')}`, password: 'Str0ng!Pass', role_id: 2, office_id: 1, dob: '1990-05-05', gender: 'male' };
    };
    const newUser = async () => (await as(admin, 'POST', '/api/users', userBody())).json().user.id as number;
    const pending = () => {
      created += 1;
      return insertSubmittedSignup(t.db.db, { email: `spec.app${created}@example.com`, mobile: `+1868775${String(created).padStart(4, '0')}` });
    };

    it('POST /users: the create fields, no verify_password; answers message', async () => {
      const res = await as(admin, 'POST', '/api/users', userBody());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toEqual(expect.any(String));
    });

    it('GET /users: rows read id, first_name, last_name, other_names, email, is_blocked, is_deleted, last_signed_in_on, under items', async () => {
      const res = await as(admin, 'GET', '/api/users');
      expect(res.statusCode).toBe(200);
      const rows = res.json().items ?? res.json().users;
      expect(rows[0]).toEqual(expect.objectContaining({ id: expect.anything(), first_name: expect.any(String), last_name: expect.any(String), email: expect.any(String), is_blocked: expect.any(Boolean), is_deleted: expect.any(Boolean) }));
      expect(rows[0]).toHaveProperty('other_names');
      expect(rows[0]).toHaveProperty('last_signed_in_on');
    });

    it('GET /users/{id}: the user under data, user or result', async () => {
      const id = await newUser();
      const res = await as(admin, 'GET', `/api/users/${id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data ?? body.user ?? body.result).toMatchObject({ id, email: expect.any(String) });
    });

    it('PUT /users/{id} (block or unblock): is_blocked', async () => {
      const id = await newUser();
      expect((await as(admin, 'PUT', `/api/users/${id}`, { is_blocked: true })).statusCode).toBe(200);
      expect((await t.db.db.selectFrom('users').select('is_blocked').where('id', '=', id).executeTakeFirstOrThrow()).is_blocked).toBe(true);
      expect((await as(admin, 'PUT', `/api/users/${id}`, { is_blocked: false })).statusCode).toBe(200);
    });

    it('PUT /users/{id} (update): the create fields without password', async () => {
      const id = await newUser();
      const { password: _password, ...update } = userBody();
      const res = await as(admin, 'PUT', `/api/users/${id}`, { ...update, first_name: 'Updated' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.db.db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow()).first_name).toBe('Updated');
    });

    it('DELETE /users/{id}/soft', async () => {
      const id = await newUser();
      const res = await as(admin, 'DELETE', `/api/users/${id}/soft`);
      expect(res.statusCode).toBeLessThan(300);
      expect((await t.db.db.selectFrom('users').select('is_deleted').where('id', '=', id).executeTakeFirstOrThrow()).is_deleted).toBe(true);
    });

    it('GET /signups: rows read id, first_name, last_name, email, created_on, status, comments (under signups)', async () => {
      await pending();
      const res = await as(admin, 'GET', '/api/signups');
      expect(res.statusCode).toBe(200);
      expect(res.json().signups[0]).toEqual(expect.objectContaining({ id: expect.any(String), first_name: expect.any(String), last_name: expect.any(String), email: expect.any(String), created_on: expect.any(String), status: expect.any(String) }));
      expect(res.json().signups[0]).toHaveProperty('comments');
    });

    it('PUT /signups/approve: signup_id', async () => {
      const res = await as(admin, 'PUT', '/api/signups/approve', { signup_id: await pending() });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('PUT /signups/reject: signup_id', async () => {
      const res = await as(admin, 'PUT', '/api/signups/reject', { signup_id: await pending() });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('PUT /signups/comment: signup_id, comments', async () => {
      const res = await as(admin, 'PUT', '/api/signups/comment', { signup_id: await pending(), comments: 'Called the applicant.' });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('POST /signups/: the creation payload with agreed_to_tc_fa; answers id and the echoed fields', async () => {
      const payload = { first_name: 'Maya', last_name: 'Singh', middle_name: '', email: 'maya.spec@example.com', mobile: '+18687760001', password: 'Str0ng!Pass', confirmed_password: 'Str0ng!Pass', gender: 'Female', school_name: '', dob: '1995-07-07', nationality: 'TT', is_existing_customer: false, agreed_to_tc_fa: true, marital_status: 'Single', is_home_schooled: false, has_foreign_bank_account: false };
      const post = (body: Fields) => t.call({ method: 'POST', url: '/api/signups/', payload: body, remoteAddress: nextIp() });
      let res = await post(payload);
      if (res.statusCode === 400) {
        // An analyst's new required field the table does not have (npm run test:analyst-change): the refusal names
        // exactly the fields the table lacks, and with the journey's values for them the call passes.
        const lacking = Object.keys(res.json().errors ?? {});
        expect(lacking.length, res.body).toBeGreaterThan(0);
        expect(lacking.filter((f) => f in payload)).toEqual([]);
        const journey = signupBody(++n, { email: payload.email, mobile: payload.mobile });
        res = await post({ ...payload, ...Object.fromEntries(lacking.map((f) => [f, journey[f]])) });
      }
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ id: expect.any(String), first_name: 'Maya', last_name: 'Singh', email: 'maya.spec@example.com', mobile: expect.any(String), gender: expect.any(String), dob: '1995-07-07', marital_status: 'Single', nationality: 'TT', has_foreign_bank_account: false });
    });

    it('GET /accounts: grouped savings, deposit and loan', async () => {
      const res = await as(member, 'GET', '/api/accounts');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expect.objectContaining({ savings: expect.any(Array), deposit: expect.any(Array), loan: expect.any(Array) }));
    });

    it('GET /accounts/transfer-to-self-options: data.Source and data.Destination', async () => {
      const res = await as(member, 'GET', '/api/accounts/transfer-to-self-options');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expect.objectContaining({ Source: expect.any(Array), Destination: expect.any(Array) }));
    });

    it('POST /accounts/transfer-to-self: source_id, source_account, destination_id, destination_account, amount, instructions; answers data.ReferenceNo (with our Idempotency-Key)', async () => {
      const { Source } = (await as(member, 'GET', '/api/accounts/transfer-to-self-options')).json().data;
      const payload = { source_id: Source[0].id, source_account: Source[0].Account, destination_id: Source[1].id, destination_account: Source[1].Account, amount: 1.25, instructions: 'Spec row' };
      const without = await as(member, 'POST', '/api/accounts/transfer-to-self', payload);
      expect(without.statusCode).toBe(400);
      expect(without.json().message).toMatch(/Idempotency-Key/);
      const res = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-self', headers: { ...member, [IDEMPOTENCY_HEADER]: crypto.randomUUID() }, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.ReferenceNo).toEqual(expect.any(String));
    });

    it('GET /accounts/transfer-to-member-options: Source and Destination under data', async () => {
      const res = await as(member, 'GET', '/api/accounts/transfer-to-member-options');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expect.objectContaining({ Source: expect.any(Array), Destination: expect.any(Array) }));
    });

    it('POST /accounts/transfer-to-member: source_id, source_account, destination_product, destination_account, amount, instructions; answers ReferenceNo (with our Idempotency-Key and the SMS code)', async () => {
      const { Source } = (await as(member, 'GET', '/api/accounts/transfer-to-member-options')).json().data;
      const source = Source.find((s: { Account: string }) => s.Account === '10000000101') ?? Source[0];
      const payload = { source_id: source.id, source_account: source.Account, destination_product: 'SAV', destination_account: '10000000201', amount: 2.5, instructions: 'Spec row' };
      // Our deliberate difference (docs/api/spec-calls.md): the same body first asks for a code by SMS, then carries it.
      const headers = { ...member, [IDEMPOTENCY_HEADER]: crypto.randomUUID() };
      const asked = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-member/code', headers, payload });
      expect(asked.statusCode, asked.body).toBe(200);
      const sms = await t.db.db.selectFrom('outbox_messages').select('body').where('purpose', '=', 'transfer_code').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(sms.body)![1];
      const res = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-member', headers, payload: { ...payload, code } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.data?.ReferenceNo ?? body.ReferenceNo).toEqual(expect.any(String));
    });
  });
});
