import { AUTH_TEXTS } from '../../../src/shared/messages';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { formatDateTime } from '../../../src/shared/format-date';
import { latestCodeFor, login, nextIp, signIn } from './auth-helpers';
import { auth, insertAdmin, tokenFor, updateBody } from '../admin/admin-helpers';

const FIXED = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null };
const GRACE = { email: 'grace@cu.example', password: 'Member!2345', mobile: '+18683000003' } as const;

describe.each(dbTargets())('password reset on $name', (target) => {
  // Each database target starts from the seed; the first test changes this password.
  const USER: { email: string; password: string; mobile: string } = { ...GRACE };
  const clock = new FakeClock(new Date('2026-11-22T10:00:00Z'));
  const t = suiteApp(target, { clock });
  const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload, remoteAddress: nextIp() });
  const send = (email: string) => post('/api/password/reset/send', { ...FIXED, email });
  const verify = (user_id: string, email: string, code: string) => post('/api/password/reset/verify', { ...FIXED, user_id, email, code });
  const update = (user_id: string, email: string, reset_token: string, new_password: string) => post('/api/password/reset/update', { ...FIXED, user_id, email, reset_token, new_password });

  it('goes send -> verify -> update, revokes sessions, notifies by email and does not sign in', async () => {
    const { token } = await signIn(t, USER.email, USER.password, USER.mobile);
    const sent = await send(USER.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: AUTH_TEXTS.resetCodeSent, user_id: expect.any(String) });
    const requestId = sent.json().user_id;
    const code = await latestCodeFor(t, USER.email, 'password_reset_code');

    const verified = await verify(requestId, USER.email, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: AUTH_TEXTS.codeVerified, reset_token: expect.any(String) });
    const resetToken: string = verified.json().reset_token;
    expect(Buffer.from(resetToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    const weak = await update(requestId, USER.email, resetToken, 'alllowercase1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: AUTH_TEXTS.invalidPasswordFormat, errors: { new_password: 'Password must contain at least one uppercase letter' } });

    // The password the account already has changes nothing: refused under the field; the token still serves.
    const same = await update(requestId, USER.email, resetToken, USER.password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: AUTH_TEXTS.samePassword, errors: { new_password: AUTH_TEXTS.samePassword } });
    expect((await login(t, USER.email, USER.password)).statusCode).toBe(200);

    const done = await update(requestId, USER.email, resetToken, 'Brand-New-Pass1');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AUTH_TEXTS.passwordUpdated });
    expect(done.cookies.find((c) => c.name === 'cu_session')).toBeUndefined();

    expect((await t.call({ method: 'POST', url: '/api/users/verify-token', payload: { token } })).json()).toEqual({ valid: false });
    const note = await t.db.db.selectFrom('outbox_messages').selectAll().where('purpose', '=', 'password_changed').executeTakeFirstOrThrow();
    expect(note.recipient).toBe(USER.email);
    // The time as the app writes it, on the credit union's clock (it said "Sun, 22 Nov 2026 10:00:00 GMT").
    expect(note.body).toContain(`changed on ${formatDateTime(clock.now())}.`);
    expect(note.body).not.toContain('GMT');
    expect((await login(t, USER.email, USER.password)).statusCode).toBe(401);
    expect((await login(t, USER.email, 'Brand-New-Pass1')).statusCode).toBe(200);
    USER.password = 'Brand-New-Pass1';
  });

  it('answers the code errors of spec 1 section 8: wrong 401, expired 403, after 5 wrong tries 429', async () => {
    clock.advance(120_000);
    const requestId = (await send(USER.email)).json().user_id;
    const code = await latestCodeFor(t, USER.email, 'password_reset_code');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await verify(requestId, USER.email, wrong);
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(AUTH_TEXTS.invalidCode);
    clock.advance(10 * 60_000 + 1000);
    const expired = await verify(requestId, USER.email, code);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(AUTH_TEXTS.expiredCode);

    const second = (await send(USER.email)).json().user_id;
    const fresh = await latestCodeFor(t, USER.email, 'password_reset_code');
    const miss = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(second, USER.email, miss)).statusCode).toBe(401);
    const locked = await verify(second, USER.email, fresh);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_TEXTS.tooManyVerifications);
  });

  it('refuses a second send within a minute with the reset 429 message', async () => {
    clock.advance(120_000);
    expect((await send(USER.email)).statusCode).toBe(200);
    clock.advance(15_000);
    const again = await send(USER.email);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(AUTH_TEXTS.tooManyResets);
    // The wait left, not a whole minute again: the page says when a new code can be sent.
    expect(again.headers['retry-after']).toBe('45');
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    clock.advance(120_000);
    const before = await t.db.db.selectFrom('outbox_messages').select('id').execute();
    const res = await send('nobody-here@cu.example');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['message', 'user_id']);
    expect(res.json().message).toBe(AUTH_TEXTS.resetCodeSent);
    const after = await t.db.db.selectFrom('outbox_messages').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('answers sends at once for an unknown email as for a known one: one sent, the rest wait (five went through for an unknown one on Postgres)', async () => {
    clock.advance(120_000);
    const burst = async (email: string) => (await Promise.all(Array.from({ length: 6 }, () => send(email)))).map((r) => r.statusCode).sort();
    const known = await burst(USER.email);
    const unknown = await burst('nobody-at-once@cu.example');
    expect(known).toEqual([200, 429, 429, 429, 429, 429]);
    expect(unknown).toEqual(known);
  });

  it.each([
    ['blocked', 'block'],
    ['blocked and unblocked again', 'block-unblock'],
    ['deleted', 'delete'],
    ['given another email', 'email'],
  ] as const)('a reset code or token taken before the account was %s sets no password', async (_said, change) => {
    clock.advance(120_000);
    const n = ['block', 'block-unblock', 'delete', 'email'].indexOf(change);
    const holder = await insertAdmin(t.db.db, `reset-${change}@cu.example`, `+1868300090${n}`);
    const admin = auth(await tokenFor(t.app, 'admin@cu.example'));
    const sent = await send(holder.email);
    const requestId: string = sent.json().user_id;
    const code = await latestCodeFor(t, holder.email, 'password_reset_code');
    const resetToken: string = (await verify(requestId, holder.email, code)).json().reset_token;
    // A second code, for the verify step after the change (the first was spent above).
    clock.advance(120_000);
    const later = await send(holder.email);
    const laterCode = await latestCodeFor(t, holder.email, 'password_reset_code');

    const put = (payload: object) => t.call({ method: 'PUT', url: `/api/users/${holder.id}`, headers: admin, payload });
    if (change === 'block' || change === 'block-unblock') expect((await put({ is_blocked: true })).statusCode).toBe(200);
    if (change === 'block-unblock') expect((await put({ is_blocked: false })).statusCode).toBe(200);
    if (change === 'delete') expect((await t.call({ method: 'DELETE', url: `/api/users/${holder.id}/soft`, headers: admin })).statusCode).toBe(200);
    if (change === 'email') expect((await put(updateBody({ email: `moved-${change}@cu.example`, mobile: holder.mobile }))).statusCode).toBe(200);

    const used = await update(requestId, holder.email, resetToken, 'Taken-Over-Pass1');
    expect([used.statusCode, used.json().message]).toEqual([401, AUTH_TEXTS.invalidResetToken]);
    expect((await verify(later.json().user_id, holder.email, laterCode)).statusCode).toBe(401);
    const row = await t.db.db.selectFrom('users').select('password_hash').where('id', '=', holder.id).executeTakeFirstOrThrow();
    const { verifyPassword } = await import('../../../src/server/lib/passwords');
    expect(await verifyPassword(row.password_hash, 'Admin!2345')).toBe(true);
  });

  it('validates the reset bodies (bad email, unknown fields) with 400', async () => {
    expect((await post('/api/password/reset/send', { ...FIXED, email: 'not-an-email' })).statusCode).toBe(400);
    expect((await post('/api/password/reset/send', { ...FIXED, email: 'a@b.co', role_id: 1 })).statusCode).toBe(400);
    expect((await post('/api/password/reset/update', { ...FIXED, email: 'a@b.co' })).statusCode).toBe(400);
  });
});
