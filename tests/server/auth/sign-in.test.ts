import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { cookieValue, latestCodeFor, login, MEMBER, ADMIN, nextIp, signIn, verifySignIn } from './auth-helpers';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { API_TEXTS } from '../../../src/server/lib/api-texts';

describe.each(dbTargets())('sign-in with a mobile code on $name', (target) => {
  const clock = new FakeClock(new Date('2026-11-22T10:00:00Z'));
  const t = suiteApp(target, { clock });

  it('answers a correct password with the code message, a masked phone and the user id, and sends an SMS', async () => {
    const res = await login(t, MEMBER.email, MEMBER.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: AUTH_TEXTS.codeSent, phone: '+1******0002', user_id: expect.any(Number) });
    expect(res.body).not.toContain(MEMBER.mobile);
    const cookie = res.cookies.find((c) => c.name === 'cu_sign_in')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/device-verifications' });
    const sms = await t.db.db.selectFrom('outbox_messages').selectAll().where('purpose', '=', 'sign_in_code').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ channel: 'sms', recipient: MEMBER.mobile });
    expect(sms.body).toMatch(/\b\d{6}\b/);
    const stored = await t.db.db.selectFrom('one_time_codes').select('code_hash').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(sms.body.match(/\d{6}/)![0]);
  });

  it('issues a session for the right code: token, HttpOnly cookie, the user, last sign-in recorded', async () => {
    const { response, userId } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    const body = response.json();
    expect(body).toMatchObject({ access_token: expect.any(String), user_id: userId, email: MEMBER.email, name: 'Marcus Baptiste', first_name: 'Marcus', role_id: 2 });
    const cookie = response.cookies.find((c) => c.name === 'cu_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.maxAge).toBe(300);
    const user = await t.db.db.selectFrom('users').select('last_signed_in_on').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(new Date(user.last_signed_in_on!).toISOString()).toBe(clock.now().toISOString());
  });

  it('refuses a wrong code under the code field and the right code without the attempt cookie', async () => {
    const res = await login(t, ADMIN.email, ADMIN.password);
    const { user_id } = res.json();
    const attempt = cookieValue(res, 'cu_sign_in')!;
    const code = await latestCodeFor(t, ADMIN.mobile, 'sign_in_code');
    const wrong = await verifySignIn(t, { userId: user_id, attempt, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: AUTH_TEXTS.invalidCode, errors: { code: AUTH_TEXTS.invalidCode } });
    const noAttempt = await t.call({ method: 'POST', url: '/api/device-verifications/verify/', payload: { identifier_type: 'mobile', operation: 'sign_in', user_id, code } });
    expect(noAttempt.statusCode).toBe(401);
    const otherUser = await verifySignIn(t, { userId: user_id + 1, attempt, code });
    expect(otherUser.statusCode).toBe(401);
    const ok = await verifySignIn(t, { userId: user_id, attempt, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role_id).toBe(1);
  });

  it('verify-token says valid for a live token and not for garbage; the cookie alone is checked without a body token', async () => {
    const { token, cookie } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    expect((await t.call({ method: 'POST', url: '/api/users/verify-token', payload: { token } })).json()).toEqual({ valid: true });
    expect((await t.call({ method: 'POST', url: '/api/users/verify-token', payload: { token: 'x.y.z' } })).json()).toEqual({ valid: false });
    expect((await t.call({ method: 'POST', url: '/api/users/verify-token', payload: {}, cookies: { cu_session: cookie } })).json()).toEqual({ valid: true });
  });

  it('logout revokes the session and clears the cookie; logging out again still answers 200', async () => {
    const { token } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    const out = await t.call({ method: 'POST', url: '/api/users/logout', headers: { 'x-access-token': token } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'cu_session')!;
    expect(cleared.value).toBe('');
    expect((await t.call({ method: 'POST', url: '/api/users/verify-token', payload: { token } })).json()).toEqual({ valid: false });
    expect((await t.call({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/users/logout', headers: { 'content-type': 'application/json' } })).statusCode).toBe(200);
    const broken = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(API_TEXTS.notJson);
  });

  it('answers a blocked account 403 only after the right password, 401 otherwise', async () => {
    await t.db.db.updateTable('users').set({ is_blocked: true }).where('email', '=', 'grace@cu.example').execute();
    const right = await login(t, 'grace@cu.example', 'Member!2345');
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(AUTH_TEXTS.accountLocked);
    const wrong = await login(t, 'grace@cu.example', 'Wrong!23456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_TEXTS.invalidCredentials);
    await t.db.db.updateTable('users').set({ is_blocked: false }).where('email', '=', 'grace@cu.example').execute();
  });

  it('sends the sign-in code by email to a user with no mobile on file', async () => {
    const hash = (await t.db.db.selectFrom('users').select('password_hash').where('email', '=', MEMBER.email).executeTakeFirstOrThrow()).password_hash;
    await t.db.db
      .insertInto('users')
      .values({ first_name: 'No', last_name: 'Mobile', other_names: null, email: 'nomobile@cu.example', mobile: null, password_hash: hash, role_id: 2, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null })
      .execute();
    const res = await login(t, 'NoMobile@cu.example', MEMBER.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe('n*******@cu.example');
    const message = await t.db.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'nomobile@cu.example').executeTakeFirstOrThrow();
    expect(message).toMatchObject({ channel: 'email', purpose: 'sign_in_code' });
  });

  it('validates the login body: missing fields and unknown fields get 400', async () => {
    const missing = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload: { email: 'a@b.co' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('password');
    const extra = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload: { email: 'a@b.co', password: 'x', role_id: 1 } });
    expect(extra.statusCode).toBe(400);
  });

  it('limits login calls per client address with the specification message', async () => {
    const ip = nextIp();
    let last;
    for (let i = 0; i < 31; i++) last = await login(t, `nobody${i}@cu.example`, 'Whatever!1', ip);
    expect(last!.statusCode).toBe(429);
    expect(last!.json().message).toBe(AUTH_TEXTS.tooManyLogins);
  });

  it('resends the sign-in code after the cooldown, at most three times, and the newest code voids the older', async () => {
    const res = await login(t, MEMBER.email, MEMBER.password);
    const { user_id } = res.json();
    const attempt = cookieValue(res, 'cu_sign_in')!;
    const first = await latestCodeFor(t, MEMBER.mobile, 'sign_in_code');
    const send = () =>
      t.call({ method: 'POST', url: '/api/device-verifications/send/', remoteAddress: nextIp(), cookies: { cu_sign_in: attempt }, payload: { identifier_type: 'mobile', operation: 'sign_in', user_id } });
    const early = await send();
    expect(early.statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      clock.advance(61_000);
      const r = await send();
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ message: AUTH_TEXTS.codeSent, user_id });
    }
    clock.advance(61_000);
    const capped = await send();
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(AUTH_TEXTS.resendLimit);
    const newest = await latestCodeFor(t, MEMBER.mobile, 'sign_in_code');
    if (first !== newest) {
      const old = await verifySignIn(t, { userId: user_id, attempt, code: first });
      expect(old.statusCode).toBe(401);
    }
    expect((await verifySignIn(t, { userId: user_id, attempt, code: newest })).statusCode).toBe(200);
  });
});
