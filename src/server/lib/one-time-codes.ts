import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { takeTurn } from '../db/take-turn.js';
import type { Database } from '../db/database.js';
import { HttpError, tooMany } from './http-errors.js';
import { AUTH_TEXTS, ONBOARDING_TEXTS } from '../../shared/messages.js';

/** DESIGN.md section 4: 6 digits, 10 minutes, 5 wrong tries, 60 s between sends, 3 mobile resends. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
// The resends after the first code, per kind, live where the configuration checker reads them too.
import { MAX_EMAIL_RESENDS, MAX_MOBILE_RESENDS } from '../../shared/flow/otp-operations.js';
export { MAX_EMAIL_RESENDS, MAX_MOBILE_RESENDS };

/**
 * Codes one mobile number or email address may be sent for applications in an hour, whichever application asks:
 * one application's sends and a restart. The caps above are per application, and anyone can start applications
 * with another person's number (SECURITY.md row 17).
 */
export const SIGNUP_CODES_PER_RECIPIENT_PER_HOUR = { mobile: 2 + MAX_MOBILE_RESENDS, email: 2 + MAX_EMAIL_RESENDS } as const;

export type CodePurpose = 'sign_in_code' | 'signup_email_code' | 'signup_mobile_code' | 'password_reset_code' | 'account_claim_code' | 'resume_code' | 'transfer_code';

/** 6 digits from the CSPRNG (crypto.randomInt is uniform, no modulo bias). */
export function generateCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** HMAC-SHA256 keyed by the server secret and bound to (purpose, subject): a leaked table reveals no code. */
export function hashCode(secret: string, purpose: string, subject: string, code: string): string {
  return crypto.createHmac('sha256', secret).update(`${purpose}\n${subject}\n${code}`).digest('hex');
}

/**
 * Claims one of a live code's 5 tries with a conditional UPDATE (so parallel guesses get at most 5 comparisons);
 * answers its stored hash, or undefined when no try is left or the code is spent.
 */
export async function claimTry(db: Kysely<Database>, codeId: number): Promise<string | undefined> {
  const claimed = await db
    .updateTable('one_time_codes')
    .set({ failed_attempts: sql`failed_attempts + 1` })
    .where('id', '=', codeId)
    .where('failed_attempts', '<', CODE_MAX_FAILED_ATTEMPTS)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is', null)
    .returning(['code_hash'])
    .executeTakeFirst();
  return claimed?.code_hash;
}

