import { REQUEST_TEXTS } from '../../src/shared/messages';
import { dbTargets } from '../helpers/test-db';
import { suiteApp } from '../helpers/test-app';
import { auth, tokenFor } from './admin/admin-helpers';

// Route validators compile at their first request, not at start (src/server/app.ts; `npm start` spent about a
// second and a half compiling them). This proves every route's schema still compiles, and that a validator
// compiled at first use validates, coerces and fills defaults as one compiled at start did.
describe('route validators compiled at first use', () => {
  const [pglite] = dbTargets();
  const t = suiteApp(pglite);

  it('validates a query at its first request: coerced, defaults filled, bad values refused with a 400', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/dev/outbox?limit=many' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REQUEST_TEXTS.fixQuery);
    expect(JSON.stringify(bad.json())).toMatch(/limit/);
    expect((await t.call({ method: 'GET', url: '/api/dev/outbox?limit=0' })).statusCode).toBe(400);
    const coerced = await t.call({ method: 'GET', url: '/api/dev/outbox?limit=2' });
    expect(coerced.statusCode).toBe(200);
    expect(Array.isArray(coerced.json().items)).toBe(true);
    // The query's root is replaced by the coerced one, with the default limit, when nothing is sent.
    expect((await t.call({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
  });

  it("says which part of the request to correct: a query's settings, or the address's id", async () => {
    const query = await t.call({ method: 'GET', url: '/api/dev/outbox?limit=2&limit=3' });
    expect([query.statusCode, query.json().message]).toEqual([400, REQUEST_TEXTS.fixQuery]);
    const path = await t.call({ method: 'GET', url: '/api/users/abc', headers: auth(await tokenFor(t.app, 'admin@cu.example')) });
    expect([path.statusCode, path.json().message, path.json().errors]).toEqual([400, REQUEST_TEXTS.fixPath, { id: REQUEST_TEXTS.wholeNumber }]);
  });

  it('validates a body at its first request with the field messages', async () => {
    const res = await t.call({ method: 'POST', url: '/api/users/login', payload: { email: 'x', password: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it("compiles every route's validator without an error", () => {
    expect(t.app.compileRouteValidators()).toBeGreaterThan(40);
  });
});
