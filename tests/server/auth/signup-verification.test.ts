import { AUTH_TEXTS, ONBOARDING_TEXTS } from '../../../src/shared/messages';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { newApplicantToken } from '../../../src/server/lib/applicant-access';
import { latestCodeFor, nextIp } from './auth-helpers';
import { sql } from 'kysely';
import { SIGNUP_CODES_PER_RECIPIENT_PER_HOUR } from '../../../src/server/lib/one-time-codes';

/** Device verification with operation signup (spec 3 sections 2, 4, 7): codes to the signup's email and mobile. */
describe.each(dbTargets())('signup email and mobile verification on $name', (target) => {
  const clock = new FakeClock(new Date('2026-11-22T10:00:00Z'));
  const t = suiteApp(target, { clock });

  async function addSignup(id: string, email: string, mobile: string) {
    const { token, hash } = newApplicantToken();
    await t.db.db
      .insertInto('signups')
      .values({ id, applicant_token_hash: hash, token_expires_on: new Date(clock.now().getTime() + 86_400_000), first_name: 'Nia', last_name: 'Joseph', middle_name: null, email, mobile, dob: '1999-01-01', gender: 'female', nationality: 'Trinidad and Tobago', password_hash: 'x', member_id: null, user_id: null, comments: null, updated_on: clock.now() })
      .execute();
    return token;
  }
  const call = (url: string, token: string, payload: object) => t.call({ method: 'POST', url, payload, remoteAddress: nextIp(), headers: { 'x-applicant-token': token } });

  it('sends the email code to the signup email and marks the email verified', async () => {
    const token = await addSignup('s-email', 'nia@example.com', '+18685550001');
    const sent = await call('/api/device-verifications/send/', token, { identifier_type: 'email', operation: 'signup', signup_id: 's-email', email: 'nia@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ signup_id: 's-email', email: 'nia@example.com', identifier: 'nia@example.com', message: expect.any(String) });
    const code = await latestCodeFor(t, 'nia@example.com', 'signup_email_code');
    const ok = await call('/api/device-verifications/verify/', token, { identifier_type: 'email', operation: 'signup', signup_id: 's-email', code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().verified_on).toBe(clock.now().toISOString());
    const row = await t.db.db.selectFrom('signups').select(['email_verified_on', 'mobile_verified_on']).where('id', '=', 's-email').executeTakeFirstOrThrow();
    expect(row.email_verified_on).not.toBeNull();
    expect(row.mobile_verified_on).toBeNull();
    // single use
    expect((await call('/api/device-verifications/verify/', token, { identifier_type: 'email', operation: 'signup', signup_id: 's-email', code })).statusCode).toBe(401);
  });

  it.each(['email', 'mobile'] as const)('sends no code for a verified %s (Back to basic info and Next with it unchanged): the answer says it is verified', async (kind) => {
    const id = `s-again-${kind}`;
    const [email, mobile] = [`again-${kind}@example.com`, kind === 'email' ? '+18685550101' : '+18685550102'];
    const token = await addSignup(id, email, mobile);
    const body = { identifier_type: kind, operation: 'signup', signup_id: id };
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(200);
    const recipient = kind === 'email' ? email : mobile;
    const code = await latestCodeFor(t, recipient, kind === 'email' ? 'signup_email_code' : 'signup_mobile_code');
    const verified = await call('/api/device-verifications/verify/', token, { ...body, code });
    expect(verified.statusCode).toBe(200);
    const outbox = () => t.db.db.selectFrom('outbox_messages').select('id').where('recipient', '=', recipient).execute();
    const before = (await outbox()).length;

    // At once (inside the 60 s between codes) and after it: no 429 for a code already used, and no new code.
    for (const wait of [0, 61_000]) {
      clock.advance(wait);
      const again = await call('/api/device-verifications/send/', token, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ already_verified: true, verified_on: verified.json().verified_on, message: ONBOARDING_TEXTS[kind === 'email' ? 'emailAlreadyVerified' : 'mobileAlreadyVerified'] });
    }
    expect(await outbox()).toHaveLength(before);
  });

  it('sends the mobile code by SMS, allows 3 resends after the cooldown, then the spec message', async () => {
    const token = await addSignup('s-mobile', 'kai@example.com', '+18685550002');
    const body = { identifier_type: 'mobile', operation: 'signup', signup_id: 's-mobile', mobile: '+18685550002' };
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(200);
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      clock.advance(61_000);
      expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(200);
    }
    clock.advance(61_000);
    const capped = await call('/api/device-verifications/send/', token, body);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(AUTH_TEXTS.resendLimit);
    const sms = await t.db.db.selectFrom('outbox_messages').select(['channel']).where('recipient', '=', '+18685550002').execute();
    expect(sms.every((m) => m.channel === 'sms')).toBe(true);
    const code = await latestCodeFor(t, '+18685550002', 'signup_mobile_code');
    const ok = await call('/api/device-verifications/verify/', token, { identifier_type: 'mobile', operation: 'signup', signup_id: 's-mobile', code });
    expect(ok.statusCode).toBe(200);
    const row = await t.db.db.selectFrom('signups').select('mobile_verified_on').where('id', '=', 's-mobile').executeTakeFirstOrThrow();
    expect(row.mobile_verified_on).not.toBeNull();
  });

  it.each(['mobile', 'email'] as const)('caps the codes one %s is sent for all applications in an hour, whatever its letter case', async (kind) => {
    const max = SIGNUP_CODES_PER_RECIPIENT_PER_HOUR[kind];
    const target = kind === 'mobile' ? '+18685550777' : 'Victim@Example.com';
    const send = async (i: number) => {
      const id = `s-spam-${kind}-${i}`;
      // Each application a new one (its own caps untouched); the email typed in another case now and then.
      const token = await addSignup(id, kind === 'email' && i % 2 ? target.toLowerCase() : kind === 'email' ? target : `spam${i}@example.com`, kind === 'mobile' ? target : '+18685550778');
      return call('/api/device-verifications/send/', token, { identifier_type: kind, operation: 'signup', signup_id: id });
    };
    for (let i = 0; i < max; i++) expect((await send(i)).statusCode, `send ${i + 1}`).toBe(200);
    const refused = await send(max);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ONBOARDING_TEXTS[kind === 'mobile' ? 'tooManyCodesMobile' : 'tooManyCodesEmail']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const sent = await t.db.db.selectFrom('outbox_messages').select('id').where(sql<string>`lower(recipient)`, '=', target.toLowerCase()).execute();
    expect(sent).toHaveLength(max);
    // An hour after the first, the number may be sent a code again.
    clock.advance(3601_000);
    expect((await send(max + 1)).statusCode).toBe(200);
  });

  it.each(['mobile', 'email'] as const)('the %s cap holds for sends at once from many applications (9 of 5 were sent on Postgres)', async (kind) => {
    const max = SIGNUP_CODES_PER_RECIPIENT_PER_HOUR[kind];
    const target = kind === 'mobile' ? '+18685550888' : 'burst@example.com';
    const tokens = await Promise.all(Array.from({ length: max + 7 }, (_, i) => addSignup(`s-burst-${kind}-${i}`, kind === 'email' ? target : `burst${i}@example.com`, kind === 'mobile' ? target : '+18685550889')));
    const answers = await Promise.all(tokens.map((token, i) => call('/api/device-verifications/send/', token, { identifier_type: kind, operation: 'signup', signup_id: `s-burst-${kind}-${i}` })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(max);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    const sent = await t.db.db.selectFrom('outbox_messages').select('id').where('recipient', '=', target).execute();
    expect(sent).toHaveLength(max);
  });

  it('a code from an older message, after Resend, says to use the latest one (a try like any wrong code); the latest works', async () => {
    const token = await addSignup('s-older', 'ola@example.com', '+18685550003');
    const body = { identifier_type: 'email', operation: 'signup', signup_id: 's-older', email: 'ola@example.com' };
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(200);
    const older = await latestCodeFor(t, 'ola@example.com', 'signup_email_code');
    clock.advance(61_000);
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(200);
    const latest = await latestCodeFor(t, 'ola@example.com', 'signup_email_code');
    const verify = (code: string) => call('/api/device-verifications/verify/', token, { identifier_type: 'email', operation: 'signup', signup_id: 's-older', code });
    if (older !== latest) {
      const refused = await verify(older);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: AUTH_TEXTS.replacedCode, errors: { code: AUTH_TEXTS.replacedCode } });
    }
    const wrong = await verify(latest === '000000' ? '111111' : '000000');
    expect(wrong.json().message).toBe(AUTH_TEXTS.invalidCode);
    expect((await verify(latest)).statusCode).toBe(200);
  });

  it("answers 404 with another applicant's token, a random id, or no token", async () => {
    await addSignup('s-a', 'a@example.com', '+18685550003');
    const other = await addSignup('s-b', 'b@example.com', '+18685550004');
    const body = { identifier_type: 'email', operation: 'signup', signup_id: 's-a' };
    expect((await call('/api/device-verifications/send/', other, body)).statusCode).toBe(404);
    expect((await call('/api/device-verifications/send/', other, { ...body, signup_id: 'no-such-id' })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/device-verifications/send/', payload: body })).statusCode).toBe(404);
  });

  it('refuses a missing signup id with the spec message, and a code sent to an address since changed', async () => {
    const token = await addSignup('s-c', 'c@example.com', '+18685550005');
    const missing = await call('/api/device-verifications/send/', token, { identifier_type: 'email', operation: 'signup' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ONBOARDING_TEXTS.sendNeedsSignup);
    await call('/api/device-verifications/send/', token, { identifier_type: 'email', operation: 'signup', signup_id: 's-c' });
    const code = await latestCodeFor(t, 'c@example.com', 'signup_email_code');
    await t.db.db.updateTable('signups').set({ email: 'changed@example.com' }).where('id', '=', 's-c').execute();
    expect((await call('/api/device-verifications/verify/', token, { identifier_type: 'email', operation: 'signup', signup_id: 's-c', code })).statusCode).toBe(401);
  });

  it('an address corrected within the resend wait gets its code at once (the wait is per address), and the answer names it', async () => {
    const token = await addSignup('s-typo', 'typo@example.con', '+18685550006');
    const body = { identifier_type: 'email', operation: 'signup', signup_id: 's-typo' };
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(200);
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(429);
    await t.db.db.updateTable('signups').set({ email: 'fixed@example.com' }).where('id', '=', 's-typo').execute();
    const sent = await call('/api/device-verifications/send/', token, body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().identifier).toBe('fixed@example.com');
    // The wait holds again for the corrected address.
    expect((await call('/api/device-verifications/send/', token, body)).statusCode).toBe(429);
    const code = await latestCodeFor(t, 'fixed@example.com', 'signup_email_code');
    expect((await call('/api/device-verifications/verify/', token, { ...body, code })).statusCode).toBe(200);
  });
});