/** True when `code` is six digits and its hash (`expected`) equals the stored one, compared in constant time. */
export function codeMatches(stored: string, expected: string, code: string): boolean {
  return /^\d{6}$/.test(code) && sameHex(stored, expected);
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Takes the transaction's turn at a send count kept by something other than the code's subject (an address over every
 * application, a user over every transfer): counted before they are written, parallel sends would otherwise all read
 * the same count and pass the cap together (9 signup codes to one mobile where 5 are allowed, seen on Postgres).
 * `key` names what is counted (`recipient:<purpose>:<address>`); hold it until the count's row is written.
 */
export async function sendCountTurn(db: Kysely<Database>, key: string): Promise<void> {
  await takeTurn(db, 'sendCount', key);
}

export interface IssueCodeInput {
  purpose: CodePurpose;
  subject: string;
  recipient: string;
  now: Date;
  secret: string;
  /** How many codes in total this (purpose, subject) may receive: 1 + allowed resends. */
  maxSends: number;
  /**
   * A code that is counted like any other (cooldown, send cap, 5 tries) but can never verify: its stored
   * HMAC is of a random value that is not six digits. For answers that must look alike whether or not a
   * code was really sent (a claim on an account that did not match, an address that already has an account).
   */
  undeliverable?: boolean;
  /** What the code confirms (a transfer's fingerprint): stored, and part of the HMAC, so the code proves nothing else. */
  binding?: string;
  /** The most codes of this purpose the recipient may be sent in an hour, for any subject, and the refusal's words. */
  perRecipientPerHour?: { max: number; message: string };
}

/** The HMAC's subject: a bound code's subject carries what it is bound to. */
export function boundSubject(subject: string, binding: string | null | undefined): string {
  return binding ? `${subject}\n${binding}` : subject;
}

/**
 * Issues a new code for (purpose, subject) and voids the older ones. Refuses with 429 inside the
 * cooldown or past the send cap. Run it in a transaction that also writes the outbox message. An
 * `undeliverable` code is stored so that no six digits match it; the digits returned must not be sent.
 */
export async function issueCode(db: Kysely<Database>, input: IssueCodeInput): Promise<string> {
  // Parallel requests for one subject's code take turns, so the cooldown and the send cap below count each other:
  // without it, two requests read no code sent and both sent one (Postgres; PGlite runs one at a time anyway).
  await takeTurn(db, 'issueCode', `${input.purpose}:${input.subject}`);
  const previous = await db
    .selectFrom('one_time_codes')
    .select([
      sql<number>`count(*)::int`.as('sent'),
      // The resend wait is per address: an applicant who corrects a mistyped address gets its code at once.
      sql<Date | null>`max(created_on) filter (where recipient = ${input.recipient})`.as('last_sent_on'),
    ])
    .where('purpose', '=', input.purpose)
    .where('subject', '=', input.subject)
    .executeTakeFirstOrThrow();
  if (previous.sent >= input.maxSends) throw tooMany(ONBOARDING_TEXTS.resendLimit);
  if (previous.last_sent_on) {
    const waitMs = new Date(previous.last_sent_on).getTime() + RESEND_COOLDOWN_MS - input.now.getTime();
    if (waitMs > 0) throw tooMany(ONBOARDING_TEXTS.resendCooldown, waitMs / 1000);
  }
  if (input.perRecipientPerHour) {
    // After the subject's lock, always: every send takes the two in the same order.
    await sendCountTurn(db, `recipient:${input.purpose}:${input.recipient.toLowerCase()}`);
    const hourAgo = new Date(input.now.getTime() - 3600_000);
    const recent = await db
      .selectFrom('one_time_codes')
      .select([sql<number>`count(*)::int`.as('sent'), sql<Date | null>`min(created_on)`.as('first_on')])
      // An address in other letter cases is the same mailbox (one_time_codes_recipient_idx).
      .where('purpose', '=', input.purpose)
      .where(sql<string>`lower(recipient)`, '=', input.recipient.toLowerCase())
      .where('created_on', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (recent.sent >= input.perRecipientPerHour.max) {
      // Until the hour's first send leaves the window.
      const waitMs = recent.first_on ? new Date(recent.first_on).getTime() + 3600_000 - input.now.getTime() : 3600_000;
      throw tooMany(input.perRecipientPerHour.message, Math.max(1, waitMs / 1000));
    }
  }
  await db
    .updateTable('one_time_codes')
    .set({ voided_on: input.now })
    .where('purpose', '=', input.purpose)
    .where('subject', '=', input.subject)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is', null)
    .execute();
  const code = generateCode();
  const hashed = input.undeliverable ? `never-${crypto.randomBytes(16).toString('hex')}` : code;
  await db
    .insertInto('one_time_codes')
    .values({
      purpose: input.purpose,
      subject: input.subject,
      recipient: input.recipient,
      code_hash: hashCode(input.secret, input.purpose, boundSubject(input.subject, input.binding), hashed),
      binding: input.binding ?? null,
      expires_on: new Date(input.now.getTime() + CODE_TTL_MS),
      created_on: input.now,
    })
    .execute();
  return code;
}

/** `replaced`: a wrong code that is one this subject was sent before a newer one (the person typed the older message's). */
export type CheckCodeResult = 'ok' | 'invalid' | 'replaced' | 'expired' | 'exhausted';

/**
 * Checks a code against the newest live code of (purpose, subject). Each check first claims one of
 * the 5 tries with a conditional UPDATE (`failed_attempts < 5`), so 50 parallel guesses get at most
 * 5 comparisons; a correct code is then consumed with another conditional UPDATE (single use).
 */
export async function checkCode(
  db: Kysely<Database>,
  input: { purpose: CodePurpose; subject: string; code: string; now: Date; secret: string; /** the address the code must have gone to (it may have changed since) */ recipient?: string },
): Promise<CheckCodeResult> {
  const current = await db
    .selectFrom('one_time_codes')
    .select(['id', 'expires_on', 'failed_attempts', 'recipient'])
    .where('purpose', '=', input.purpose)
    .where('subject', '=', input.subject)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!current || (input.recipient !== undefined && current.recipient !== input.recipient)) return 'invalid';
  if (new Date(current.expires_on) <= input.now) return 'expired';
  if (current.failed_attempts >= CODE_MAX_FAILED_ATTEMPTS) return 'exhausted';

  const codeHash = await claimTry(db, current.id);
  if (codeHash === undefined) return 'exhausted';

  const expected = hashCode(input.secret, input.purpose, input.subject, input.code);
  if (!codeMatches(codeHash, expected, input.code)) return (await replacedCodes(db, input)).some((stored) => codeMatches(stored, expected, input.code)) ? 'replaced' : 'invalid';

  // The right code does not count as a failure; consuming it is conditional, so it works once.
  const consumed = await db
    .updateTable('one_time_codes')
    .set({ consumed_on: input.now, failed_attempts: sql`failed_attempts - 1` })
    .where('id', '=', current.id)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return consumed ? 'ok' : 'invalid';
}

/** The stored hashes of the codes this subject was sent and that a newer one replaced, within a code's lifetime. */
async function replacedCodes(db: Kysely<Database>, input: { purpose: CodePurpose; subject: string; now: Date }): Promise<string[]> {
  const rows = await db
    .selectFrom('one_time_codes')
    .select('code_hash')
    .where('purpose', '=', input.purpose)
    .where('subject', '=', input.subject)
    .where('consumed_on', 'is', null)
    .where('voided_on', 'is not', null)
    .where('created_on', '>', new Date(input.now.getTime() - CODE_TTL_MS))
    .orderBy('id', 'desc')
    .limit(MAX_EMAIL_RESENDS + 1)
    .execute();
  return rows.map((r) => r.code_hash);
}

/** The one way a failed code check is answered (spec 1 section 8, reset verify), under the code field. */
export function codeCheckError(result: Exclude<CheckCodeResult, 'ok'>): HttpError {
  if (result === 'expired') return new HttpError(403, AUTH_TEXTS.expiredCode, { code: AUTH_TEXTS.expiredCode });
  if (result === 'exhausted') return new HttpError(429, AUTH_TEXTS.tooManyVerifications, { code: AUTH_TEXTS.tooManyVerifications });
  // A code from an older message: the same refusal (and the same counted try), saying which code to use.
  if (result === 'replaced') return new HttpError(401, AUTH_TEXTS.replacedCode, { code: AUTH_TEXTS.replacedCode });
  return new HttpError(401, AUTH_TEXTS.invalidCode, { code: AUTH_TEXTS.invalidCode });
}
