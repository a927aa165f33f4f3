import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { takeTurn } from '../db/take-turn.js';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import type { AccountClaim } from '../db/tables/account-claims.table.js';
import { badRequest, tooMany } from './http-errors.js';
import { checkCode, issueCode, MAX_MOBILE_RESENDS, type CheckCodeResult } from './one-time-codes.js';
import type { OutgoingMessage } from '../plugins/outbox.js';
import { ONBOARDING_TEXTS } from '../../shared/messages.js';
import { notification } from './notification-texts.js';

/**
 * Claiming an existing member's accounts (DESIGN.md "Existing-customer claim", SECURITY.md row 21).
 *
 * Knowing a member's account number, last name and date of birth is not enough: the applicant must enter
 * a code sent to the mobile (else the email) the credit union already holds for that member, never to a
 * contact typed in the application. `POST /onboarding/verify-account` records a claim attempt and the next
 * step sends the code; both answer the same words for every input, naming neither the channel nor any part of
 * the address ("the mobile number or email address the credit union holds for you"): "ending in 42" or
 * "k•••@example.com" told a match apart, since a decoy can show neither an email nor a member's real digits.
 * When the inputs do not match a member without online access, the attempt is a decoy: its code is counted
 * like any other but can never verify, and nothing is sent to anyone.
 */
export const CLAIM_CODE_PURPOSE = 'account_claim_code' as const;

export const CLAIM_LIMITS = {
  /** Claim attempts (account numbers tried) per application. */
  attemptsPerSignup: 5,
  /** Wrong claim codes per account number and identity (`onAccountAs`), across every application and address, in `failedTriesWindowMs`. */
  failedTriesPerAccount: 10,
  failedTriesWindowMs: 24 * 3600_000,
  /** Codes per claim attempt: the first and 3 resends (as for the mobile code). */
  sendsPerClaim: 1 + MAX_MOBILE_RESENDS,
  /**
   * Codes sent for one account number and identity (`onAccountAs`), across every application and address, in
   * `failedTriesWindowMs`: two applications' worth. Beyond it nobody (an outsider who knows the account number, last name and birth date
   * included) can make the member's phone ring again that day.
   */
  sendsPerAccount: 2 * (1 + MAX_MOBILE_RESENDS),
} as const;

/** Digits only: spaces and hyphens are how people write account numbers. */
export function accountDigits(accountNumber: string): string {
  return accountNumber.replace(/[\s-]/g, '');
}

/** `k•••@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain ?? ''}`;
}

function isoDate(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** The member an account number, last name and date of birth designate, if they have no online access yet. */
async function matchingMember(db: Kysely<Database>, signup: Signup, digits: string) {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('members', 'members.id', 'accounts.member_id')
    .leftJoin('users', 'users.member_id', 'members.id')
    .select(['members.id as member_id', 'members.dob', 'members.last_name', 'members.mobile', 'members.email', 'users.id as user_id'])
    .where('accounts.account_number', '=', digits)
    .where('accounts.status', '=', 'active')
    .executeTakeFirst();
  if (!row || row.user_id !== null) return undefined;
  if (!row.dob || isoDate(row.dob) !== isoDate(signup.dob)) return undefined;
  if (row.last_name.trim().toLowerCase() !== signup.last_name.trim().toLowerCase()) return undefined;
  return row;
}

/** Whose claims count together: the name and birth date the claiming application gives (see `onAccountAs`). */
type ClaimIdentity = Pick<Signup, 'last_name' | 'dob'>;

/**
 * Claims on an account number made with this name and birth date, by any application from any address. The limits
 * below count per account and identity, not per account alone: an outsider who knows only the account number
 * (a decoy: nothing is sent, no code can verify) then uses up their own allowance, never the member's. Someone who
 * also knows the member's name and birth date counts with the member, as the member's own tries do.
 */
