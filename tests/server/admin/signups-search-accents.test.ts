import { sql } from 'kysely';
import { dbTargets, planWithIndexes } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { SIGNUP_SEARCH_TEXT } from '../../../src/server/routes/signups-admin/signups-admin.repository';
import { auth, insertAdmin, insertSubmittedSignup, tokenFor } from './admin-helpers';

// An administrator types a name as the applicant spells it on the phone, without its accents or marks: "Zoe
// O'Brien-Łukasiewicz" was found by "Zoe" only through her email address, and not at all by "Lukasiewicz";
// "André Jean-Luc Charles" not by "Andre Charles".
describe.each(dbTargets())('finding an application by a name typed without its accents, on $name', (target) => {
  const t = suiteApp(target);
  let admin: string;
  const search = async (text: string) => {
    const res = await t.call({ method: 'GET', url: `/api/signups?${new URLSearchParams({ search: text })}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { signups: Array<{ first_name: string }> }).signups.map((s) => s.first_name);
  };

  beforeAll(async () => {
    admin = await tokenFor(t.app, 'admin@cu.example');
    await insertSubmittedSignup(t.db.db, { email: 'applicant.one@example.com', mobile: '+18686200001', firstName: 'Zoë', lastName: "O'Brien-Łukasiewicz" });
    await insertSubmittedSignup(t.db.db, { email: 'applicant.two@example.com', mobile: '+18686200002', firstName: 'André', lastName: 'Charles' });
    await insertSubmittedSignup(t.db.db, { email: 'applicant.three@example.com', mobile: '+18686200003', firstName: 'Ana-Lucía', lastName: "N’Dour" });
  });

  it('finds it with the accents or without, the apostrophe or without, a hyphen or a space', async () => {
    expect(await search('Lukasiewicz')).toEqual(['Zoë']);
    expect(await search('Łukasiewicz')).toEqual(['Zoë']);
    expect(await search('zoe obrien')).toEqual(['Zoë']);
    expect(await search("O'Brien Lukasiewicz")).toEqual(['Zoë']);
    expect(await search('Andre Charles')).toEqual(['André']);
    expect(await search('andré')).toEqual(['André']);
    expect(await search('Ana Lucia'.toUpperCase())).toEqual(['Ana-Lucía']);
    expect(await search("N'Dour")).toEqual(['Ana-Lucía']);
  });

  it('still through the trigram index', async () => {
    const plan = await planWithIndexes(t.db.db, sql`select id from signups where ${SIGNUP_SEARCH_TEXT} ilike '%lukasiewicz%'`);
    expect(plan).toContain('signups_search_idx');
  });

  it('finds a user on the Users page the same way', async () => {
    await insertAdmin(t.db.db, 'staff.one@example.com', '+18686200011', { first_name: 'Siobhán', last_name: 'Ní Bhriain-Łaska' });
    const users = async (text: string) => {
      const res = await t.call({ method: 'GET', url: `/api/users?${new URLSearchParams({ search: text })}`, headers: auth(admin) });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { users?: Array<{ first_name: string }>; items?: Array<{ first_name: string }> };
      return (body.users ?? body.items ?? []).map((u) => u.first_name);
    };
    expect(await users('Siobhan')).toEqual(['Siobhán']);
    expect(await users('Ni Bhriain Laska')).toEqual(['Siobhán']);
    expect(await users('siobhan ni bhriain')).toEqual(['Siobhán']);
  });
});
