import { sql } from 'kysely';
import { dbTargets, planWithIndexes } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { SIGNUP_SEARCH_TEXT } from '../../../src/server/routes/signups-admin/signups-admin.repository';
import { auth, insertSubmittedSignup, tokenFor } from './admin-helpers';

// The administrator's queue reads its totals from counts a trigger keeps and reads its second half from the
// oldest end (signups-admin.repository.ts); these tests prove both give the answers counting and paging
// from the newest end would. The timings at a million rows: `npm run bench:admin-scale`.
describe.each(dbTargets())('admin signups list at scale, on $name', (target) => {
  const t = suiteApp(target);
  let admin: string;
  const ids: string[] = [];

  beforeAll(async () => {
    admin = await tokenFor(t.app, 'admin@cu.example');
    const base = Date.parse('2026-02-01T00:00:00Z');
    // 13 applications; the pairs 4/5 and 9/10 share a creation time, so the id decides their order.
    const times = [0, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10];
    for (const [i, minute] of times.entries()) {
      ids.push(await insertSubmittedSignup(t.db.db, { email: `queue${i}@example.com`, mobile: `+1868610${String(i).padStart(4, '0')}`, lastName: `Queue${i}`, createdOn: new Date(base + minute * 60_000) }));
    }
    await insertSubmittedSignup(t.db.db, { email: 'queue-draft@example.com', mobile: '+18686109999', status: 'draft' });
  });

  const list = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/signups?${query}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    return res.json() as { signups: Array<{ id: string; last_name: string }>; total: number };
  };

  /** What the database says when asked directly: every submitted application, newest first, ties by id. */
  const expected = async () =>
    (await t.db.db.selectFrom('signups').select('id').where('status', '<>', 'draft').orderBy('created_on', 'desc').orderBy('id').execute()).map((r) => r.id);

  it('pages from both ends give the newest-first order, whatever the page size', async () => {
    const all = await expected();
    for (const size of [1, 2, 3, 4, 5, 6, 13, 20]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / size); page++) {
        const body = await list(`page=${page}&page_size=${size}`);
        expect(body.total).toBe(all.length);
        pages.push(...body.signups.map((s) => s.id));
      }
      expect(pages, `page size ${size}`).toEqual(all);
      expect((await list(`page=${Math.ceil(all.length / size) + 1}&page_size=${size}`)).signups).toEqual([]);
    }
  });

  it('keeps the totals right as applications are submitted, decided and removed', async () => {
    const counted = async () => {
      const rows = await t.db.db.selectFrom('signups').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('status', '<>', 'draft').groupBy('status').execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    };
    const totals = async () => ({
      all: (await list('')).total,
      pending: (await list('status=pending')).total,
      approved: (await list('status=approved')).total,
      rejected: (await list('status=rejected')).total,
    });
    const check = async () => {
      const c = await counted();
      const pending = c.pending_approval ?? 0, approved = c.approved ?? 0, rejected = c.rejected ?? 0;
      expect(await totals()).toEqual({ all: pending + approved + rejected, pending, approved, rejected });
    };
    await check();
    await t.db.db.updateTable('signups').set({ status: 'pending_approval' }).where('email', '=', 'queue-draft@example.com').execute();
    await check();
    await t.db.db.updateTable('signups').set({ status: 'approved' }).where('id', '=', ids[0]).execute();
    await t.db.db.updateTable('signups').set({ status: 'rejected' }).where('id', 'in', [ids[1], ids[2]]).execute();
    await check();
    // An update that leaves the status alone changes no total.
    await t.db.db.updateTable('signups').set({ status: 'rejected', comments: 'noted' }).where('id', '=', ids[1]).execute();
    await check();
    await t.db.db.deleteFrom('signup_steps').where('signup_id', '=', ids[2]).execute();
    await t.db.db.deleteFrom('signups').where('id', '=', ids[2]).execute();
    await check();
    expect((await list('status=rejected')).signups.map((s) => s.id)).toEqual([ids[1]]);
  });

  it('searches names, email and mobile through the trigram index (the expression matches the index word for word)', async () => {
    expect((await list('search=QUEUE1')).signups.map((s) => s.last_name).sort()).toEqual(['Queue1', 'Queue10', 'Queue11', 'Queue12']);
    expect((await list('search=queue7%40example')).signups.map((s) => s.last_name)).toEqual(['Queue7']);
    expect((await list(`search=${encodeURIComponent('868 610 0003')}`)).signups.map((s) => s.last_name)).toEqual(['Queue3']);
    // Past the last page of matches: no rows, and still the number of matches.
    expect(await list('search=queue&page=3&page_size=10')).toMatchObject({ signups: [], total: (await expected()).length });
    // A field's end and the next one's start do not match together.
    expect((await list(`search=${encodeURIComponent('Queue3 queue3')}`)).total).toBe(0);
    const plan = await planWithIndexes(t.db.db, sql`select id from signups where ${SIGNUP_SEARCH_TEXT} ilike '%queue%'`);
    expect(plan).toContain('signups_search_idx');
  });

  it("finds an application by its id, whole or by the first characters the list shows, through the id's prefix index", async () => {
    const [id] = await expected();
    expect((await list(`search=${id}`)).signups.map((s) => s.id)).toEqual([id]);
    expect((await list(`search=${id.slice(0, 8)}`)).signups.map((s) => s.id)).toContain(id);
    expect((await list(`search=${id.slice(0, 8).toUpperCase()}`)).signups.map((s) => s.id)).toContain(id);
    const plan = await planWithIndexes(t.db.db, sql`select id from signups where id like ${`${id.slice(0, 8)}%`}`);
    expect(plan).toContain('signups_id_prefix_idx');
  });
});
