import { sql } from 'kysely';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { FAILED_SIGN_IN_LIMIT } from '../../../src/server/lib/sign-in-throttle';
import { SIGN_IN_CODES_PER_RECIPIENT_PER_HOUR } from '../../../src/server/lib/sign-in-attempts';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { GRACE, MEMBER, cookieValue, latestCodeFor, login, verifySignIn } from './auth-helpers';

/**
 * SECURITY.md row 1 for the second factor: someone who knows the password opened a new attempt after every 5 wrong
 * codes and guessed on (an outside review: 138 wrong codes in 5 minutes, no lockout, 31 SMS to the member). Wrong
 * codes are the account's failed sign-ins now, and the codes one phone is sent in an hour are capped.
 */
describe.each(dbTargets())('sign-in codes guessed by someone who knows the password, on $name', (target) => {
  const clock = new FakeClock(new Date('2026-11-22T10:00:00Z'));
  const t = suiteApp(target, { clock });
  const failures = async (email: string) =>
    (await t.db.db.selectFrom('sign_in_failures').select(sql<number>`count(*)::int`.as('n')).where('account_key', '=', email).executeTakeFirstOrThrow()).n;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function openAttempt(who: { email: string; password: string; mobile: string }) {
    const res = await login(t, who.email, who.password);
    expect(res.statusCode, res.body).toBe(200);
    return { userId: res.json().user_id as number, attempt: cookieValue(res, 'cu_sign_in')!, code: await latestCodeFor(t, who.mobile, 'sign_in_code') };
  }

  it('counts each wrong code as a failed sign-in of the account; the right code takes only its own check back', async () => {
    clock.advance(2 * 3600_000);
    const { userId, attempt, code } = await openAttempt(MEMBER);
    for (let i = 0; i < 3; i++) expect((await verifySignIn(t, { userId, attempt, code: wrong(code) })).statusCode).toBe(401);
    expect(await failures(MEMBER.email)).toBe(3);
    expect((await verifySignIn(t, { userId, attempt, code })).statusCode).toBe(200);
    expect(await failures(MEMBER.email)).toBe(3);
  });

  it(`at ${FAILED_SIGN_IN_LIMIT} failures in the hour even the right code of a live attempt gets 429, and works an hour later`, async () => {
    clock.advance(2 * 3600_000);
    const live = await openAttempt(GRACE);
    // The hour's failures, by wrong passwords here (wrong codes count the same, as above).
    for (let i = 0; i < FAILED_SIGN_IN_LIMIT; i++) expect((await login(t, GRACE.email, `Wrong-password-${i}`)).statusCode).toBe(401);
    const refused = await verifySignIn(t, { userId: live.userId, attempt: live.attempt, code: live.code });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(AUTH_TEXTS.tooManyLogins);
    clock.advance(3600_000 + 1000);
    const fresh = await openAttempt(GRACE);
    expect((await verifySignIn(t, { userId: fresh.userId, attempt: fresh.attempt, code: fresh.code })).statusCode).toBe(200);
  });

  it(`sends one phone at most ${SIGN_IN_CODES_PER_RECIPIENT_PER_HOUR} sign-in codes an hour, then says so; an hour later again`, async () => {
    clock.advance(2 * 3600_000);
    const sms = async () =>
      (await t.db.db.selectFrom('outbox_messages').select(sql<number>`count(*)::int`.as('n')).where('recipient', '=', MEMBER.mobile).where('purpose', '=', 'sign_in_code').executeTakeFirstOrThrow()).n;
    const before = await sms();
    for (let i = 0; i < SIGN_IN_CODES_PER_RECIPIENT_PER_HOUR; i++) {
      clock.advance(1000);
      expect((await login(t, MEMBER.email, MEMBER.password)).statusCode).toBe(200);
    }
    const capped = await login(t, MEMBER.email, MEMBER.password);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(AUTH_TEXTS.tooManySignInCodes);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await sms()).toBe(before + SIGN_IN_CODES_PER_RECIPIENT_PER_HOUR);
    clock.advance(3600_000);
    expect((await login(t, MEMBER.email, MEMBER.password)).statusCode).toBe(200);
  });
});
