import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { FakeClock } from '../../../src/server/lib/clock';
import { sql } from 'kysely';
import { CLAIM_LIMITS, } from '../../../src/server/lib/account-claims';
import { APPLICANT_LIMITS } from '../../../src/server/lib/applicant-rate-limit';
import { latestCodeFor, nextIp, signIn } from '../auth/auth-helpers';
import { auth, ensureSecondAdmin, tokenFor } from '../admin/admin-helpers';
import { ADULT_STEPS, adultSignup, createApplicant, sendStep, type Applicant } from './onboarding-helpers';
import { ONBOARDING_TEXTS } from '../../../src/shared/messages';
import { openAccount } from '../../../src/server/lib/open-account';

/**
 * SECURITY.md row 21 (DESIGN.md "Existing-customer claim"): an existing member's accounts are linked only
 * to an applicant who enters the code sent to the contact the credit union holds for that member. An
 * outsider who knows the account number, last name and date of birth (all on a cheque) never sees a cent.
 */
const ANDRE = { accountNumber: '10000000302', firstName: 'Andre', lastName: 'Charles', dob: '1995-05-14', onFileMobile: '+18684000002' };
const PRIYA = { accountNumber: '10000000303', lastName: 'Singh', dob: '2001-01-09', onFileMobile: '+18684000003' };
const SEND = '/api/device-verifications/send/';
const VERIFY = '/api/device-verifications/verify/';