function onAccountAs(db: Kysely<Database>, digits: string, who: ClaimIdentity) {
  return db
    .selectFrom('one_time_codes')
    .innerJoin('account_claims', 'account_claims.id', 'one_time_codes.subject')
    .innerJoin('signups', 'signups.id', 'account_claims.signup_id')
    .where('one_time_codes.purpose', '=', CLAIM_CODE_PURPOSE)
    .where('account_claims.account_number', '=', digits)
    .where(sql<boolean>`lower(trim(signups.last_name)) = lower(trim(${who.last_name}))`)
    .where('signups.dob', '=', who.dob);
}

/** Wrong claim codes entered for this account number and identity (any application, any address) in the window. */
export async function failedTriesOnAccount(db: Kysely<Database>, digits: string, who: ClaimIdentity, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CLAIM_LIMITS.failedTriesWindowMs);
  const row = await onAccountAs(db, digits, who)
    .select(sql<number>`coalesce(sum(one_time_codes.failed_attempts), 0)::int`.as('failed'))
    .where('account_claims.created_on', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.failed);
}

/** Claim codes sent for this account number and identity in the window, whichever application asked. */
async function codesSentForAccount(db: Kysely<Database>, digits: string, who: ClaimIdentity, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CLAIM_LIMITS.failedTriesWindowMs);
  const row = await onAccountAs(db, digits, who).select(sql<number>`count(*)::int`.as('sent')).where('one_time_codes.created_on', '>', since).executeTakeFirstOrThrow();
  return Number(row.sent);
}

/**
 * POST /onboarding/verify-account: records a claim attempt for the signup (locked by the caller) and
 * supersedes the older ones; the same number for the same person again keeps the current attempt. Whatever the inputs, the caller answers the same; only the stored attempt
 * knows whether a code will really go out.
 */
