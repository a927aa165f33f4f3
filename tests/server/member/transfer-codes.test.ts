import { sql } from 'kysely';
import { dbTargets, planWithIndexes } from '../../helpers/test-db';
import { usageSql } from '../../../src/server/routes/accounts/transfers.repository';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { IDEMPOTENCY_HEADER } from '../../../src/shared/product';
import { TRANSFER_TEXTS } from '../../../src/shared/messages';
import { fieldMessage } from '../../helpers/form-messages';
import { NOTIFICATION_TEXTS } from '../../../src/server/lib/notification-texts';
import { fillText } from '../../../src/shared/fill-text';
import {
  addSessionRoute,
  balanceOf,
  codeFor,
  confirmMemberTransfer,
  createMember,
  latestSms,
  memberBody,
  memberTransfer,
  newKey,
  requestTransferCode,
  selfTransfer,
  sessionHeaders,
  type TestMember,
} from './member-fixtures';

const HOUR = 3_600_000;
// Noon in Port of Spain (UTC-4): a whole day either side before the credit union's day changes.
const START = new Date('2026-11-25T16:00:00.000Z');
// Small limits (whole dollars, as the environment gives them) keep the amounts readable.
const limits = { perTransferCents: 50_000, dailyCents: 100_000, newDestinationCents: 10_000, codesPerHour: 30, notFoundPerHour: 10 };

