// The sign-in, reset and sign-in code routes validate their bodies with the forms the screens render (forms/auth),
// so a body the screen would refuse gets the same words from the server, under the same field.
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { cookieValue, login, MEMBER, nextIp } from './auth-helpers';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { fieldMessage } from '../../helpers/form-messages';

const FIXED = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null };

describe.each(dbTargets())('auth bodies checked with forms/auth on $name', (target) => {
  const clock = new FakeClock(new Date('2026-11-22T10:00:00Z'));
  const t = suiteApp(target, { clock });
  const post = (url: string, payload: object, cookies?: Record<string, string>) => t.call({ method: 'POST', url, payload, remoteAddress: nextIp(), cookies });

  it('login: the sign-in form’s messages, the spec body with device_info still accepted', async () => {
    const short = await login(t, MEMBER.email, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: fieldMessage('auth/sign-in', 'password', 'minLength') });
    const badEmail = await post('/api/users/login', { email: 'not-an-email', password: 'Member!2345' });
    expect(badEmail.json().errors).toEqual({ email: fieldMessage('auth/sign-in', 'email', 'format') });
    const missing = await post('/api/users/login', { password: 'Member!2345' });
    expect(missing.json().errors).toEqual({ email: fieldMessage('auth/sign-in', 'email', 'required') });
    expect((await login(t, MEMBER.email, MEMBER.password)).statusCode).toBe(200);
  });

  it('reset: email, code and new password with the reset forms’ messages; a sent confirmation must match', async () => {
    const send = await post('/api/password/reset/send', { ...FIXED, email: 'nope' });
    expect(send.json().errors).toEqual({ email: fieldMessage('auth/reset-email', 'email', 'format') });
    const verify = (code: string) => post('/api/password/reset/verify', { ...FIXED, user_id: 'req-1', email: 'a@b.co', code });
    expect((await verify('12a')).json().errors).toEqual({ code: fieldMessage('auth/reset-code', 'code', 'minLength') });
    expect((await verify('12345a')).json().errors).toEqual({ code: fieldMessage('auth/reset-code', 'code', 'pattern') });
    const update = (extra: object) => post('/api/password/reset/update', { ...FIXED, user_id: 'req-1', email: 'a@b.co', reset_token: 'tok', ...extra });
    const short = await update({ new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: AUTH_TEXTS.invalidPasswordFormat, errors: { new_password: fieldMessage('auth/reset-password', 'new_password', 'minLength') } });
    const mismatch = await update({ new_password: 'Brand-New-Pass1', confirm_password: 'Brand-New-Pass2' });
    expect(mismatch.json().errors).toEqual({ confirm_password: fieldMessage('auth/reset-password', 'confirm_password', 'const') });
    // Without a confirmation (the specification's body) the password is accepted; this token is unknown: 401.
    expect((await update({ new_password: 'Brand-New-Pass1' })).statusCode).toBe(401);
  });

  it('sign-in code: the sign-in code form’s message under code, before any try is spent', async () => {
    const res = await login(t, MEMBER.email, MEMBER.password);
    const bad = await post('/api/device-verifications/verify/', { identifier_type: 'mobile', operation: 'sign_in', user_id: res.json().user_id, code: '12ab56' }, { cu_sign_in: cookieValue(res, 'cu_sign_in')! });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ code: fieldMessage('auth/sign-in-code', 'code', 'pattern') });
  });
});
