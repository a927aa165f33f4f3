import { dbTargets } from '../helpers/test-db';
import { suiteApp } from '../helpers/test-app';
import { up as normaliseStoredMobiles } from '../../src/server/db/migrations/2026-11-23T0001-normalise-mobiles';
import { auth, tokenFor, validUserBody } from './admin/admin-helpers';
import { adultSignup, createApplicant } from './onboarding/onboarding-helpers';
import { REQUEST_TEXTS } from '../../src/shared/messages';

/** One stored form of a mobile number everywhere (issue 11, 5c): `+1 868 300 0002` and `+18683000002` are the same person. */
describe.each(dbTargets())('mobile numbers are stored and compared normalised on $name', (target) => {
  const t = suiteApp(target);
  let admin: Record<string, string>;
  const TAKEN = REQUEST_TEXTS.mobileTaken;

  beforeAll(async () => {
    admin = auth(await tokenFor(t.app, 'admin@cu.example'));
  });

  const createUser = (n: number, mobile: string) => t.call({ method: 'POST', url: '/api/users', headers: admin, payload: validUserBody({ email: `mobile${n}@example.com`, mobile }) });

  it.each(['+1 868 300 0002', '+1 (868) 300-0002', '1-868-300-0002', '(868) 300-0002', '868 300 0002'])('the member\'s +18683000002 typed as %j is already registered', async (mobile) => {
    const res = await createUser(1, mobile);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ mobile: TAKEN });
  });

  it('the admin form stores the normalised number, and every other way of typing it is taken, on create and update', async () => {
    const created = await createUser(2, '+1 (868) 555-0142');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.mobile).toBe('+18685550142');
    const row = await t.db.db.selectFrom('users').select('mobile').where('id', '=', created.json().user.id).executeTakeFirstOrThrow();
    expect(row.mobile).toBe('+18685550142');
    expect((await createUser(3, '18685550142')).json().errors).toEqual({ mobile: TAKEN });

    const other = (await createUser(4, '+1 868 555 0143')).json().user;
    const { password: _p, verify_password: _v, ...form } = validUserBody({ email: 'mobile4@example.com' });
    const clash = await t.call({ method: 'PUT', url: `/api/users/${other.id}`, headers: admin, payload: { ...form, mobile: '868-555-0142' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ mobile: TAKEN });
    // Its own number, typed differently, is not a clash with itself.
    const same = await t.call({ method: 'PUT', url: `/api/users/${other.id}`, headers: admin, payload: { ...form, mobile: '(868) 555 0143' } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().user.mobile).toBe('+18685550143');
  });

  it('the users list finds a number however the administrator types it', async () => {
    for (const search of ['868 555 0142', '(868) 555-0142', '+1 868 555 0142', '555-0142']) {
      const res = await t.call({ method: 'GET', url: `/api/users?search=${encodeURIComponent(search)}`, headers: admin });
      expect(res.json().items.map((u: { email: string }) => u.email), search).toContain('mobile2@example.com');
    }
  });

  it('sign-up stores the applicant\'s mobile normalised', async () => {
    const applicant = await createApplicant(t, adultSignup(7101, { mobile: '18685550144' }));
    const row = await t.db.db.selectFrom('signups').select('mobile').where('id', '=', applicant.id).executeTakeFirstOrThrow();
    expect(row.mobile).toBe('+18685550144');
    // Written as people write it (spaces, brackets, a hyphen): accepted, and stored the same way.
    const spaced = await createApplicant(t, adultSignup(7103, { mobile: '+1 (868) 555-0145' }));
    expect((await t.db.db.selectFrom('signups').select('mobile').where('id', '=', spaced.id).executeTakeFirstOrThrow()).mobile).toBe('+18685550145');
  });

  it('the migration normalises stored numbers in users, members and signups, and stops on two users sharing one', async () => {
    const db = t.db.db;
    const member = await db.insertInto('members').values({ member_number: 'MOB1', first_name: 'Mo', last_name: 'Bile', email: null, mobile: '+1 (868) 444-0001', dob: null }).returning('id').executeTakeFirstOrThrow();
    const user = await db.insertInto('users').values({ first_name: 'Mo', last_name: 'Bile', other_names: null, email: 'mo.bile@example.com', mobile: '868-444-0002', password_hash: 'x', role_id: 2, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null }).returning('id').executeTakeFirstOrThrow();
    const applicant = await createApplicant(t, adultSignup(7102));
    await db.updateTable('signups').set({ mobile: '+1 868 444 0003' }).where('id', '=', applicant.id).execute();

    await normaliseStoredMobiles(db);
    expect((await db.selectFrom('members').select('mobile').where('id', '=', member.id).executeTakeFirstOrThrow()).mobile).toBe('+18684440001');
    expect((await db.selectFrom('users').select('mobile').where('id', '=', user.id).executeTakeFirstOrThrow()).mobile).toBe('+18684440002');
    expect((await db.selectFrom('signups').select('mobile').where('id', '=', applicant.id).executeTakeFirstOrThrow()).mobile).toBe('+18684440003');

    const twin = await db.insertInto('users').values({ first_name: 'Twin', last_name: 'Bile', other_names: null, email: 'twin@example.com', mobile: '+1 868 444 0002', password_hash: 'x', role_id: 2, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null }).returning('id').executeTakeFirstOrThrow();
    await expect(normaliseStoredMobiles(db)).rejects.toThrow(`these users hold the same number written differently (+18684440002: users ${user.id}, ${twin.id})`);
    await db.deleteFrom('users').where('id', '=', twin.id).execute();
  });
});
