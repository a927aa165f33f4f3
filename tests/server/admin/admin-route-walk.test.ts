import Fastify, { type HTTPMethods, type RouteOptions } from 'fastify';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { createAjv } from '../../../src/shared/create-ajv';
import usersRoutes from '../../../src/server/routes/users/index';
import signupsAdminRoutes from '../../../src/server/routes/signups-admin/index';
import { auth, tokenFor } from './admin-helpers';
import { createFormValidator } from '../../../src/server/lib/form-validation';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { systemClock } from '../../../src/server/lib/clock';

/** Every route the admin plugins declare, read from the plugins themselves (so a new route is walked too). */
async function adminRouteTable(): Promise<Array<{ method: string; url: string }>> {
  const routes: Array<{ method: string; url: string }> = [];
  const probe = Fastify();
  const ajv = createAjv();
  probe.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  probe.decorate('bodyAjv', ajv);
  probe.decorate('forms', createFormValidator({ sources: readFormsDir(), ajv, clock: systemClock }));
  probe.decorate('requireAdmin', async () => undefined);
  probe.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: `/api${route.url}` });
  });
  await probe.register(usersRoutes, { prefix: '/users' });
  await probe.register(signupsAdminRoutes);
  await probe.ready();
  await probe.close();
  return routes;
}

// Concrete values for path parameters: real-looking ids, so a 401/403 cannot come from a 404 instead.
const fill = (url: string) => url.replace(':fileId', 'file-1').replace(':id', '1');

describe.each(dbTargets())('every admin API route refuses non-administrators on $name', (target) => {
  const t = suiteApp(target);
  let routes: Array<{ method: string; url: string }>;
  let member: string;

  beforeAll(async () => {
    routes = await adminRouteTable();
    member = await tokenFor(t.app, 'member@cu.example');
  });

  it('walks the whole admin route table', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining(['GET /api/users', 'POST /api/users', 'GET /api/users/:id', 'PUT /api/users/:id', 'DELETE /api/users/:id/soft', 'GET /api/signups', 'GET /api/signups/:id', 'GET /api/signups/:id/files/:fileId', 'PUT /api/signups/approve', 'PUT /api/signups/reject', 'PUT /api/signups/comment']),
    );
  });

  it('answers 401 without a session and 403 to a member, before looking at the body', async () => {
    for (const route of routes) {
      const url = fill(route.url);
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : { signup_id: 'x', is_blocked: true, comments: 'x' };
      const anonymous = await t.call({ method: route.method as HTTPMethods, url, payload });
      expect(anonymous.statusCode, `${route.method} ${url} without a session`).toBe(401);
      const asMember = await t.call({ method: route.method as HTTPMethods, url, payload, headers: auth(member) });
      expect(asMember.statusCode, `${route.method} ${url} as a member`).toBe(403);
      const badBody = route.method === 'POST' || route.method === 'PUT' ? await t.call({ method: route.method as HTTPMethods, url, payload: '{not json', headers: { 'content-type': 'application/json' } }) : undefined;
      if (badBody) expect(badBody.statusCode, `${route.method} ${url} with a broken body and no session`).toBe(401);
    }
  });

  it('refuses a forged and a revoked administrator token with 401', async () => {
    const token = await tokenFor(t.app, 'admin@cu.example');
    expect((await t.call({ method: 'GET', url: '/api/users', headers: auth(token) })).statusCode).toBe(200);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.call({ method: 'GET', url: '/api/users', headers: auth(forged) })).statusCode).toBe(401);
    await t.app.sessions.revokeAllForUser((await t.db.db.selectFrom('users').select('id').where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow()).id);
    expect((await t.call({ method: 'GET', url: '/api/users', headers: auth(token) })).statusCode).toBe(401);
  });
});