describe.each(dbTargets())('transfers to another member, confirmed by a code, within limits, on $name', (target) => {
  const clock = new FakeClock(START);
  const t = suiteApp(target, { beforeReady: addSessionRoute, clock, config: { transferLimits: limits, sessionSeconds: 86_400 } });
  let payee: TestMember;

  beforeAll(async () => {
    payee = await createMember(t.db.db, [
      { type: 'savings', cents: 0 },
      { type: 'savings', cents: 0 },
      { type: 'deposit', cents: 0, productCode: 'FDA' },
    ]);
  });

  const rich = () =>
    createMember(t.db.db, [
      { type: 'savings', cents: 10_000_000 },
      { type: 'deposit', cents: 10_000_000 },
    ]);
  const signedIn = async (m: TestMember) => sessionHeaders(t, m.userId);

  it('texts a 6-digit code naming the amount and the destination\'s last digits; the code confirms the transfer once', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 25.5);
    const key = newKey();
    const asked = await requestTransferCode(t, headers, body, key);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message: TRANSFER_TEXTS.codeSent, expires_in: 600, phone: expect.stringContaining('***') });
    const sms = await latestSms(t.db.db, m.userId);
    // In the configured words (forms/messages/notifications.json), with the code, the amount and the destination's last four digits.
    expect(sms.body).toBe(fillText(NOTIFICATION_TEXTS.transferCode, { product: t.app.config.productName, code: sms.code!, amount: 'TTD $25.50', accountEnding: payee.accounts[0].number.slice(-4) }));
    // Nothing moves before the code.
    expect(await balanceOf(t.db.db, payee.accounts[0].id)).toBe(0);
    const done = await confirmMemberTransfer(t, headers, body, key, sms.code);
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(t.db.db, payee.accounts[0].id)).toBe(2_550);
    // A retry of the same transfer (same key) answers the same success and moves nothing more.
    const replay = await confirmMemberTransfer(t, headers, body, key, sms.code);
    expect(replay.json()).toEqual(done.json());
    expect(await balanceOf(t.db.db, payee.accounts[0].id)).toBe(2_550);
    // The code cannot confirm another transfer under a new key.
    const other = await confirmMemberTransfer(t, headers, body, newKey(), sms.code);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.code).toBe(TRANSFER_TEXTS.noCode);
  });

  it.each([
    ['amount', (m: TestMember) => memberBody(m.accounts[0], payee.accounts[0], 20.01)],
    ['destination', (m: TestMember) => memberBody(m.accounts[0], payee.accounts[1], 20)],
    ['source', (m: TestMember) => memberBody(m.accounts[1], payee.accounts[0], 20)],
  ])('a code used with another %s is refused and voided: not even the original transfer can use it then', async (_what, changed) => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 20);
    const key = newKey();
    const { code } = await codeFor(t, headers, m.userId, body, key);
    const before = await balanceOf(t.db.db, m.accounts[0].id);
    const tampered = await confirmMemberTransfer(t, headers, changed(m), key, code!);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json()).toMatchObject({ message: TRANSFER_TEXTS.differentTransfer, errors: { code: TRANSFER_TEXTS.differentTransfer } });
    const original = await confirmMemberTransfer(t, headers, body, key, code!);
    expect(original.statusCode).toBe(422);
    expect(original.json().errors.code).toBe(TRANSFER_TEXTS.noCode);
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(before);
    expect(await balanceOf(t.db.db, m.accounts[1].id)).toBe(10_000_000);
  });

  it('five wrong codes use up the code: the sixth try, even the right code, gets 429', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 1);
    const key = newKey();
    const { code } = await codeFor(t, headers, m.userId, body, key);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await confirmMemberTransfer(t, headers, body, key, wrong);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toBe(TRANSFER_TEXTS.invalidCode);
    }
    expect((await confirmMemberTransfer(t, headers, body, key, code!)).statusCode).toBe(429);
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(10_000_000);
  });

  it('a code expires after 10 minutes; a new code for the same transfer works', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 2);
    const key = newKey();
    const { code } = await codeFor(t, headers, m.userId, body, key);
    clock.advance(10 * 60_000 + 1_000);
    const late = await confirmMemberTransfer(t, headers, body, key, code!);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.code).toBe(TRANSFER_TEXTS.expiredCode);
    const fresh = await codeFor(t, headers, m.userId, body, key);
    expect((await confirmMemberTransfer(t, headers, body, key, fresh.code!)).statusCode).toBe(200);
  });

  it('a transfer to another member needs the code: none requested gets 422, no code field gets 400', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 3);
    const none = await confirmMemberTransfer(t, headers, body, newKey(), '123456');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.code).toBe(TRANSFER_TEXTS.noCode);
    const missing = await t.call({ method: 'POST', url: '/api/accounts/transfer-to-member', headers: { ...headers, [IDEMPOTENCY_HEADER]: newKey() }, payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.code).toBe(fieldMessage('member/transfer-code', 'code', 'required'));
    expect(await balanceOf(t.db.db, m.accounts[0].id)).toBe(10_000_000);
  });

  it('transfers to own accounts stay one call: no code, no SMS, and the member-transfer limits do not apply', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const res = await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 60_000);
    expect(res.statusCode).toBe(200);
    const sms = await t.db.db.selectFrom('outbox_messages').select('id').where('purpose', '=', 'transfer_code').where('body', 'like', '%TTD $60,000.00%').execute();
    expect(sms).toEqual([]);
  });

  it("the limits read indexes of member transfers alone: a transfer to self writes no entry in them", async () => {
    const defs = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where tablename = 'transfers'`.execute(t.db.db);
    const limitIndexes = defs.rows.filter((r) => /source_account_id|destination_account_id/.test(r.indexdef));
    expect(limitIndexes.length).toBe(2);
    for (const index of limitIndexes) expect(index.indexdef).toMatch(/WHERE \(kind = 'member'::text\)/);
    const m = await rich();
    const plan = await planWithIndexes(t.db.db, usageSql(m.memberId, sql`${m.accounts[1].id}`, new Date(START.getTime() - HOUR), START));
    for (const index of limitIndexes) expect(plan).toContain(index.indexname);
  });

  it('refuses above the per-transfer limit, naming it, before any code is sent', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const res = await requestTransferCode(t, headers, memberBody(m.accounts[0], payee.accounts[0], 500.01), newKey());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toBe(fillText(TRANSFER_TEXTS.perTransferLimit, { limit: 'TTD $500.00' }));
    const texts = await t.db.db.selectFrom('outbox_messages').innerJoin('users', 'users.mobile', 'outbox_messages.recipient').select('outbox_messages.id').where('users.id', '=', m.userId).execute();
    expect(texts).toEqual([]);
  });

  it('a new destination takes at most 100.00 in the 24 hours from the first transfer to it, then the normal limits', async () => {
    const m = await rich();
    let headers = await signedIn(m);
    const to = payee.accounts[2];
    const first = await requestTransferCode(t, headers, memberBody(m.accounts[0], to, 100.01), newKey());
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.amount).toBe(fillText(TRANSFER_TEXTS.newDestinationLimit, { limit: 'TTD $100.00', left: 'TTD $100.00' }));
    expect((await memberTransfer(t, headers, m.accounts[0], to, 60)).statusCode).toBe(200);
    clock.advance(23 * HOUR);
    headers = await signedIn(m); // a session lasts at most a day
    const again = await memberTransfer(t, headers, m.accounts[1], to, 50);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.amount).toBe(fillText(TRANSFER_TEXTS.newDestinationLimit, { limit: 'TTD $100.00', left: 'TTD $40.00' }));
    clock.advance(HOUR);
    headers = await signedIn(m); // a session lasts at most a day
    expect((await memberTransfer(t, headers, m.accounts[0], to, 400)).statusCode).toBe(200);
  });

  it('the daily limit counts every member transfer of the day, says what is left, and starts again the next day', async () => {
    const m = await rich();
    let headers = await signedIn(m);
    // Established destinations (first paid more than 24 hours ago).
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[0], 1)).statusCode).toBe(200);
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[1], 1)).statusCode).toBe(200);
    clock.advance(25 * HOUR);
    headers = await signedIn(m); // a session lasts at most a day
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[0], 500)).statusCode).toBe(200);
    expect((await memberTransfer(t, headers, m.accounts[1], payee.accounts[1], 400)).statusCode).toBe(200);
    const over = await memberTransfer(t, headers, m.accounts[0], payee.accounts[1], 100.01);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toBe(fillText(TRANSFER_TEXTS.dailyLimit, { limit: 'TTD $1,000.00', left: 'TTD $100.00' }));
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[1], 100)).statusCode).toBe(200);
    clock.advance(24 * HOUR);
    headers = await signedIn(m); // a session lasts at most a day
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[1], 500)).statusCode).toBe(200);
  });

  it('parallel transfers from different accounts to different destinations cannot together pass the daily limit', async () => {
    const m = await createMember(t.db.db, Array.from({ length: 4 }, () => ({ type: 'savings' as const, cents: 10_000_000 })));
    let headers = await signedIn(m);
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[0], 1)).statusCode).toBe(200);
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[1], 1)).statusCode).toBe(200);
    clock.advance(25 * HOUR);
    headers = await signedIn(m); // a session lasts at most a day
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[0], 300)).statusCode).toBe(200);
    // Each alone is within the day's 700.00 left, so each gets its code; no two share an account row
    // (four sources, two destinations taken in turn), and only two of the four fit.
    const bodies = m.accounts.map((from, i) => memberBody(from, payee.accounts[i % 2], 300));
    const keys = bodies.map(() => newKey());
    const codes: string[] = [];
    for (let i = 0; i < bodies.length; i++) codes.push((await codeFor(t, headers, m.userId, bodies[i], keys[i])).code!);
    const results = await Promise.all(bodies.map((body, i) => confirmMemberTransfer(t, headers, body, keys[i], codes[i])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422]);
    for (const refused of results.filter((r) => r.statusCode === 422)) expect(refused.json().errors.amount).toBe(fillText(TRANSFER_TEXTS.dailyLimit, { limit: 'TTD $1,000.00', left: 'TTD $100.00' }));
    let left = 0;
    for (const account of m.accounts) left += await balanceOf(t.db.db, account.id);
    expect(40_000_000 - left).toBe(200 + 30_000 + 60_000);
  });

  it('the same code request again within the wait (a browser repeating it) gets the same answer and sends one code; after the wait, a new one', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 2);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestTransferCode(t, headers, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const user = await t.db.db.selectFrom('users').select('mobile').where('id', '=', m.userId).executeTakeFirstOrThrow();
    const texts = () => t.db.db.selectFrom('outbox_messages').select('id').where('recipient', '=', user.mobile!).execute();
    expect(await texts()).toHaveLength(1);
    const { code } = await latestSms(t.db.db, m.userId);
    // A wrong try, then the request again within the wait: that is a resend asked too soon.
    expect((await confirmMemberTransfer(t, headers, body, key, code === '000000' ? '111111' : '000000')).statusCode).toBe(422);
    expect((await requestTransferCode(t, headers, body, key)).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await requestTransferCode(t, headers, body, key)).statusCode).toBe(200);
    expect(await texts()).toHaveLength(2);
  });

  it('a key a transfer already used gets no code (409), whatever that transfer was', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const user = await t.db.db.selectFrom('users').select('mobile').where('id', '=', m.userId).executeTakeFirstOrThrow();
    const texts = async () => (await t.db.db.selectFrom('outbox_messages').select('id').where('recipient', '=', user.mobile!).execute()).length;
    const key = newKey();
    expect((await selfTransfer(t, headers, m.accounts[0], m.accounts[1], 1, key)).statusCode).toBe(200);
    const other = await requestTransferCode(t, headers, memberBody(m.accounts[0], payee.accounts[0], 1), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(TRANSFER_TEXTS.keyUsed);
    const body = memberBody(m.accounts[0], payee.accounts[0], 3);
    const made = newKey();
    expect((await memberTransfer(t, headers, m.accounts[0], payee.accounts[0], 3, made)).statusCode).toBe(200);
    const sent = await texts();
    const again = await requestTransferCode(t, headers, body, made);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRANSFER_TEXTS.alreadyMade);
    expect(await texts()).toBe(sent);
  });

  it('at most 30 transfer codes an hour per user, whatever the keys: the 31st gets 429', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 1);
    for (let i = 0; i < 30; i++) expect((await requestTransferCode(t, headers, body, newKey())).statusCode).toBe(200);
    const over = await requestTransferCode(t, headers, body, newKey());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TRANSFER_TEXTS.tooManyCodes);
    clock.advance(HOUR + 1_000);
    expect((await requestTransferCode(t, await signedIn(m), body, newKey())).statusCode).toBe(200);
  });

  it('the 30 codes an hour hold for requests at once under 40 keys: 30 texts, 10 refused', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const body = memberBody(m.accounts[0], payee.accounts[0], 1);
    const answers = await Promise.all(Array.from({ length: 40 }, () => requestTransferCode(t, headers, body, newKey())));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json().message)).toEqual(Array(10).fill(TRANSFER_TEXTS.tooManyCodes));
  });

  it("at most 10 destination numbers not found an hour per member: then 429 for any number, so the form lists no member's accounts", async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const missingNumber = (i: number) => ({ ...memberBody(m.accounts[0], payee.accounts[0], 1), destination_account: String(99_000_000_000 + i) });
    for (let i = 0; i < limits.notFoundPerHour; i++) {
      const res = await requestTransferCode(t, headers, missingNumber(i), newKey());
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(TRANSFER_TEXTS.notFound);
    }
    // A real number now answers as a missing one does: too many.
    for (const body of [missingNumber(99), memberBody(m.accounts[0], payee.accounts[0], 1)]) {
      const res = await requestTransferCode(t, headers, body, newKey());
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(TRANSFER_TEXTS.tooManyNotFound);
    }
    // Another member is not held back; found numbers never counted.
    const other = await rich();
    for (let i = 0; i < limits.notFoundPerHour + 2; i++) expect((await requestTransferCode(t, await signedIn(other), memberBody(other.accounts[0], payee.accounts[0], 1), newKey())).statusCode).toBe(200);
  });

  it('the 10 numbers not found an hour hold for 30 numbers entered at once: 10 not found, 20 refused', async () => {
    const m = await rich();
    const headers = await signedIn(m);
    const missingNumber = (i: number) => ({ ...memberBody(m.accounts[0], payee.accounts[0], 1), destination_account: String(98_000_000_000 + i) });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => requestTransferCode(t, headers, missingNumber(i), newKey())));
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(limits.notFoundPerHour);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - limits.notFoundPerHour);
  });

  it('a member without a mobile on file cannot be sent a code: 422 saying why', async () => {
    const m = await rich();
    await t.db.db.updateTable('users').set({ mobile: null }).where('id', '=', m.userId).execute();
    const res = await requestTransferCode(t, await signedIn(m), memberBody(m.accounts[0], payee.accounts[0], 1), newKey());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(TRANSFER_TEXTS.noContact);
  });
});