describe.each(dbTargets())('existing-customer claim on $name', (target) => {
  let n = 0;
  const clock = new FakeClock(new Date('2026-06-15T12:00:00Z'));
  const t = suiteApp(target, { clock });

  const call = (applicant: Applicant, url: string, payload: object, ip = nextIp()) => t.call({ method: 'POST', url, payload, headers: applicant.headers, remoteAddress: ip });
  const verifyAccount = (applicant: Applicant, account_number: string, ip = nextIp()) => call(applicant, '/api/onboarding/verify-account', { signup_id: applicant.id, account_number }, ip);
  const claimBody = (applicant: Applicant) => ({ identifier_type: 'on_file', operation: 'account_claim', signup_id: applicant.id });
  const sendClaim = (applicant: Applicant, ip = nextIp()) => call(applicant, SEND, claimBody(applicant), ip);
  const enterClaimCode = (applicant: Applicant, code: string, ip = nextIp()) => call(applicant, VERIFY, { ...claimBody(applicant), code }, ip);
  const submit = (applicant: Applicant) => call(applicant, '/api/signups/submit', { signup_id: applicant.id });
  const admin = async () => auth(await tokenFor(t.app, 'admin@cu.example'));

  async function doStep(applicant: Applicant, step: string) {
    const res = await sendStep(t, applicant, step, { remoteAddress: nextIp() });
    expect(res.statusCode, `${step}: ${res.body}`).toBeLessThan(300);
  }

  /** An existing-customer applicant with their own email and mobile, both proven with the real code calls. */
  async function applicantWithOwnContacts(who: { firstName?: string; lastName: string; dob: string }) {
    n += 1;
    const email = `claimant.${n}.${target.name.toLowerCase()}@example.com`;
    const mobile = `+1868777${String(1000 + n).slice(-4)}`;
    const applicant = await createApplicant(t, adultSignup(n, { first_name: who.firstName ?? 'Claimant', last_name: who.lastName, dob: who.dob, email, mobile, is_existing_customer: true }));
    for (const [kind, to] of [['email', email], ['mobile', mobile]] as const) {
      clock.advance(61_000);
      expect((await call(applicant, SEND, { identifier_type: kind, operation: 'signup', signup_id: applicant.id })).statusCode).toBe(200);
      const code = await latestCodeFor(t, to, `signup_${kind}_code`);
      expect((await call(applicant, VERIFY, { identifier_type: kind, operation: 'signup', signup_id: applicant.id, code })).statusCode).toBe(200);
    }
    for (const step of ADULT_STEPS) await doStep(applicant, step);
    return { applicant, email, mobile };
  }

  const messagesTo = async (recipients: string[]) =>
    t.db.db.selectFrom('outbox_messages').select(['recipient', 'purpose', 'body']).where('recipient', 'in', recipients).orderBy('id').execute();

  it("an outsider with the member's account number, last name and birth date but their own email and mobile never sees a cent", async () => {
    const outsider = await applicantWithOwnContacts({ firstName: 'Mallory', lastName: ANDRE.lastName, dob: ANDRE.dob });
    const before = await t.db.db.selectFrom('outbox_messages').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

    const claimed = await verifyAccount(outsider.applicant, ANDRE.accountNumber);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).not.toHaveProperty('member_number');
    const sent = await sendClaim(outsider.applicant);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(ONBOARDING_TEXTS.claimSent);

    // No code reaches the outsider: the only claim message went to the mobile on Andre's member record.
    const since = await t.db.db.selectFrom('outbox_messages').select(['recipient', 'purpose']).where('id', '>', before.id).execute();
    expect(since).toEqual([{ recipient: ANDRE.onFileMobile, purpose: 'account_claim_code' }]);
    expect(await messagesTo([outsider.email, outsider.mobile])).not.toContainEqual(expect.objectContaining({ purpose: 'account_claim_code' }));

    // The claim step cannot be passed: the outsider's own codes, and guesses, all fail; the sixth try is refused.
    const ownCode = await latestCodeFor(t, outsider.mobile, 'signup_mobile_code');
    const tries = [ownCode, '000000', '123456', '999999', '111111'];
    for (const code of tries) expect((await enterClaimCode(outsider.applicant, code)).statusCode).toBe(401);
    expect((await enterClaimCode(outsider.applicant, '222222')).statusCode).toBe(429);

    // Final submission is refused: the claim step is not proven.
    const submitted = await submit(outsider.applicant);
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().errors).toEqual({ 'account-claim': ONBOARDING_TEXTS.enterClaimCodeFirst });
    const row = await t.db.db.selectFrom('signups').select(['status', 'member_id']).where('id', '=', outsider.applicant.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'draft', member_id: null });

    // Even an application pushed past submission by other means is refused at approval, and links nothing.
    await t.db.db.updateTable('signups').set({ status: 'pending_approval', submitted_on: clock.now() }).where('id', '=', outsider.applicant.id).execute();
    const approved = await t.call({ method: 'PUT', url: '/api/signups/approve', headers: await admin(), payload: { signup_id: outsider.applicant.id } });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(ONBOARDING_TEXTS.claimNotProven);
    expect(await t.db.db.selectFrom('users').select('id').where('email', '=', outsider.email).executeTakeFirst()).toBeUndefined();
    const andre = await t.db.db.selectFrom('members').select('id').where('member_number', '=', 'M000202').executeTakeFirstOrThrow();
    expect(await t.db.db.selectFrom('users').select('id').where('member_id', '=', andre.id).executeTakeFirst()).toBeUndefined();
    const login = await t.call({ method: 'POST', url: '/api/users/login', remoteAddress: nextIp(), payload: { email: outsider.email, password: 'Str0ng!Pass', device_info: { user_agent: 'vitest', platform: 'test', language: 'en' } } });
    expect(login.statusCode).toBe(401);

    // The review shows the administrator what was entered next to the member record, and that nothing was proven.
    const review = (await t.call({ method: 'GET', url: `/api/signups/${outsider.applicant.id}`, headers: await admin() })).json();
    expect(review.claim).toMatchObject({
      account_number: ANDRE.accountNumber,
      proven: false,
      code_sent_to: ANDRE.onFileMobile,
      applied: { first_name: 'Mallory', last_name: 'Charles', dob: ANDRE.dob, email: outsider.email, mobile: outsider.mobile },
      on_file: { member_number: 'M000202', first_name: 'Andre', last_name: 'Charles', dob: ANDRE.dob, email: 'andre.charles@example.com', mobile: ANDRE.onFileMobile, has_online_access: false },
    });
  });

  it('the member, with a new email and mobile, proves the claim with the code sent to the mobile on file, is approved and sees their accounts', async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    const andre = await applicantWithOwnContacts({ firstName: ANDRE.firstName, lastName: ANDRE.lastName, dob: ANDRE.dob });
    expect((await verifyAccount(andre.applicant, '1000-0000-302')).statusCode).toBe(200);
    expect((await sendClaim(andre.applicant)).json()).toEqual({ signup_id: andre.applicant.id, message: ONBOARDING_TEXTS.claimSent });
    const code = await latestCodeFor(t, ANDRE.onFileMobile, 'account_claim_code');
    const proven = await enterClaimCode(andre.applicant, code);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({ signup_id: andre.applicant.id, message: ONBOARDING_TEXTS.claimVerified, verified_on: clock.now().toISOString() });
    expect((await enterClaimCode(andre.applicant, code)).statusCode).toBe(401); // single use

    expect((await submit(andre.applicant)).statusCode).toBe(200);
    const headers = await admin();
    const review = (await t.call({ method: 'GET', url: `/api/signups/${andre.applicant.id}`, headers })).json();
    expect(review.claim).toMatchObject({ proven: true, verified_on: clock.now().toISOString(), on_file: { member_number: 'M000202' } });
    // An existing-customer claim is a risk flag: four eyes, so a second administrator gives the second approval.
    expect(review.signup.risk_flags).toContain('existing_customer_claim');
    const first = await t.call({ method: 'PUT', url: '/api/signups/approve', headers, payload: { signup_id: andre.applicant.id } });
    expect(first.json()).toMatchObject({ status: 'awaiting_second_approval' });
    const second = auth(await tokenFor(t.app, (await ensureSecondAdmin(t.db.db)).email));
    const approved = await t.call({ method: 'PUT', url: '/api/signups/approve', headers: second, payload: { signup_id: andre.applicant.id } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().account_number).toBeNull();
    // The member hears of it at the contact on file as well.
    expect(await messagesTo([ANDRE.onFileMobile])).toContainEqual(expect.objectContaining({ purpose: 'member_online_access' }));

    const session = await signIn(t, andre.email, 'Str0ng!Pass', andre.mobile);
    const accounts = await t.call({ method: 'GET', url: '/api/accounts', headers: { 'x-access-token': session.token } });
    expect(accounts.json().savings).toEqual([expect.objectContaining({ AccountNumber: ANDRE.accountNumber, balance_cents: 100_000 })]);
  });

  it('answers every account number alike, word for word: a match by SMS, a match by email and every mismatch', async () => {
    // A member with an email but no mobile on file: the code goes to the email. Naming the channel or any part of the
    // address ("ending in 03", "k•••@example.com") told a match apart, since no decoy can show an email or a member's
    // real digits (which whoever knows them could check).
    const kemi = { accountNumber: '10000000397', lastName: 'Adeyemi', dob: '1984-03-02', email: 'kemi.adeyemi@example.com' };
    const member = await t.db.db
      .insertInto('members')
      .values({ member_number: 'M000297', first_name: 'Kemi', last_name: kemi.lastName, email: kemi.email, mobile: null, dob: kemi.dob })
      .returning('id')
      .executeTakeFirstOrThrow();
    await openAccount(t.db.db, { memberId: member.id, accountNumber: kemi.accountNumber, type: 'savings', productCode: 'SAV', productName: 'Regular Savings', openingCents: 10_000 });

    const base = (ln: string, dob: string) => adultSignup(++n, { last_name: ln, dob, is_existing_customer: true });
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['match, mobile on file', base(PRIYA.lastName, PRIYA.dob), PRIYA.accountNumber],
      ['match, email only on file', base(kemi.lastName, kemi.dob), kemi.accountNumber],
      ['wrong last name', base('Sing', PRIYA.dob), PRIYA.accountNumber],
      ['wrong birth date', base(PRIYA.lastName, '2001-01-10'), PRIYA.accountNumber],
      ['wrong birth date, email-only member', base(kemi.lastName, '1984-03-03'), kemi.accountNumber],
      ['no such account', base(PRIYA.lastName, PRIYA.dob), '10000009999'],
      ['member already online', base('Baptiste', '1990-07-21'), '10000000101'],
    ];
    const answers: Record<string, { verify: Record<string, unknown>; send: Record<string, unknown> }> = {};
    for (const [name, body, account] of cases) {
      const applicant = await createApplicant(t, body);
      const verified = await verifyAccount(applicant, account);
      expect(verified.statusCode, name).toBe(200);
      const sent = await sendClaim(applicant);
      expect(sent.statusCode, name).toBe(200);
      const { signup_id: a, account_number: _, ...verify } = verified.json();
      const { signup_id: b, ...send } = sent.json();
      expect([a, b]).toEqual([applicant.id, applicant.id]);
      answers[name] = { verify, send };
    }
    for (const [name, answer] of Object.entries(answers)) expect(answer, name).toEqual({ verify: { message: ONBOARDING_TEXTS.claimReceived }, send: { message: ONBOARDING_TEXTS.claimSent } });
    // The two matches were sent their codes at the contact on file; the mismatches nothing.
    expect((await messagesTo([PRIYA.onFileMobile, kemi.email])).map((m) => [m.recipient, m.purpose])).toEqual([
      [PRIYA.onFileMobile, 'account_claim_code'],
      [kemi.email, 'account_claim_code'],
    ]);

    // A decoy's code is counted like any other but can never verify.
    const again = await createApplicant(t, base('Sing', PRIYA.dob));
    await verifyAccount(again, PRIYA.accountNumber);
    await sendClaim(again);
    expect((await enterClaimCode(again, '000000')).statusCode).toBe(401);
  });

  it('a newer account number supersedes the older claim: its code no longer links anything', async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    const applicant = await createApplicant(t, adultSignup(++n, { last_name: PRIYA.lastName, dob: PRIYA.dob, is_existing_customer: true }));
    await verifyAccount(applicant, PRIYA.accountNumber);
    await sendClaim(applicant);
    const code = await latestCodeFor(t, PRIYA.onFileMobile, 'account_claim_code');
    await verifyAccount(applicant, '10000009999');
    expect((await enterClaimCode(applicant, code)).statusCode).toBe(401);
    expect((await t.db.db.selectFrom('signups').select('member_id').where('id', '=', applicant.id).executeTakeFirstOrThrow()).member_id).toBeNull();
    // Without a claim attempt the code step says what to do first.
    const fresh = await createApplicant(t, adultSignup(++n, { is_existing_customer: true }));
    const none = await sendClaim(fresh);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.account_number).toBe(ONBOARDING_TEXTS.claimFirst);
    // account_claim goes with on_file only.
    const mixed = await call(fresh, SEND, { identifier_type: 'mobile', operation: 'account_claim', signup_id: fresh.id });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors.identifier_type).toBe('identifier_type must be on_file for operation account_claim.');
  });

  it('the same account number again (Back, then Next) is the same attempt: not counted again, and its code still links', async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    const keisha = { accountNumber: '10000000301', lastName: 'Mohammed', dob: '1979-11-30', onFileMobile: '+18684000001' };
    const applicant = await createApplicant(t, adultSignup(++n, { last_name: keisha.lastName, dob: keisha.dob, is_existing_customer: true }));
    expect((await verifyAccount(applicant, keisha.accountNumber)).statusCode).toBe(200);
    expect((await sendClaim(applicant)).statusCode).toBe(200);
    const code = await latestCodeFor(t, keisha.onFileMobile, 'account_claim_code');
    // More times than the application's attempts, written as people write it: each was a new attempt, then 429.
    for (let i = 0; i < CLAIM_LIMITS.attemptsPerSignup; i++) expect((await verifyAccount(applicant, '1000 0000 301')).statusCode).toBe(200);
    expect((await enterClaimCode(applicant, code)).statusCode).toBe(200);
    // One attempt on record: the review says "1 account number tried".
    const attempts = await t.db.db.selectFrom('account_claims').select('account_number').where('signup_id', '=', applicant.id).execute();
    expect(attempts).toEqual([{ account_number: keisha.accountNumber }]);
    expect((await t.db.db.selectFrom('signups').select('member_id').where('id', '=', applicant.id).executeTakeFirstOrThrow()).member_id).not.toBeNull();
  });

  it('limits guessing: per address, per application, and per account number across applications and addresses', async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    // One address: a few account numbers, then 429 (whatever the application).
    const ip = nextIp();
    const one = await createApplicant(t, adultSignup(++n, { is_existing_customer: true }));
    const two = await createApplicant(t, adultSignup(++n, { is_existing_customer: true }));
    for (let i = 0; i < APPLICANT_LIMITS.accountClaim.max; i++) expect((await verifyAccount(i % 2 ? one : two, `1000000${4000 + i}`, ip)).statusCode).toBe(200);
    const blocked = await verifyAccount(one, '10000005000', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(ONBOARDING_TEXTS.claimTooManyAttempts);

    // One application: at most CLAIM_LIMITS.attemptsPerSignup account numbers, whatever address it comes from.
    const three = await createApplicant(t, adultSignup(++n, { is_existing_customer: true }));
    for (let i = 0; i < CLAIM_LIMITS.attemptsPerSignup; i++) expect((await verifyAccount(three, `1000000${6000 + i}`)).statusCode).toBe(200);
    expect((await verifyAccount(three, '10000007000')).statusCode).toBe(429);

    // One account number: after 10 wrong codes from many applications and addresses, no more claims on it,
    // the same for a member's number and for a number nobody holds (so the refusal tells nothing either).
    for (const [account, who] of [[PRIYA.accountNumber, PRIYA], ['10000008888', PRIYA]] as const) {
      let wrong = 0;
      while (wrong < CLAIM_LIMITS.failedTriesPerAccount) {
        const applicant = await createApplicant(t, adultSignup(++n, { last_name: who.lastName, dob: who.dob, is_existing_customer: true }));
        expect((await verifyAccount(applicant, account)).statusCode).toBe(200);
        expect((await sendClaim(applicant)).statusCode).toBe(200);
        for (let i = 0; i < 5 && wrong < CLAIM_LIMITS.failedTriesPerAccount; i++, wrong++) expect((await enterClaimCode(applicant, '000000')).statusCode).toBe(401);
      }
      const late = await createApplicant(t, adultSignup(++n, { last_name: who.lastName, dob: who.dob, is_existing_customer: true }));
      const refused = await verifyAccount(late, account);
      expect(refused.statusCode, account).toBe(429);
      expect(refused.json().message).toBe(ONBOARDING_TEXTS.claimTooManyAttempts);
    }
  });

  it('wrong claim codes entered at once from many applications stop at the limit too (counted one at a time per account number)', async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    const who = { lastName: 'Parallel', dob: '1977-07-07' };
    const applicants = [];
    for (let i = 0; i < 4; i++) {
      const applicant = await createApplicant(t, adultSignup(++n, { last_name: who.lastName, dob: who.dob, is_existing_customer: true }));
      expect((await verifyAccount(applicant, '10000008777')).statusCode).toBe(200);
      expect((await sendClaim(applicant)).statusCode).toBe(200);
      applicants.push(applicant);
    }
    // Four codes of five tries each, all at once: the account number's 10 wrong codes a day hold, not 20.
    const answers = await Promise.all(applicants.flatMap((applicant) => Array.from({ length: 5 }, () => enterClaimCode(applicant, '000000'))));
    const counts = answers.reduce<Record<number, number>>((out, res) => ({ ...out, [res.statusCode]: (out[res.statusCode] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 401: CLAIM_LIMITS.failedTriesPerAccount, 429: 20 - CLAIM_LIMITS.failedTriesPerAccount });
  });

  it("an outsider who knows only the account number cannot lock the member out: wrong codes and codes sent count per name and birth date", async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    const outsider = { lastName: 'Nobody', dob: '1980-01-01' };
    const outsiderApplicant = () => createApplicant(t, adultSignup(++n, { last_name: outsider.lastName, dob: outsider.dob, is_existing_customer: true }));
    const applicants = [];
    for (let i = 0; i < CLAIM_LIMITS.sendsPerAccount; i++) {
      const applicant = await outsiderApplicant();
      expect((await verifyAccount(applicant, PRIYA.accountNumber)).statusCode).toBe(200);
      expect((await sendClaim(applicant)).statusCode).toBe(200);
      applicants.push(applicant);
    }
    for (let wrong = 0; wrong < CLAIM_LIMITS.failedTriesPerAccount; wrong++) expect((await enterClaimCode(applicants[wrong % applicants.length], '000000')).statusCode).toBe(401);
    // The outsider's own name and birth date are refused now, as a member's would be...
    expect((await verifyAccount(await outsiderApplicant(), PRIYA.accountNumber)).statusCode).toBe(429);
    // ...but the member, applying with theirs, is sent the code to the mobile on file and links the accounts.
    const member = await createApplicant(t, adultSignup(++n, { last_name: PRIYA.lastName, dob: PRIYA.dob, is_existing_customer: true }));
    expect((await verifyAccount(member, PRIYA.accountNumber)).statusCode).toBe(200);
    expect((await sendClaim(member)).statusCode).toBe(200);
    expect((await enterClaimCode(member, await latestCodeFor(t, PRIYA.onFileMobile, 'account_claim_code'))).statusCode).toBe(200);
  });

  it("limits the codes sent for one account number across applications and addresses: the member's phone rings at most so often a day, and an unknown number is refused alike", async () => {
    clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
    for (const account of [PRIYA.accountNumber, '10000009999']) {
      const start = await t.db.db.selectFrom('outbox_messages').select(sql<number>`count(*)::int`.as('n')).where('recipient', '=', PRIYA.onFileMobile).executeTakeFirstOrThrow();
      const claimant = () => createApplicant(t, adultSignup(++n, { last_name: PRIYA.lastName, dob: PRIYA.dob, is_existing_customer: true }));
      for (let i = 0; i < CLAIM_LIMITS.sendsPerAccount; i++) {
        const applicant = await claimant();
        expect((await verifyAccount(applicant, account)).statusCode).toBe(200);
        expect((await sendClaim(applicant)).statusCode, account).toBe(200);
      }
      const late = await claimant();
      expect((await verifyAccount(late, account)).statusCode).toBe(200);
      const refused = await sendClaim(late);
      expect(refused.statusCode, account).toBe(429);
      expect(refused.json().message).toBe(ONBOARDING_TEXTS.claimTooManyCodes);
      const end = await t.db.db.selectFrom('outbox_messages').select(sql<number>`count(*)::int`.as('n')).where('recipient', '=', PRIYA.onFileMobile).executeTakeFirstOrThrow();
      expect(Number(end.n) - Number(start.n)).toBe(account === PRIYA.accountNumber ? CLAIM_LIMITS.sendsPerAccount : 0);
      // A day later the member can be sent a code again.
      clock.advance(CLAIM_LIMITS.failedTriesWindowMs + 1);
      const next = await claimant();
      expect((await verifyAccount(next, account)).statusCode).toBe(200);
      expect((await sendClaim(next)).statusCode).toBe(200);
    }
  });
});
