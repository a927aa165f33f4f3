import type { FastifyInstance } from 'fastify';
import { READY_CHECK_MS } from '../../src/server/plugins/readiness';
import { sql } from 'kysely';
import { dbTargets } from '../helpers/test-db';
import { suiteApp } from '../helpers/test-app';
import { REQUEST_TEXTS } from '../../src/shared/messages';
import { API_TEXTS } from '../../src/server/lib/api-texts';

/** Records the SQL of every query the app makes through its Kysely executor until restored. */
function countQueries(app: FastifyInstance) {
  const seen: string[] = [];
  const executor = (app.db as unknown as { getExecutor(): { executeQuery: (q: { sql: string }, id: unknown) => Promise<unknown> } }).getExecutor();
  const original = executor.executeQuery;
  executor.executeQuery = function (q, id) {
    seen.push(q.sql);
    return original.call(this, q, id);
  };
  return { seen, restore: () => (executor.executeQuery = original) };
}

describe.each(dbTargets())('foundation on $name', (target) => {
  const t = suiteApp(target, {
    beforeReady(app) {
      app.get('/api/test-only/boom', async () => {
        await sql`select * from no_such_table_here`.execute(app.db);
        return {};
      });
    },
  });

  it('answers liveness (GET /api/health) with up alone, without the API key headers and without a database call', async () => {
    const queries = countQueries(t.app);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'up' });
    } finally {
      queries.restore();
    }
    expect(queries.seen).toEqual([]);
  });

  it('answers readiness (GET /api/ready) with up alone, without the API key headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('checks the database at most once a second for readiness, however often it is asked', async () => {
    await new Promise((r) => setTimeout(r, READY_CHECK_MS));
    const queries = countQueries(t.app);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/ready' })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      queries.restore();
    }
    expect(queries.seen.filter((q) => /select 1/.test(q))).toHaveLength(1);
  });

  it("sends the browser the credit union's time zone with its offsets for the year ahead", async () => {
    const res = await t.call({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const { time_zone, time_zone_offsets } = res.json();
    expect(time_zone).toBe('America/Port_of_Spain');
    expect(time_zone_offsets.changes).toEqual([{ from: expect.any(Number), minutes: -240 }]);
    expect(time_zone_offsets.until - Date.now()).toBeGreaterThan(365 * 86_400_000);
  });

  it('refuses a call without the API key headers with 401 and a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.message).toMatch(/API key/);
    expect(body).toMatchObject({ status: 401, detail: body.message });
    expect(body.request_id).toEqual(expect.any(String));
  });

  it('answers a malformed JSON body with 400 in the one error shape', async () => {
    const res = await t.call({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{"broken": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: API_TEXTS.notJson });
  });

  it('answers an unknown API route with 404 in the one error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: expect.stringContaining('/api/does-not-exist') });
  });

  it('hides internals of a 500: no stack, no SQL, only a request id', async () => {
    const res = await t.call({ method: 'GET', url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ status: 500, message: REQUEST_TEXTS.serverError, detail: REQUEST_TEXTS.serverError, request_id: expect.any(String) });
    expect(res.body).not.toMatch(/no_such_table|select|stack|at /i);
  });

  it('sends the security headers with a CSP of script-src self and no unsafe-eval', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a cross-origin text/plain POST (CSRF) with 403', async () => {
    const res = await t.call({ method: 'POST', url: '/api/health', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, payload: 'x=1' });
    expect(res.statusCode).toBe(403);
  });

  it('checks the API key and the Origin however the path is spelled: %-escapes the router decodes reach no route unchecked', async () => {
    // Every route the server has, its parameters filled, each path spelled three ways a router reads as the same.
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/test-only'));
    expect(routes.length).toBeGreaterThan(20);
    const escape = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    for (const route of routes) {
      const path = route.url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
      const spellings = [`/%61pi${path.slice(4)}`, `/ap${escape('i').toUpperCase()}${path.slice(4)}`, path.replace(/[a-z]/g, escape)];
      for (const url of spellings) {
        const unkeyed = await t.app.inject({ method: route.method as 'GET', url, headers: { origin: 'https://evil.example' } });
        if (/^\/api\/(health|ready|docs)/.test(route.url) && ['GET', 'HEAD'].includes(route.method)) continue;
        expect([unkeyed.statusCode, unkeyed.json().message], `${route.method} ${url} without the API key`).toEqual([401, API_TEXTS.missingApiKey]);
        if (['GET', 'HEAD'].includes(route.method)) continue;
        const foreign = await t.call({ method: route.method as 'POST', url, headers: { origin: 'https://evil.example' } });
        expect([foreign.statusCode, foreign.json().message], `${route.method} ${url} from another site`).toEqual([403, API_TEXTS.crossOrigin]);
      }
    }
  });

  it('marks every API answer no-store, refusals too: balances and applications are kept by no browser or proxy', async () => {
    const answers = [await t.call({ method: 'GET', url: '/api/config' }), await t.call({ method: 'GET', url: '/api/accounts/' }), await t.app.inject({ method: 'GET', url: '/api/users/' }), await t.call({ method: 'GET', url: '/api/does-not-exist' })];
    expect(answers.map((a) => [a.statusCode, a.headers['cache-control']])).toEqual([[200, 'no-store'], [401, 'no-store'], [401, 'no-store'], [404, 'no-store']]);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.call({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect([404, 415]).toContain(res.statusCode);
    expect(res.json().status).toBe(res.statusCode);
  });

  it('seeds roles, offices, an administrator and a member with savings, deposit and loan balances', async () => {
    const roles = await t.db.db.selectFrom('roles').select('name').orderBy('id').execute();
    expect(roles.map((r) => r.name)).toEqual(['Systems Administrator', 'Customer']);
    const offices = await t.db.db.selectFrom('offices').select('name').orderBy('id').execute();
    expect(offices.map((o) => o.name)).toEqual(['Trinidad, Port of Spain', 'Tobago, Panam Building']);
    const accounts = await t.db.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.member_id', 'accounts.member_id')
      .where('users.email', '=', 'member@cu.example')
      .select(['account_type', 'balance_cents'])
      .execute();
    expect(new Set(accounts.map((a) => a.account_type))).toEqual(new Set(['savings', 'deposit', 'loan']));
    expect(accounts.every((a) => typeof a.balance_cents === 'number' && a.balance_cents > 0)).toBe(true);
    const offline = await t.db.db.selectFrom('members').leftJoin('users', 'users.member_id', 'members.id').where('users.id', 'is', null).select('members.id').execute();
    expect(offline.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps every seeded balance equal to the sum of its ledger entries', async () => {
    const rows = await sql<{ id: number; balance_cents: number; ledger: number }>`
      select a.id, a.balance_cents, coalesce(sum(l.amount_cents), 0)::bigint as ledger
      from accounts a left join ledger_entries l on l.account_id = a.id group by a.id`.execute(t.db.db);
    for (const row of rows.rows) expect(Number(row.ledger)).toBe(Number(row.balance_cents));
  });

  it('records outbox messages and lists them on the development outbox', async () => {
    await t.app.outbox.send({ channel: 'sms', to: '+18680000000', body: 'Your code is 123456', purpose: 'test' });
    await t.app.outbox.flush();
    const res = await t.call({ method: 'GET', url: '/api/dev/outbox?purpose=test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ channel: 'sms', recipient: '+18680000000', body: 'Your code is 123456', status: 'logged' });
  });
});

describe('production configuration', () => {
  it('refuses to start without real secrets', async () => {
    const { loadConfig } = await import('../../src/server/config');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/Refusing to start in production.*JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), API_KEY: 'k', API_SECRET: 's', DATABASE_URL: 'postgres://db/x' }).devTools).toBe(false);
  });
});
