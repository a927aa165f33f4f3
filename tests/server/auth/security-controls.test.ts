import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { sql } from 'kysely';
import { hash as argon2Hash } from '@node-rs/argon2';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { ADMIN, GRACE, MEMBER, cookieValue, latestCodeFor, login, nextIp, signIn, verifySignIn } from './auth-helpers';
import { AUTH_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';
import { SESSION_TEXTS } from '../../../src/shared/session-texts';

/** SECURITY.md rows 1-11 (and 19-20 for these routes), each proven against the real app. */
const FIXED = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe.each(dbTargets())('SECURITY.md controls on $name', (target) => {
  const clock = new FakeClock(new Date('2026-11-22T10:00:00Z'));
  const t = suiteApp(target, {
    clock,
    beforeReady(app) {
      app.get('/api/test-only/me', { preHandler: app.authenticate }, async (request) => ({ id: request.user!.id }));
    },
  });
  const me = (token: string) => t.call({ method: 'GET', url: '/api/test-only/me', headers: { 'x-access-token': token } });
  const post = (url: string, payload: object, extra: Record<string, unknown> = {}) => t.call({ method: 'POST', url, payload, remoteAddress: nextIp(), ...extra });

  async function resetPassword(email: string, newPassword: string) {
    clock.advance(61_000);
    const requestId = (await post('/api/password/reset/send', { ...FIXED, email })).json().user_id;
    const code = await latestCodeFor(t, email, 'password_reset_code');
    const token = (await post('/api/password/reset/verify', { ...FIXED, email, user_id: requestId, code })).json().reset_token;
    return { requestId, token, update: () => post('/api/password/reset/update', { ...FIXED, email, user_id: requestId, reset_token: token, new_password: newPassword }) };
  }

  it('row 1: 101 bad passwords from rotating addresses, then the right password still gets 429; an hour later it works', async () => {
    for (let i = 0; i < 101; i++) {
      const res = await login(t, GRACE.email, `Wrong-password-${i}`);
      expect(res.statusCode).toBe(i < 100 ? 401 : 429);
    }
    const right = await login(t, GRACE.email, GRACE.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(AUTH_TEXTS.tooManyLogins);
    const ips = await t.db.db.selectFrom('sign_in_failures').select(sql<number>`count(distinct ip)::int`.as('n')).executeTakeFirstOrThrow();
    expect(ips.n).toBeGreaterThanOrEqual(100);
    clock.advance(60 * 60_000 + 1000);
    expect((await login(t, GRACE.email, GRACE.password)).statusCode).toBe(200);
  });

  it('row 1: 130 parallel bad passwords: at most 100 are evaluated, the rest get 429', async () => {
    const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => login(t, 'parallel@cu.example', `Wrong-password-${i}`)));
    const evaluated = answers.filter((a) => a.statusCode === 401).length;
    expect(evaluated).toBeLessThanOrEqual(100);
    expect(evaluated + answers.filter((a) => a.statusCode === 429).length).toBe(130);
    const rows = await t.db.db.selectFrom('sign_in_failures').select(sql<number>`count(*)::int`.as('n')).where('account_key', '=', 'parallel@cu.example').executeTakeFirstOrThrow();
    expect(rows.n).toBe(evaluated);
  });

  it('row 1: 130 parallel wrong passwords for a real account, then the right password still gets 429', async () => {
    const victim = 'keisha.online@cu.example';
    const hash = (await t.db.db.selectFrom('users').select('password_hash').where('email', '=', MEMBER.email).executeTakeFirstOrThrow()).password_hash;
    await t.db.db
      .insertInto('users')
      .values({ first_name: 'Keisha', last_name: 'Online', other_names: null, email: victim, mobile: null, password_hash: hash, role_id: 2, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null })
      .execute();
    const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => login(t, victim, `Wrong-password-${i}`)));
    const evaluated = answers.filter((a) => a.statusCode === 401).length;
    expect(evaluated).toBeLessThanOrEqual(100);
    // Every other attempt is refused: 429, or 503 (try again) when the shared counters (Redis) could not count it in
    // time on a loaded machine; none is evaluated uncounted, none is a 500.
    const others = answers.filter((a) => ![401, 429, 503].includes(a.statusCode)).map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`);
    expect(others, 'every answer is 401, 429 or 503').toEqual([]);
    const right = await login(t, victim, MEMBER.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(AUTH_TEXTS.tooManyLogins);
  });

  it('row 2: codes are 6 digits, stored hashed, single use, dead at 10:01, and bound to their sign-in attempt', async () => {
    const first = await login(t, MEMBER.email, MEMBER.password);
    const attemptA = cookieValue(first, 'cu_sign_in')!;
    const codeA = await latestCodeFor(t, MEMBER.mobile, 'sign_in_code');
    expect(codeA).toMatch(/^\d{6}$/);
    const stored = await t.db.db.selectFrom('one_time_codes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(codeA);

    const userId = first.json().user_id;
    // another user's attempt with this code
    const other = await login(t, ADMIN.email, ADMIN.password);
    const attemptB = cookieValue(other, 'cu_sign_in')!;
    expect((await verifySignIn(t, { userId: other.json().user_id, attempt: attemptB, code: codeA })).statusCode).toBe(401);

    // 10:01 after sending, the right code is refused
    clock.advance(10 * 60_000 + 1000);
    const late = await verifySignIn(t, { userId, attempt: attemptA, code: codeA });
    expect([401, 403]).toContain(late.statusCode);

    // a fresh attempt: the right code works once, then never again
    const fresh = await login(t, MEMBER.email, MEMBER.password);
    const attemptC = cookieValue(fresh, 'cu_sign_in')!;
    const codeC = await latestCodeFor(t, MEMBER.mobile, 'sign_in_code');
    const ok = await verifySignIn(t, { userId, attempt: attemptC, code: codeC });
    expect(ok.statusCode).toBe(200);
    expect((await verifySignIn(t, { userId, attempt: attemptC, code: codeC })).statusCode).toBe(401);
  });

  it('row 2: a code issued 9:59 ago still works and the expired answer at 10:01 is 403 on the reset path', async () => {
    const reset = await (async () => {
      clock.advance(61_000);
      const requestId = (await post('/api/password/reset/send', { ...FIXED, email: MEMBER.email })).json().user_id;
      return { requestId, code: await latestCodeFor(t, MEMBER.email, 'password_reset_code') };
    })();
    clock.advance(10 * 60_000 + 1000);
    const late = await post('/api/password/reset/verify', { ...FIXED, email: MEMBER.email, user_id: reset.requestId, code: reset.code });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(AUTH_TEXTS.expiredCode);

    clock.advance(61_000);
    const again = (await post('/api/password/reset/send', { ...FIXED, email: MEMBER.email })).json().user_id;
    const code = await latestCodeFor(t, MEMBER.email, 'password_reset_code');
    clock.advance(9 * 60_000 + 59_000);
    expect((await post('/api/password/reset/verify', { ...FIXED, email: MEMBER.email, user_id: again, code })).statusCode).toBe(200);
  });

  it('row 3: 50 parallel wrong guesses, at most 5 evaluated; then even the right code fails; an extra send gets 429', async () => {
    const res = await login(t, MEMBER.email, MEMBER.password);
    const attempt = cookieValue(res, 'cu_sign_in')!;
    const userId = res.json().user_id;
    const code = await latestCodeFor(t, MEMBER.mobile, 'sign_in_code');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 50 }, () => verifySignIn(t, { userId, attempt, code: wrong })));
    const evaluated = answers.filter((a) => a.statusCode === 401);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(50 - evaluated.length);
    const row = await t.db.db.selectFrom('one_time_codes').select('failed_attempts').where('purpose', '=', 'sign_in_code').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    const right = await verifySignIn(t, { userId, attempt, code });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(AUTH_TEXTS.tooManyVerifications);

    const extra = await post('/api/device-verifications/send/', { identifier_type: 'mobile', operation: 'sign_in', user_id: userId }, { cookies: { cu_sign_in: attempt } });
    expect(extra.statusCode).toBe(429);
  });

  it('row 4: a 64-character password works, changing its 64th character fails, longer ones are not truncated, argon2id', async () => {
    const long64 = `Aa1!${'x'.repeat(59)}Z`;
    expect(long64).toHaveLength(64);
    const reset = await resetPassword(ADMIN.email, long64);
    expect((await reset.update()).statusCode).toBe(200);
    const hash = await t.db.db.selectFrom('users').select('password_hash').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    expect(hash.password_hash.startsWith('$argon2id$')).toBe(true);
    expect((await login(t, ADMIN.email, long64)).statusCode).toBe(200);
    expect((await login(t, ADMIN.email, `${long64.slice(0, 63)}Y`)).statusCode).toBe(401);

    const long200 = `Bb2@${'y'.repeat(195)}Q`;
    expect((await (await resetPassword(ADMIN.email, long200)).update()).statusCode).toBe(200);
    expect((await login(t, ADMIN.email, long200)).statusCode).toBe(200);
    expect((await login(t, ADMIN.email, `${long200.slice(0, 199)}R`)).statusCode).toBe(401);
    expect((await login(t, ADMIN.email, long200.slice(0, 72))).statusCode).toBe(401);
    // restore for later tests
    expect((await (await resetPassword(ADMIN.email, ADMIN.password)).update()).statusCode).toBe(200);
  });

  it('row 4: a password with an accented letter works however the letter was typed (one character, or e and its accent: NFKC)', async () => {
    const composed = 'Caf\u00e9!2345';
    const decomposed = 'Cafe\u0301!2345';
    expect((await (await resetPassword(ADMIN.email, decomposed)).update()).statusCode).toBe(200);
    expect((await login(t, ADMIN.email, composed)).statusCode).toBe(200);
    expect((await login(t, ADMIN.email, decomposed)).statusCode).toBe(200);
    expect((await login(t, ADMIN.email, 'Cafe!2345')).statusCode).toBe(401);
    // A hash made before passwords were normalised (of the password as typed) still takes that password.
    await t.db.db.updateTable('users').set({ password_hash: await argon2Hash(decomposed, { algorithm: 2 }) }).where('email', '=', ADMIN.email).execute();
    expect((await login(t, ADMIN.email, decomposed)).statusCode).toBe(200);
    expect((await (await resetPassword(ADMIN.email, ADMIN.password)).update()).statusCode).toBe(200);
  });

  it('row 5: unknown email, wrong password, blocked and deleted accounts answer alike (status, body, timing) on sign-in and reset', async () => {
    await t.db.db.updateTable('users').set({ is_blocked: true }).where('email', '=', 'grace@cu.example').execute();
    const deleted = await t.db.db
      .insertInto('users')
      .values({ first_name: 'Del', last_name: 'Eted', other_names: null, email: 'deleted@cu.example', mobile: null, password_hash: (await t.db.db.selectFrom('users').select('password_hash').where('email', '=', MEMBER.email).executeTakeFirstOrThrow()).password_hash, role_id: 2, office_id: 1, dob: null, gender: null, member_id: null, last_signed_in_on: null, is_deleted: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(deleted.id).toBeGreaterThan(0);
    const cases = {
      unknown: ['nobody@cu.example', 'Whatever!234'],
      wrongPassword: [MEMBER.email, 'Whatever!234'],
      blocked: [GRACE.email, 'Whatever!234'],
      deletedRightPassword: ['deleted@cu.example', MEMBER.password],
    } as const;
    const shape = (body: string) => {
      const { request_id, ...rest } = JSON.parse(body);
      expect(request_id).toEqual(expect.any(String));
      return rest;
    };
    const times: Record<string, number[]> = {};
    const bodies = new Set<string>();
    for (let round = 0; round < 9; round++) {
      for (const [name, [email, password]] of Object.entries(cases)) {
        const started = performance.now();
        const res = await login(t, email, password);
        (times[name] ??= []).push(performance.now() - started);
        expect(res.statusCode).toBe(401);
        bodies.add(JSON.stringify(shape(res.body)));
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ status: 401, message: AUTH_TEXTS.invalidCredentials, detail: AUTH_TEXTS.invalidCredentials })]);
    const medians = Object.values(times).map(median);
    // Each path does one argon2 verification: without it an unknown email answers many times faster.
    expect(Math.max(...medians) / Math.min(...medians)).toBeLessThan(3);

    const resetTimes: Record<string, number[]> = { known: [], unknown: [] };
    const resetBodies = new Set<string>();
    for (let round = 0; round < 7; round++) {
      clock.advance(61_000 * 60);
      for (const [name, email] of [['known', MEMBER.email], ['unknown', `ghost${round}@cu.example`]] as const) {
        const started = performance.now();
        const res = await post('/api/password/reset/send', { ...FIXED, email });
        resetTimes[name].push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.user_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
        resetBodies.add(JSON.stringify({ ...body, user_id: 'x' }));
      }
    }
    expect(resetBodies.size).toBe(1);
    expect(median(resetTimes.known) / median(resetTimes.unknown)).toBeLessThan(3);
    expect(median(resetTimes.unknown) / median(resetTimes.known)).toBeLessThan(3);
    await t.db.db.updateTable('users').set({ is_blocked: false }).where('email', '=', 'grace@cu.example').execute();
  });

  it('row 6: the reset token is >= 128 bits, single use (two parallel uses: one wins), voided by a newer request, revokes the old session, no sign-in', async () => {
    const { token: oldSession } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    expect((await me(oldSession)).statusCode).toBe(200);

    const voided = await resetPassword(MEMBER.email, 'Newer-Pass-1!');
    const current = await resetPassword(MEMBER.email, 'Newer-Pass-1!');
    expect((await voided.update()).statusCode).toBe(401);
    expect(Buffer.from(current.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const [a, b] = await Promise.all([current.update(), current.update()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.cookies.find((c) => c.name === 'cu_session')).toBeUndefined();
    expect(winner.json()).not.toHaveProperty('access_token');
    expect((await current.update()).json().message).toBe(AUTH_TEXTS.invalidResetToken);

    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await login(t, MEMBER.email, MEMBER.password)).statusCode).toBe(401);
    expect((await (await resetPassword(MEMBER.email, MEMBER.password)).update()).statusCode).toBe(200);
  });

  it('row 7: the session lasts 5 minutes on the server: 4:59 works, 5:01 gets 401', async () => {
    const { token } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    clock.advance(4 * 60_000 + 59_000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(2_000);
    const late = await me(token);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SESSION_TEXTS.expired);
  });

  it('row 8: alg none, tampered, expired, wrong-audience, wrong-key and HS512 tokens all get 401', async () => {
    const { token } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    expect((await me(token)).statusCode).toBe(200);
    const claims = decodeJwt(token);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const [, payload, signature] = token.split('.');
    const key = new TextEncoder().encode(t.app.config.jwtSecret);
    const now = Math.floor(clock.now().getTime() / 1000);
    const sign = (alg: string, extra: object, secret = key) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${token.split('.')[0]}.${b64({ ...claims, sub: '1' })}.${signature}`,
      await sign('HS256', { exp: now - 1 }),
      await sign('HS256', { aud: 'someone-else' }),
      await sign('HS256', {}, new TextEncoder().encode('another-secret-another-secret-another-secret')),
      await sign('HS512', {}),
    ];
    for (const bad of forged) expect((await me(bad)).statusCode).toBe(401);
  });

  it('row 9: logout, block and delete end sessions at once', async () => {
    const { token: adminToken } = await signIn(t, ADMIN.email, ADMIN.password, ADMIN.mobile);
    const member = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    expect((await t.call({ method: 'POST', url: '/api/users/logout', headers: { 'x-access-token': member.token } })).statusCode).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);

    const again = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    const blocked = await t.call({ method: 'PUT', url: `/api/users/${again.userId}`, headers: { 'x-access-token': adminToken }, payload: { is_blocked: true } });
    expect(blocked.statusCode).toBe(200);
    expect((await me(again.token)).statusCode).toBe(401);
    await t.call({ method: 'PUT', url: `/api/users/${again.userId}`, headers: { 'x-access-token': adminToken }, payload: { is_blocked: false } });
    // the session stays revoked after unblocking: revocation, not only the flag
    expect((await me(again.token)).statusCode).toBe(401);

    const grace = await signIn(t, GRACE.email, GRACE.password, GRACE.mobile);
    const removed = await t.call({ method: 'DELETE', url: `/api/users/${grace.userId}/soft`, headers: { 'x-access-token': adminToken } });
    expect(removed.statusCode).toBe(200);
    expect((await me(grace.token)).statusCode).toBe(401);
    expect((await login(t, GRACE.email, GRACE.password)).statusCode).toBe(401);
  });

  it('row 10: the session cookie is HttpOnly, SameSite=Strict, Path=/, lives 5 minutes; the UI never writes the token to storage', async () => {
    const { response } = await signIn(t, MEMBER.email, MEMBER.password, MEMBER.mobile);
    const header = ([] as string[]).concat(response.headers['set-cookie'] as string | string[]).find((c) => c.startsWith('cu_session='))!;
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Strict/i);
    expect(header).toMatch(/;\s*Path=\//);
    expect(header).toMatch(/;\s*Max-Age=300/);
    // The built bundle is grepped by the browser test (tests/e2e/auth.e2e.test.ts); here the sources.
    const writes: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name)) writes.push(...(fs.readFileSync(file, 'utf8').match(/(localStorage|sessionStorage)\.setItem\([^;]*/g) ?? []));
      }
    };
    walk(path.resolve(import.meta.dirname, '../../../src/ui'));
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write).not.toMatch(/token|jwt/i);
  });

  it('row 10: in production the session cookie is also Secure', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { JWT_SECRET: 'p'.repeat(48), API_KEY: 'cu-web', API_SECRET: 'cu-web-client', DATABASE_URL: 'postgres://unused/x' });
    const prod = await createTestApp(t.db, { clock, config: { env: 'production' } });
    try {
      const res = await prod.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload: { email: MEMBER.email, password: MEMBER.password } });
      expect(res.statusCode).toBe(200);
      const attempt = res.cookies.find((c) => c.name === 'cu_sign_in')!;
      expect(attempt.secure).toBe(true);
      const code = await latestCodeFor(prod, MEMBER.mobile, 'sign_in_code');
      const ok = await prod.call({ method: 'POST', url: '/api/device-verifications/verify/', remoteAddress: nextIp(), cookies: { cu_sign_in: attempt.value }, payload: { identifier_type: 'mobile', operation: 'sign_in', user_id: res.json().user_id, code } });
      expect(ok.cookies.find((c) => c.name === 'cu_session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      expect(String(ok.headers['strict-transport-security'])).toContain('max-age=');
    } finally {
      await prod.close();
      for (const key of ['JWT_SECRET', 'API_KEY', 'API_SECRET', 'DATABASE_URL']) {
        if (key in saved) process.env[key] = saved[key];
        else delete process.env[key];
      }
    }
  });

  it('row 11: a cross-origin text/plain or JSON POST gets 403 and changes nothing; no API key gets 401', async () => {
    const before = await t.db.db.selectFrom('password_resets').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const plain = await t.call({ method: 'POST', url: '/api/password/reset/send', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, payload: JSON.stringify({ ...FIXED, email: MEMBER.email }) });
    expect(plain.statusCode).toBe(403);
    const json = await t.call({ method: 'POST', url: '/api/users/login', headers: { origin: 'https://evil.example' }, payload: { email: MEMBER.email, password: MEMBER.password } });
    expect(json.statusCode).toBe(403);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    expect(noKey.statusCode).toBe(401);
    const after = await t.db.db.selectFrom('password_resets').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const sameOrigin = await t.call({ method: 'POST', url: '/api/users/logout', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('row 20: sign-in answers carry the security headers', async () => {
    const res = await login(t, 'nobody@cu.example', 'Whatever!234');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('row 19: a database failure inside sign-in answers a generic 500 with only a request id', async () => {
    await sql`alter table sign_in_failures rename to sign_in_failures_moved`.execute(t.db.db);
    try {
      const res = await login(t, MEMBER.email, 'Whatever!234');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, message: REQUEST_TEXTS.serverError, detail: REQUEST_TEXTS.serverError, request_id: expect.any(String) });
      expect(res.body).not.toMatch(/sign_in_failures|select|relation|stack/i);
    } finally {
      await sql`alter table sign_in_failures_moved rename to sign_in_failures`.execute(t.db.db);
    }
  });
});
