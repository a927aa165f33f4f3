import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { ADMIN_TEXTS, ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';
import { auth, tokenFor, validUserBody } from '../admin/admin-helpers';
import { addSessionRoute, createMember, sessionHeaders } from '../member/member-fixtures';
import { IDEMPOTENCY_HEADER } from '../../../src/shared/product';
import { unknownFieldMessage } from '../../helpers/form-messages';

/**
 * A body with a key every object has: the parser refuses `__proto__` (and a `constructor` holding a `prototype`), and
 * that is said under the key like any unknown field, on every route alike (an outside review found "not valid JSON"
 * on a step, a message naming no field at sign-in, and the key dropped elsewhere).
 */
describe.each(dbTargets())('keys every object has, in a JSON body, on $name', (target) => {
  const t = suiteApp(target, {});
  const routes = [
    ['sign-in', '/api/users/login', { email: 'a@b.co', password: 'xxxxxxxx' }],
    ['an onboarding step', '/api/membership-declarations/', { signup_id: 'x', is_member_of_another_credit_union: false }],
    ['a code', '/api/device-verifications/send/', { identifier_type: 'mobile', operation: 'sign_in', user_id: 2, sign_in_attempt: 'x' }],
  ] as const;
  const poisons = [
    ['__proto__', '"__proto__":{"x":1}'],
    ['__proto__', '"__proto__":1'],
    ['constructor', '"constructor":{"prototype":{"x":1}}'],
  ] as const;

  it.each(routes.flatMap(([name, url, body]) => poisons.map(([field, text]) => [name, text, url, body, field] as const)))('%s with %s: 400 under the key', async (_name, text, url, body, field) => {
    const payload = `{${text},${JSON.stringify(body).slice(1)}`;
    const res = await t.call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(REQUEST_TEXTS.fixFields);
    expect(Object.entries(res.json().errors)).toEqual([[field, unknownFieldMessage(field)]]);
  });
});

/**
 * A key sent twice in one object: JSON.parse keeps the last without a word, so a transfer of {"amount": 0.01,
 * "amount": 2500} moved $2,500 while anything reading the first value (a log, a proxy, a reviewer) saw one cent. It
 * is refused under the key, as a multipart field sent twice is, on every route alike; nothing happens.
 */
describe.each(dbTargets())('a key sent twice in a JSON body, on $name', (target) => {
  const t = suiteApp(target, { beforeReady: addSessionRoute });

  it('a transfer with its amount twice is a 400 under amount, and no money moves', async () => {
    const member = await createMember(t.db.db, [{ type: 'savings', cents: 500_000 }, { type: 'savings', cents: 0 }]);
    const [from, to] = member.accounts;
    const headers = { ...(await sessionHeaders(t, member.userId)), [IDEMPOTENCY_HEADER]: 'repeated-key-1' };
    const body = JSON.stringify({ source_id: from.id, source_account: from.number, destination_id: to.id, destination_account: to.number, amount: 0.01 });
    const payload = body.replace('"amount":0.01', '"amount":0.01,"amount":2500');
    const res = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-self', payload, headers: { ...headers, 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ amount: ONBOARDING_TEXTS.repeatedField });
    const balances = await t.db.db.selectFrom('accounts').select(['id', 'balance_cents']).where('member_id', '=', member.memberId).orderBy('id').execute();
    expect(balances.map((a) => Number(a.balance_cents))).toEqual([500_000, 0]);
  });

  it.each([
    ['sign-in', '/api/users/login', '{"email":"a@b.co","password":"xxxxxxxx","email":"member@cu.example"}', 'email'],
    ['an onboarding step, around a nested object', '/api/membership-declarations/', '{"signup_id":"x","device_info":{"a":1},"signup_id":"y"}', 'signup_id'],
    ['a code, written with an escape', '/api/device-verifications/send/', '{"identifier_type":"mobile","operation":"sign_in","user_id":2,"\u0075ser_id":3}', 'user_id'],
  ])('%s: 400 under the key', async (_name, url, payload, field) => {
    const res = await t.call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ [field]: ONBOARDING_TEXTS.repeatedField });
  });
});

/**
 * A call without a body, sent with the JSON content type and nothing in it (clients that set the type on every call do,
 * as logout's did): the specification's DELETE /users/{id}/soft was refused with "The request body is not valid JSON."
 * and so was every OPTIONS. A route that takes no body answers as it does without the header; one that takes a body
 * still refuses an empty one.
 */
describe.each(dbTargets())('an empty body sent with the JSON content type, on $name', (target) => {
  const t = suiteApp(target);
  const json = { 'content-type': 'application/json' };

  it('is no body on a route that reads none (soft delete, OPTIONS of every route), answered as without the header', async () => {
    const admin = auth(await tokenFor(t.app, 'admin@cu.example'));
    const created = await t.call({ method: 'POST', url: '/api/users/', headers: admin, payload: validUserBody({ email: 'empty.body@example.com', mobile: '+1 868 777 0101' }) });
    expect(created.statusCode, created.body).toBe(201);
    for (const payload of ['', ' ', '\n']) {
      const deleted = await t.call({ method: 'DELETE', url: `/api/users/${created.json().user.id}/soft`, headers: { ...admin, ...json }, payload });
      const again = await t.call({ method: 'DELETE', url: `/api/users/${created.json().user.id}/soft`, headers: admin });
      if (payload === '') expect(deleted.json().message, deleted.body).toBe(ADMIN_TEXTS.userDeleted);
      else expect(deleted.json().message, deleted.body).toBe(again.json().message);
    }
    const bodyless = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !(r.schema as { body?: unknown } | undefined)?.body);
    expect(bodyless.map((r) => `${r.method} ${r.url}`)).toContain('DELETE /api/users/:id/soft');
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/'))) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      for (const method of ['OPTIONS', ...(bodyless.includes(route) && route.method !== 'GET' && route.method !== 'HEAD' ? [route.method] : [])] as const) {
        const plain = await t.call({ method, url, headers: admin });
        const empty = await t.call({ method, url, headers: { ...admin, ...json }, payload: '' });
        expect(`${empty.statusCode} ${empty.json().message}`, `${method} ${url}`).toBe(`${plain.statusCode} ${plain.json().message}`);
      }
    }
  });

  it('is still refused on a route that takes a body', async () => {
    const admin = auth(await tokenFor(t.app, 'admin@cu.example'));
    const res = await t.call({ method: 'PUT', url: '/api/signups/approve', headers: { ...admin, ...json }, payload: '' });
    expect(res.statusCode).toBe(400);
  });
});
