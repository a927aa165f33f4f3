// The analyst studio's API (src/server/routes/studio): the scratch verdict validates a step's body exactly as the
// step's route would and stores nothing; development leaves it open, production hides it from everyone but an
// administrator whose role has the studio flag.
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { stepRequest } from '../../helpers/journey-bodies';
import { auth, tokenFor } from '../admin/admin-helpers';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../../src/server/db/seed';
import { ROLES } from '../../../src/shared/product';
import type { TestApp } from '../../helpers/test-app';

const STEP = 'politically-exposed-persons';
const verdict = (t: TestApp, payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.call({ method: 'POST', url: '/api/dev/studio/verdict', payload, headers });

/** Rows of every table a step's call could write. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['signups', 'signup_steps', 'signup_files', 'outbox_messages', 'audit_log'] as const) {
    const row = await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe.each(dbTargets())('studio API on $name', (target) => {
  describe('in development', () => {
    const t = suiteApp(target);

    it('accepts a valid body, gives the field messages for a bad one, and stores nothing', async () => {
      const before = await rowCounts(t);
      const good = await verdict(t, { step: STEP, applicant: { dob: '1990-01-01' }, body: stepRequest(STEP).body });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toMatchObject({ step: STEP, form: `onboarding/${STEP}`, accepted: true });

      const bad = await verdict(t, { step: STEP, applicant: {}, body: { is_pep: 'perhaps' } });
      expect(bad.statusCode).toBe(200);
      const answer = bad.json();
      expect(answer.accepted).toBe(false);
      expect(answer.message).toBeTruthy();
      expect(Object.keys(answer.errors)).toEqual(expect.arrayContaining(['is_pep']));
      expect(await rowCounts(t)).toEqual(before);
    });

    it('validates with the persona: the facts decide which rules apply', async () => {
      // The same adult's employment body: a minor must also say where the child's funds come from.
      const body = stepRequest('employment-information').body;
      const adult = (await verdict(t, { step: 'employment-information', applicant: { dob: '1990-01-01' }, body })).json();
      const minor = (await verdict(t, { step: 'employment-information', applicant: { dob: '2015-01-01' }, body })).json();
      expect(adult.errors).not.toHaveProperty('child_account_contribution');
      expect(minor.errors).toHaveProperty('child_account_contribution');
      expect((await verdict(t, { step: 'no-such-step', body: {} })).statusCode).toBe(400);
      for (const step of ['constructor', 'toString']) expect((await verdict(t, { step, body: {} })).statusCode, step).toBe(400);
    });

    it('serves the configuration with the checker messages, and one form\'s files', async () => {
      const config = await t.call({ method: 'GET', url: '/api/dev/studio/configuration' });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toMatchObject({ flow: { id: 'onboarding' }, problems: [] });
      expect(config.json().forms).toContain('onboarding/basic-info');
      const form = await t.call({ method: 'GET', url: '/api/dev/studio/form?id=onboarding/basic-info' });
      expect(form.json()).toMatchObject({ id: 'onboarding/basic-info', files: { schema: 'forms/onboarding/basic-info.schema.json' }, problems: [] });
      expect(JSON.parse(form.json().schema)).toHaveProperty('properties.dob');
      expect((await t.call({ method: 'GET', url: '/api/dev/studio/form?id=onboarding/nothing-here' })).statusCode).toBe(404);
    });
  });

  describe('in production', () => {
    const t = suiteApp(target, { config: { devTools: false } });
    const body = () => ({ step: STEP, applicant: {}, body: stepRequest(STEP).body });

    it('answers 404 to anyone but an administrator', async () => {
      expect((await verdict(t, body())).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: '/api/dev/studio/configuration' })).statusCode).toBe(404);
      const member = await tokenFor(t.app, DEMO_MEMBER.email);
      expect((await verdict(t, body(), auth(member))).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: '/api/dev/studio/configuration', headers: auth(member) })).statusCode).toBe(404);
    });

    it('answers 404 to anyone but an administrator before reading the body or the query, so a malformed one tells nothing either', async () => {
      // The hidden studio answered a body or query its schema refuses with 400 and the fields it takes (step, body),
      // to anyone: its guard ran after validation.
      const member = await tokenFor(t.app, DEMO_MEMBER.email);
      for (const headers of [{}, auth(member)]) {
        for (const payload of [{}, { step: 5 }, { ...body(), extra: true }]) {
          const res = await verdict(t, payload, headers);
          expect(res.statusCode, JSON.stringify(payload)).toBe(404);
          expect(res.json().errors, JSON.stringify(payload)).toBeUndefined();
        }
        for (const url of ['/api/dev/studio/form', '/api/dev/studio/form?id=../../etc', '/api/dev/studio/form?id=onboarding/basic-info&x=1']) {
          const res = await t.call({ method: 'GET', url, headers });
          expect(res.statusCode, url).toBe(404);
          expect(res.json().errors, url).toBeUndefined();
        }
      }
    });

    it('answers 403 to an administrator whose role lacks the studio flag, and serves one whose role has it', async () => {
      const admin = await tokenFor(t.app, DEMO_ADMIN.email);
      expect((await verdict(t, body(), auth(admin))).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: '/api/dev/studio/configuration', headers: auth(admin) })).statusCode).toBe(403);
      await t.db.db.updateTable('roles').set({ can_use_studio: true }).where('id', '=', ROLES.SYSTEMS_ADMINISTRATOR).execute();
      try {
        const answer = await verdict(t, body(), auth(admin));
        expect(answer.statusCode).toBe(200);
        expect(answer.json().accepted).toBe(true);
        expect((await t.call({ method: 'GET', url: '/api/dev/studio/configuration', headers: auth(admin) })).statusCode).toBe(200);
      } finally {
        await t.db.db.updateTable('roles').set({ can_use_studio: false }).where('id', '=', ROLES.SYSTEMS_ADMINISTRATOR).execute();
      }
    });
  });
});
