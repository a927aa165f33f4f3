import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { auth, tokenFor } from '../admin/admin-helpers';
import { consentTextVersion } from '../../../src/server/lib/review-rules';
import { ADULT_STEPS, FOREIGN_ADULT_STEPS, adultSignup, createApplicant, sendStep, type Applicant } from './onboarding-helpers';

describe.each(dbTargets())('what the review reads from an application (consents, risk flags) on $name', (target) => {
  let n = 500;
  const t = suiteApp(target);
  const verify = (applicant: Applicant) => t.db.db.updateTable('signups').set({ email_verified_on: new Date(), mobile_verified_on: new Date() }).where('id', '=', applicant.id).execute();
  const submit = (applicant: Applicant) => t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address });
  const consents = (id: string) => t.db.db.selectFrom('signup_consents').selectAll().where('signup_id', '=', id).orderBy('consent').execute();

  it('stores each consent when its step is sent, with the time, the client address and the text version; the review shows them', async () => {
    const applicant = await createApplicant(t, adultSignup(++n));
    expect((await consents(applicant.id)).map((c) => [c.consent, c.step, c.client_ip])).toEqual([
      ['financial_declaration', 'basic-info', applicant.address],
      ['terms', 'basic-info', applicant.address],
    ]);
    await verify(applicant);
    for (const step of ADULT_STEPS) expect((await sendStep(t, applicant, step)).statusCode, step).toBeLessThan(300);
    const stored = await consents(applicant.id);
    expect(stored.map((c) => c.consent)).toEqual(['financial_declaration', 'membership_declaration', 'pep_confirmation', 'terms']);
    for (const c of stored) {
      expect(c.text_version).toBe(consentTextVersion(c.consent));
      expect(c.text_version).toMatch(/^[0-9a-f]{16}$/);
      expect(c.client_ip).toBe(applicant.address);
      expect(c.agreed_on).toBeInstanceOf(Date);
    }
    // Each text has its own version: the terms and the financial declaration are different wordings.
    expect(new Set(stored.map((c) => c.text_version)).size).toBe(4);

    expect((await submit(applicant)).statusCode).toBe(200);
    const review = (await t.call({ method: 'GET', url: `/api/signups/${applicant.id}`, headers: auth(await tokenFor(t.app, 'admin@cu.example')) })).json();
    expect(review.consents.map((c: { label: string }) => c.label)).toEqual(['Terms and Conditions', 'Financial Declaration', 'Membership Declaration', 'PEP declaration confirmed']);
    expect(review.consents[0]).toMatchObject({ consent: 'terms', client_ip: applicant.address, current_version: true, text_version: consentTextVersion('terms') });
  });

  it('computes the risk flags at final submission from what the server holds: none for a local adult, foreign for another nationality', async () => {
    const local = await createApplicant(t, adultSignup(++n));
    await verify(local);
    for (const step of ADULT_STEPS) await sendStep(t, local, step);
    expect((await submit(local)).statusCode).toBe(200);
    expect(await t.db.db.selectFrom('signups').select(['risk_flags', 'risk_flags_on']).where('id', '=', local.id).executeTakeFirstOrThrow()).toMatchObject({ risk_flags: [], risk_flags_on: expect.any(Date) });

    const foreign = await createApplicant(t, adultSignup(++n, { nationality: 'CA' }));
    await verify(foreign);
    for (const step of FOREIGN_ADULT_STEPS) await sendStep(t, foreign, step);
    expect((await submit(foreign)).statusCode).toBe(200);
    expect((await t.db.db.selectFrom('signups').select('risk_flags').where('id', '=', foreign.id).executeTakeFirstOrThrow()).risk_flags).toEqual(['foreign']);
  });
});
