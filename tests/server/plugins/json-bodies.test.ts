import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { REQUEST_TEXTS } from '../../../src/shared/messages';

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
    expect(Object.entries(res.json().errors)).toEqual([[field, `Unknown field: ${field}`]]);
  });
});
