// The specification's own bodies (spec 3 and 4, section 7), written from its call tables rather than from our
// forms, are accepted and stored as our client's are (issue "The specification's own calls work against our
// server"; docs/api/spec-calls.md lists what is still refused).
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { adultSignup, createApplicant, multipart, PDF, type Applicant } from './onboarding-helpers';

describe.each(dbTargets())("the specification's step bodies on $name", (target) => {
  let n = 0;
  const t = suiteApp(target);
  const postAddress = (applicant: Applicant, fields: Record<string, unknown>, files = [{ field: 'proof_of_address_files', name: 'bill.pdf', content: PDF(), type: 'application/pdf' }]) => {
    const form = multipart({ signup_id: applicant.id, ...fields }, files);
    return t.call({ method: 'POST', url: '/api/addresses/', payload: form.payload, headers: { ...applicant.headers, ...form.headers }, remoteAddress: applicant.address });
  };
  const storedStep = async (applicant: Applicant, step: string) => {
    const row = await t.db.db.selectFrom('signup_steps').select('data').where('signup_id', '=', applicant.id).where('step', '=', step).executeTakeFirst();
    return row && (typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
  };

  it('POST /addresses/ (mailing): address_type mailing, dwelling_status "null", utility_bill_type, files, no same_as_residential', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const spec = { address_type: 'mailing', address_line_1: '12 Frederick Street', address_line_2: '', city: 'Port of Spain', country: 'TT', dwelling_status: 'null', utility_bill_type: 'Electricity' };
    const res = await postAddress(applicant, spec);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await storedStep(applicant, 'mailing-address')).toMatchObject({ address_type: 'mailing', city: 'Port of Spain', utility_bill_type: 'Electricity' });
  });

  it('still says what is missing: the proof type (either name), the address, a dwelling status other than "null"', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const base = { address_type: 'mailing', address_line_1: '12 Frederick Street', city: 'Port of Spain', country: 'TT' };
    const noType = await postAddress(applicant, base);
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toEqual({ proof_of_address_type: 'Proof of address type is required.' });
    const { city: _city, ...noCity } = base;
    expect((await postAddress(applicant, { ...noCity, utility_bill_type: 'Water' })).json().errors).toEqual({ city: 'City is required.' });
    expect((await postAddress(applicant, { ...base, utility_bill_type: 'Water', dwelling_status: 'Owner' })).json().errors.dwelling_status).toBe('A mailing address has no dwelling status: send the string null or leave it out.');
    // Our client's shape: the box ticked, nothing else.
    expect((await postAddress(applicant, { address_type: 'mailing', same_as_residential: 'true' }, [])).statusCode).toBeLessThan(300);
  });
});
