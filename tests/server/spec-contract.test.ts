// The specification's call tables (spec 1-4, section 7) against this server, one test per row: each payload is
// written out from its table (not built from our forms or the QA journeys), and each test checks the status and
// the fields the table says the client reads. Setup calls (an application to add a step to, a signed-in user)
// use the usual helpers. Deliberate differences (the applicant token, real codes) are in docs/api/spec-calls.md;
// where our rules need something the table's client does not send, the test checks the refusal names it.
import { dbTargets } from '../helpers/test-db';
import { suiteApp } from '../helpers/test-app';
import { ADULT_STEPS, adultSignup, createApplicant, multipart, PDF, JPEG, sendStep, type Applicant } from './onboarding/onboarding-helpers';

type Fields = Record<string, unknown>;
type FileSpec = { field: string; name: string; content: Buffer; type?: string };

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
      const res = await upload(applicant, '/api/addresses/', spec, [pdf('proof_of_address_files', 'bill.pdf')]);
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'mailing-address')).toMatchObject({ address_type: 'mailing', city: 'Port of Spain', utility_bill_type: 'Electricity' });
    });

    it('POST /addresses/ (residential): address_type residential with dwelling_status and utility_bill_type', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const spec = { signup_id: applicant.id, address_type: 'residential', address_line_1: '14 Ariapita Avenue', address_line_2: '', city: 'Port of Spain', country: 'TT', dwelling_status: 'Rented', utility_bill_type: 'Electricity' };
      const res = await upload(applicant, '/api/addresses/', spec, [pdf('proof_of_address_files', 'bill.pdf')]);
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedStep(applicant, 'address')).toMatchObject({ address_type: 'residential', dwelling_status: 'Rented' });
    });

    it('POST /addresses/ still says what is missing: the proof type (either name), the address, a dwelling status other than "null"', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const base = { signup_id: applicant.id, address_type: 'mailing', address_line_1: '12 Frederick Street', city: 'Port of Spain', country: 'TT' };
      const proof = [pdf('proof_of_address_files', 'bill.pdf')];
      const noType = await upload(applicant, '/api/addresses/', base, proof);
      expect(noType.statusCode).toBe(400);
      expect(noType.json().errors).toEqual({ proof_of_address_type: 'Proof of address type is required.' });
      const { city: _city, ...noCity } = base;
      expect((await upload(applicant, '/api/addresses/', { ...noCity, utility_bill_type: 'Water' }, proof)).json().errors).toEqual({ city: 'City is required.' });
      expect((await upload(applicant, '/api/addresses/', { ...base, utility_bill_type: 'Water', dwelling_status: 'Owner' }, proof)).json().errors.dwelling_status).toBe('A mailing address has no dwelling status: send the string null or leave it out.');
      // Our client's shape: the box ticked, nothing else.
      expect((await upload(applicant, '/api/addresses/', { signup_id: applicant.id, address_type: 'mailing', same_as_residential: 'true' }, [])).statusCode).toBe(201);
    });


    it('POST /identifications/, one call per ID (adult): both stored as one step, as our client sends it', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const primary = await upload(applicant, '/api/identifications/', adultId(applicant.id, true), [pdf('id_files', 'id-front.pdf')]);
      expect(primary.statusCode, primary.body).toBe(201);
      // What the step still needs is answered, so a client can tell the application is not complete yet.
      expect(primary.json()).toMatchObject({ signup_id: applicant.id, id_type: 'national_id', is_primary_id: true, missing: { secondary_id_type: 'Secondary ID type is required.' } });
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
      expect(same.json().errors).toEqual({ id_type: 'Secondary ID type must be different from primary ID type.' });
      const badNumber = await upload(applicant, '/api/identifications/', adultId(applicant.id, false, { id_number: 'AB12' }), [pdf('id_files')]);
      expect(badNumber.json().errors).toEqual({ id_number: 'Passport number must be exactly 8 letters or digits.' });
      const noFile = await upload(applicant, '/api/identifications/', adultId(applicant.id, false), []);
      expect(noFile.json().errors).toEqual({ id_files: 'Please upload a file.' });
      const { is_primary_id: _key, ...noKey } = adultId(applicant.id, false);
      const neither = await upload(applicant, '/api/identifications/', noKey, [pdf('id_files')]);
      expect(neither.statusCode).toBe(400);
      // Without is_primary_id the body is read as our client's (both IDs): it names the fields of that shape.
      expect(neither.json().errors).toMatchObject({ id_files: 'Unknown field: id_files' });
      // Nothing refused was stored: the step still holds the primary ID only.
      expect(Object.keys(await storedStep(applicant, 'id-information')).sort()).toEqual(['holder_type', 'primary_id_expiry_date', 'primary_id_files', 'primary_id_number', 'primary_id_type']);
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

    it('POST /membership-declarations/ (JSON): the table fields', async () => {
      const applicant = await createApplicant(t, adultSignup(++n));
      const res = await json(applicant, 'POST', '/api/membership-declarations/', { signup_id: applicant.id, is_member_of_another_credit_union: true, credit_union_name: 'Eastern Credit Union', is_serving_on_credit_union_board: false, board_credit_union_name: '' });
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
      expect(first.json()).toMatchObject({ first_name: 'Ava', percent_of_beneficiary_interest: 60, missing: { beneficiaries: 'Total percentage must equal 100% before proceeding.' } });
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
      const bad = await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { first_name: 'A', id_number: 'BC101' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ first_name: 'First name must be at least 2 characters.' });
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
      expect(partial.json().errors).toEqual({
        'id-information': 'ID Information is incomplete: Secondary ID type is required. Secondary ID number is required. Secondary ID expiry date is required. Please upload a file.',
        'designation-of-beneficiary': 'Designation of Beneficiary is incomplete: Total percentage must equal 100% before proceeding.',
      });
      expect((await upload(applicant, '/api/identifications/', adultId(applicant.id, false), pdf)).statusCode).toBe(201);
      expect((await json(applicant, 'POST', '/api/beneficiaries/', beneficiary(applicant.id, { percent_of_beneficiary_interest: 100 }))).statusCode).toBe(201);
      const done = await submit(applicant);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ status: 'pending_approval', message: 'Account created successfully!' });
    });
  });
});