export async function startClaim(trx: Transaction<Database>, input: { signup: Signup; accountNumber: string; now: Date }): Promise<AccountClaim> {
  const { signup, now } = input;
  const digits = accountDigits(input.accountNumber);
  const member = await matchingMember(trx, signup, digits);
  const onFile = member?.mobile ? { channel: 'sms' as const, recipient: member.mobile } : member?.email ? { channel: 'email' as const, recipient: member.email } : undefined;
  // A member with neither a mobile nor an email on file cannot prove control online: a decoy like any mismatch.
  const claim = onFile && member ? { member_id: member.member_id, ...onFile } : { member_id: null, channel: 'sms' as const, recipient: null };
  // The same number again for the same person (Back, then Next): the attempt stands, with the code it sent. A new
  // one used up one of the application's few attempts (five times Back and Next, and the applicant was refused for
  // too many), superseded the attempt its code was sent for, and the review said "2 account numbers tried" of one number.
  const current = await currentClaim(trx, signup.id);
  if (current && current.account_number === digits && current.member_id === claim.member_id && current.recipient === claim.recipient) return current;
  const tried = await trx.selectFrom('account_claims').select(sql<number>`count(*)::int`.as('n')).where('signup_id', '=', signup.id).executeTakeFirstOrThrow();
  if (Number(tried.n) >= CLAIM_LIMITS.attemptsPerSignup) throw tooMany(ONBOARDING_TEXTS.claimTooManyAttempts);
  if ((await failedTriesOnAccount(trx, digits, signup, now)) >= CLAIM_LIMITS.failedTriesPerAccount) throw tooMany(ONBOARDING_TEXTS.claimTooManyAttempts);

  await trx.updateTable('account_claims').set({ superseded_on: now }).where('signup_id', '=', signup.id).where('superseded_on', 'is', null).execute();
  const row = await trx
    .insertInto('account_claims')
    .values({ id: crypto.randomUUID(), signup_id: signup.id, account_number: digits, ...claim, created_on: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The member is linked only when the code comes back (verifyClaim), never by the account number alone.
  await trx.updateTable('signups').set({ member_id: null, is_existing_customer: true, updated_on: now }).where('id', '=', signup.id).execute();
  return row;
}

/** The signup's current claim attempt (the newest, not superseded). */
export async function currentClaim(db: Kysely<Database>, signupId: string): Promise<AccountClaim | undefined> {
  return db.selectFrom('account_claims').selectAll().where('signup_id', '=', signupId).where('superseded_on', 'is', null).orderBy('created_on', 'desc').limit(1).executeTakeFirst();
}

/**
 * The signup's current claim, with its account number's limits checked. Sends and code checks on one account number
 * are taken one at a time (a transaction lock on the number): counted before they are written, parallel calls from
 * many applications would otherwise all read the same count and pass the limits together (13 wrong codes of 10, seen
 * on Postgres).
 */
async function requireClaim(trx: Transaction<Database>, signup: Signup, now: Date): Promise<AccountClaim> {
  const claim = await currentClaim(trx, signup.id);
  if (!claim) throw badRequest(ONBOARDING_TEXTS.claimFirst, { account_number: ONBOARDING_TEXTS.claimFirst });
  await takeTurn(trx, 'claimAccount', claim.account_number);
  if ((await failedTriesOnAccount(trx, claim.account_number, signup, now)) >= CLAIM_LIMITS.failedTriesPerAccount) throw tooMany(ONBOARDING_TEXTS.claimTooManyAttempts);
  return claim;
}

/**
 * Sends the claim code to the contact on file (a decoy: counts a code that can never verify and sends
 * nothing). The answer is the same for both, and for a mobile or an email on file.
 */
export async function sendClaimCode(
  trx: Transaction<Database>,
  input: { signup: Signup; now: Date; secret: string; productName: string; send: (message: OutgoingMessage) => Promise<unknown> },
): Promise<{ message: string }> {
  const claim = await requireClaim(trx, input.signup, input.now);
  const real = claim.member_id !== null && claim.recipient !== null;
  // Counted for every account number alike (a decoy claim too, so the limit tells nothing about the account), one
  // call at a time per account number (requireClaim).
  if ((await codesSentForAccount(trx, claim.account_number, input.signup, input.now)) >= CLAIM_LIMITS.sendsPerAccount) throw tooMany(ONBOARDING_TEXTS.claimTooManyCodes);
  const code = await issueCode(trx, {
    purpose: CLAIM_CODE_PURPOSE,
    subject: claim.id,
    recipient: claim.recipient ?? '',
    now: input.now,
    secret: input.secret,
    maxSends: CLAIM_LIMITS.sendsPerClaim,
    undeliverable: !real,
  });
  if (real) {
    const text = notification('claimCode', input.productName, { code });
    await input.send(claim.channel === 'sms' ? { channel: 'sms', to: claim.recipient!, body: text, purpose: CLAIM_CODE_PURPOSE } : { channel: 'email', to: claim.recipient!, subject: notification('claimCodeSubject', input.productName), body: text, purpose: CLAIM_CODE_PURPOSE });
  }
  return { message: ONBOARDING_TEXTS.claimSent };
}

/**
 * Checks a claim code. The right code of a matched claim proves control of the contact on file: the
 * claim is verified and the signup linked to the member. Run it in a transaction that commits even when
 * the code is wrong (the try is counted); the caller throws the error afterwards.
 */
export async function verifyClaim(trx: Transaction<Database>, input: { signup: Signup; code: string; now: Date; secret: string }): Promise<CheckCodeResult> {
  const claim = await requireClaim(trx, input.signup, input.now);
  const result = await checkCode(trx, { purpose: CLAIM_CODE_PURPOSE, subject: claim.id, code: input.code, now: input.now, secret: input.secret });
  if (result !== 'ok' || claim.member_id === null) return result === 'ok' ? 'invalid' : result;
  await trx.updateTable('account_claims').set({ verified_on: input.now }).where('id', '=', claim.id).execute();
  await trx.updateTable('signups').set({ member_id: claim.member_id, is_existing_customer: true, updated_on: input.now }).where('id', '=', input.signup.id).execute();
  return 'ok';
}

/** The verified claim that links this signup to its member, if the applicant proved it. */
export async function provenClaim(db: Kysely<Database>, signup: Pick<Signup, 'id' | 'member_id'>): Promise<AccountClaim | undefined> {
  if (signup.member_id === null) return undefined;
  return db
    .selectFrom('account_claims')
    .selectAll()
    .where('signup_id', '=', signup.id)
    .where('member_id', '=', signup.member_id)
    .where('verified_on', 'is not', null)
    .where('superseded_on', 'is', null)
    .executeTakeFirst();
}
