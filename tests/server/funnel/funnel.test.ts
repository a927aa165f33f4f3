import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { adultSignup, nextAddress } from '../onboarding/onboarding-helpers';
import { auth, tokenFor } from '../admin/admin-helpers';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../../src/server/db/seed';
import { readConfigVersion } from '../../../src/server/lib/config-version';
import { FUNNEL_STEP_HEADER, FUNNEL_VISIT_HEADER } from '../../../src/shared/funnel';
import { FakeClock } from '../../../src/server/lib/clock';
import { ADMIN_TEXTS } from '../../../src/shared/messages';

describe.each(dbTargets())('onboarding funnel and configuration versions on $name', (target) => {
  const t = suiteApp(target);
  const event = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/funnel/events', payload, remoteAddress: nextAddress() });
  const events = async () => {
    await t.app.funnel.flush();
    return t.db.db.selectFrom('funnel_events').selectAll().orderBy('id').execute();
  };

  it('records the configuration in force at start, with its files, under its content hash', async () => {
    const version = readConfigVersion();
    expect(t.app.configVersion).toBe(version.hash);
    const row = await t.db.db.selectFrom('config_versions').selectAll().where('hash', '=', version.hash).executeTakeFirstOrThrow();
    const files = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as Record<string, string>;
    expect(JSON.parse(files['flows/onboarding.flow.json']).initial).toBe('new-or-existing-customer');
    expect(Object.keys(files).some((f) => f.startsWith('forms/onboarding/'))).toBe(true);
  });

  it('an application and each stored step record the configuration they were validated under', async () => {
    const res = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(901), remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(201);
    const signup = await t.db.db.selectFrom('signups').select('config_version').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(signup.config_version).toBe(t.app.configVersion);
    const step = await t.db.db.selectFrom('signup_steps').select('config_version').where('signup_id', '=', res.json().id).where('step', '=', 'basic-info').executeTakeFirstOrThrow();
    expect(step.config_version).toBe(t.app.configVersion);
  });

  it('takes a step entered and left with the visit and true/false facts only; refuses anything else', async () => {
    expect((await event({ visit: 'visit-aaaa-0001', step: 'basic-info', event: 'entered', facts: { isMinor: false, notAFact: true } })).statusCode).toBe(202);
    expect((await event({ visit: 'visit-aaaa-0001', step: 'basic-info', event: 'left' })).statusCode).toBe(202);
    expect((await event({ visit: 'visit-aaaa-0001', step: 'no-such-step', event: 'entered' })).json()).toMatchObject({ status: 400, errors: { step: ADMIN_TEXTS.funnelUnknownStep } });
    // Names every object has are no step either.
    for (const step of ['constructor', 'toString', '__proto__']) expect((await event({ visit: 'visit-aaaa-0001', step, event: 'entered' })).json(), step).toMatchObject({ status: 400, errors: { step: ADMIN_TEXTS.funnelUnknownStep } });
    expect((await event({ visit: 'visit-aaaa-0001', step: 'basic-info', event: 'submitted' })).json()).toMatchObject({ status: 400, errors: { event: ADMIN_TEXTS.funnelCountedByServer } });
    expect((await event({ visit: 'visit-aaaa-0001', step: 'basic-info', event: 'application_submitted' })).statusCode).toBe(400);
    expect((await event({ visit: 'visit-aaaa-0001', step: 'basic-info', event: 'entered', email: 'a@b.example' })).statusCode).toBe(400);
    expect((await event({ visit: 'a b', step: 'basic-info', event: 'entered' })).statusCode).toBe(400);
    expect((await event({ visit: 'visit-aaaa-0001', step: 'basic-info', event: 'entered', facts: { isMinor: 'yes' } })).statusCode).toBe(400);
    const recorded = (await events()).filter((e) => e.visit === 'visit-aaaa-0001');
    expect(recorded.map((e) => [e.step, e.event, e.facts, e.config_version])).toEqual([
      ['basic-info', 'entered', { isMinor: false }, t.app.configVersion],
      ['basic-info', 'left', null, t.app.configVersion],
    ]);
  });

  it("counts a step's call accepted, or refused with the fields at fault and never what was typed", async () => {
    const visit = 'visit-bbbb-0002';
    const headers = { [FUNNEL_VISIT_HEADER]: visit, [FUNNEL_STEP_HEADER]: 'basic-info' };
    const refused = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(902, { mobile: 'secret-not-a-mobile', dob: '2999-01-01' }), headers, remoteAddress: nextAddress() });
    expect(refused.statusCode).toBe(400);
    const accepted = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(902), headers, remoteAddress: nextAddress() });
    expect(accepted.statusCode).toBe(201);
    const recorded = (await events()).filter((e) => e.visit === visit);
    expect(recorded.map((e) => e.event)).toEqual(['refused', 'submitted']);
    expect(recorded[0].fields).toEqual(expect.arrayContaining(['mobile', 'dob']));
    const everything = JSON.stringify(await t.db.db.selectFrom('funnel_events').selectAll().execute());
    expect(everything).not.toMatch(/secret-not-a-mobile|2999-01-01|@example\.com/);
  });

  it("reports starts, each step's reach, completion, drop-off and median time, refused fields and completion by path, to administrators only", async () => {
    const visit = 'visit-cccc-0003';
    await event({ visit, step: 'new-or-existing-customer', event: 'entered', facts: { isMinor: false, isExistingCustomer: false, isForeignNational: false } });
    expect((await event({ visit, step: 'new-or-existing-customer', event: 'submitted' })).statusCode).toBe(202);
    await event({ visit, step: 'getting-ready', event: 'entered' });
    const report = await t.call({ method: 'GET', url: '/api/funnel', headers: auth(await tokenFor(t.app, DEMO_ADMIN.email)) });
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.starts).toBeGreaterThanOrEqual(1);
    expect(body.versions).toContainEqual(expect.objectContaining({ hash: t.app.configVersion, current: true }));
    expect(body.steps.map((s: { step: string }) => s.step).slice(0, 2)).toEqual(['new-or-existing-customer', 'getting-ready']);
    // A choice makes no call: the wizard says it was done.
    expect(body.steps.find((s: { step: string }) => s.step === 'new-or-existing-customer')).toMatchObject({ reached: 1, completed: 1 });
    expect(body.steps.find((s: { step: string }) => s.step === 'getting-ready')).toMatchObject({ title: 'Getting Ready', reached: 1, dropped: 1 });
    expect(body.steps.find((s: { step: string }) => s.step === 'basic-info')).toMatchObject({ completed: 1, refusals: 1 });
    expect(body.refused_fields).toContainEqual(expect.objectContaining({ step: 'basic-info', field: 'mobile', refusals: 1 }));
    expect(body.paths).toContainEqual({ path: 'not a minor, not an existing customer, not a foreign national', visits: 1, completed: 0, rate: 0 });
    // The calendar's ends are days like any other: the same visits, not a refusal.
    const everything = await t.call({ method: 'GET', url: '/api/funnel?from=0001-01-01&to=9999-12-31', headers: auth(await tokenFor(t.app, DEMO_ADMIN.email)) });
    expect(everything.statusCode, everything.body).toBe(200);
    expect(everything.json().starts).toBe(body.starts);

    expect((await t.call({ method: 'GET', url: '/api/funnel' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/funnel', headers: auth(await tokenFor(t.app, DEMO_MEMBER.email)) })).statusCode).toBe(403);
    const bad = await t.call({ method: 'GET', url: '/api/funnel?from=2026-12-01&to=2026-11-01', headers: auth(await tokenFor(t.app, DEMO_ADMIN.email)) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: ADMIN_TEXTS.funnelReversedDates, errors: { from: ADMIN_TEXTS.funnelReversedDates } });
  });
});

describe.each(dbTargets())("the funnel report's days are the credit union's on $name", (target) => {
  // 02:30 UTC on 27 November is still the 26th in Port of Spain (UTC-4), the credit union's time zone.
  const clock = new FakeClock(new Date('2026-11-27T02:30:00Z'));
  const t = suiteApp(target, { clock });
  const report = async (query = '') => (await t.call({ method: 'GET', url: `/api/funnel${query}`, headers: auth(await tokenFor(t.app, DEMO_ADMIN.email)) })).json();

  it('counts an event in the evening by the day it was there, not by the day in UTC', async () => {
    const entered = { visit: 'visit-dddd-0004', step: 'new-or-existing-customer', event: 'entered' };
    expect((await t.call({ method: 'POST', url: '/api/funnel/events', payload: entered, remoteAddress: nextAddress() })).statusCode).toBe(202);
    // Today's report (the 26th there) holds it; the 27th's does not, until its midnight there.
    expect(await report()).toMatchObject({ to: '2026-11-26', starts: 1 });
    expect((await report('?from=2026-11-27&to=2026-11-27')).starts).toBe(0);
    clock.advance(2 * 60 * 60 * 1000);
    expect((await t.call({ method: 'POST', url: '/api/funnel/events', payload: { ...entered, visit: 'visit-dddd-0005' }, remoteAddress: nextAddress() })).statusCode).toBe(202);
    expect(await report()).toMatchObject({ from: '2026-10-29', to: '2026-11-27', starts: 2 });
    expect((await report('?from=2026-11-27&to=2026-11-27')).starts).toBe(1);
    expect((await report('?from=2026-11-26&to=2026-11-26')).starts).toBe(1);
  });
});
