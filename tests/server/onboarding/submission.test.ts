import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { ADULT_STEPS as ADULT_LOCAL_STEPS, FOREIGN_ADULT_STEPS, adultSignup, createApplicant, sendStep, type Applicant } from './onboarding-helpers';
import { ONBOARDING_TEXTS } from '../../../src/shared/messages';
import { unknownFieldMessage } from '../../helpers/form-messages';

describe.each(dbTargets())('final submission on $name', (target) => {
  let n = 0;

  const t = suiteApp(target);

  const doStep = (applicant: Applicant, step: string) => sendStep(t, applicant, step);
  const verify = (applicant: Applicant) => t.db.db.updateTable('signups').set({ email_verified_on: new Date(), mobile_verified_on: new Date() }).where('id', '=', applicant.id).execute();
  const submit = (applicant: Applicant, headers = applicant.headers) => t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers, remoteAddress: applicant.address });
  const status = async (applicant: Applicant) => (await t.db.db.selectFrom('signups').select('status').where('id', '=', applicant.id).executeTakeFirstOrThrow()).status;

  it('marks a complete adult application pending_approval, then refuses changes with 409', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    await verify(applicant);
    for (const step of ADULT_LOCAL_STEPS) expect((await doStep(applicant, step)).statusCode).toBeLessThan(300);
    const res = await submit(applicant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ signup_id: applicant.id, status: 'pending_approval' });
    expect(await status(applicant)).toBe('pending_approval');
    expect((await submit(applicant)).statusCode).toBe(409);
    expect((await doStep(applicant, 'branch')).statusCode).toBe(409);
  });

  it("removes at submission the steps the applicant's path does not hold (a citizen's foreign bank, an adult's guardian), with their documents", async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    await verify(applicant);
    for (const step of ADULT_LOCAL_STEPS) expect((await doStep(applicant, step)).statusCode).toBeLessThan(300);
    // Steps of other paths, sent by a hand-made client (or left from before an earlier answer changed).
    for (const step of ['foreign-national-bank-information', 'parent-guardian-information']) expect((await doStep(applicant, step)).statusCode, step).toBeLessThan(300);
    const guardianFiles = await t.db.db.selectFrom('signup_files').select('stored_name').where('signup_id', '=', applicant.id).where('step', '=', 'parent-guardian-information').execute();
    expect(guardianFiles.length).toBeGreaterThan(0);
    expect((await submit(applicant)).statusCode).toBe(200);
    const steps = (await t.db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', applicant.id).execute()).map((r) => r.step);
    expect(steps).not.toContain('foreign-national-bank-information');
    expect(steps).not.toContain('parent-guardian-information');
    expect(steps).toEqual(expect.arrayContaining(ADULT_LOCAL_STEPS.filter((s) => s !== 'basic-info')));
    expect(await t.db.db.selectFrom('signup_files').select('id').where('signup_id', '=', applicant.id).where('step', '=', 'parent-guardian-information').execute()).toEqual([]);
    for (const f of guardianFiles) expect(await t.app.files.get(f.stored_name)).toBeNull();
    const audit = await t.db.db.selectFrom('audit_log').select(['action', 'before']).where('entity_id', '=', applicant.id).where('action', '=', 'signup.off_path_steps_removed').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses while email or mobile is unverified', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    for (const step of ADULT_LOCAL_STEPS) await doStep(applicant, step);
    const res = await submit(applicant);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ 'email-verification': ONBOARDING_TEXTS.verifyEmailFirst, 'mobile-verification': ONBOARDING_TEXTS.verifyMobileFirst });
    expect(await status(applicant)).toBe('draft');
  });

  it('refuses when a required step of the path is missing, naming it', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    await verify(applicant);
    for (const step of ADULT_LOCAL_STEPS.filter((s) => s !== 'address')) await doStep(applicant, step);
    const res = await submit(applicant);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['address']);
    expect(await status(applicant)).toBe('draft');
  });

  it('follows the server-held facts: a foreign national may answer the foreign bank step without a call, a minor needs the child ID and guardian', async () => {
    // Spec 4: 'I do not have a Foreign Bank Account' moves on without a call in the specification's client.
    const foreign = await createApplicant(t, adultSignup(++n, { nationality: 'CA' }));
    await verify(foreign);
    for (const step of FOREIGN_ADULT_STEPS) await doStep(foreign, step);
    expect((await submit(foreign)).statusCode).toBe(200);
    const withBank = await createApplicant(t, adultSignup(++n, { nationality: 'CA' }));
    await verify(withBank);
    for (const step of FOREIGN_ADULT_STEPS) await doStep(withBank, step);
    expect((await doStep(withBank, 'foreign-national-bank-information')).statusCode).toBe(201);
    expect((await submit(withBank)).statusCode).toBe(200);

    const minor = await createApplicant(t, adultSignup(++n, { dob: '2012-01-01', marital_status: 'Single', school_name: 'Fatima College' }));
    await verify(minor);
    for (const step of ADULT_LOCAL_STEPS) await doStep(minor, step);
    // The adult employment body lacks the child's source of funds, which the server requires of a minor.
    expect(Object.keys((await submit(minor)).json().errors).sort()).toEqual(['child-id-information', 'employment-information', 'parent-guardian-information']);
  });

  it('refuses an existing customer without an account number and the claim code', async () => {
    const existing = await createApplicant(t, adultSignup(++n, { is_existing_customer: true }));
    await verify(existing);
    for (const step of ADULT_LOCAL_STEPS) await doStep(existing, step);
    expect(Object.keys((await submit(existing)).json().errors)).toEqual(['account-claim', 'account-number']);
  });

  it("answers 404 to another visitor's token and refuses extra fields", async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    const other = await createApplicant(t, adultSignup(++n));
    expect((await submit(applicant, other.headers)).statusCode).toBe(404);
    const extra = await t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id, status: 'approved' }, headers: applicant.headers, remoteAddress: applicant.address });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors.status).toBe(unknownFieldMessage('status'));
  });
});
