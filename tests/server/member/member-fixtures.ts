import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/database';
import type { AccountType } from '../../../src/server/db/tables/accounts.table';
import { openAccount } from '../../../src/server/lib/open-account';
import { ROLES, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../../../src/shared/product';
import type { TestApp } from '../../helpers/test-app';

/** Test-only route that issues a real session for a user id (the sign-in flow is tested elsewhere). */
export function addSessionRoute(app: FastifyInstance) {
  app.post<{ Params: { id: string } }>('/api/test-only/session/:id', async (request, reply) => {
    const { token } = await app.sessions.issue(Number(request.params.id), request, reply);
    return { token };
  });
}

export async function sessionHeaders(t: TestApp, userId: number): Promise<Record<string, string>> {
  const res = await t.call({ method: 'POST', url: `/api/test-only/session/${userId}` });
  if (res.statusCode !== 200) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return { [TOKEN_HEADER]: res.json().token };
}

let serial = 0;
/** 11-digit account numbers that cannot collide with the seed's (which start with 1, 2 or 3). */
function accountNumber(): string {
  serial += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(7, '0')}`;
}

/** A unique mobile per test user (users.mobile is unique): transfer codes go to it. */
function testMobile(): string {
  return `+1868${crypto.randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

export interface TestMember {
  userId: number;
  memberId: number;
  accounts: Array<{ id: number; number: string; type: AccountType; productCode: string }>;
}

/** A member with online access and the given accounts (opening balances in cents). */
export async function createMember(db: Kysely<Database>, accounts: Array<{ type: AccountType; cents: number; productCode?: string }>): Promise<TestMember> {
  const tag = crypto.randomBytes(5).toString('hex');
  const member = await db
    .insertInto('members')
    .values({ member_number: `T${tag}`, first_name: 'Test', last_name: tag, email: `${tag}@test.example`, mobile: null, dob: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      first_name: 'Test',
      last_name: tag,
      other_names: null,
      email: `${tag}@test.example`,
      mobile: testMobile(),
      password_hash: 'not-used',
      role_id: ROLES.CUSTOMER,
      office_id: null,
      dob: null,
      gender: null,
      member_id: member.id,
      last_signed_in_on: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const opened: TestMember['accounts'] = [];
  for (const account of accounts) {
    const productCode = account.productCode ?? (account.type === 'savings' ? 'SAV' : account.type === 'deposit' ? 'FDA' : 'PLN');
    const number = accountNumber();
    const id = await openAccount(db, { memberId: member.id, accountNumber: number, type: account.type, productCode, productName: `${productCode} product`, openingCents: account.cents });
    opened.push({ id, number, type: account.type, productCode });
  }
  return { userId: user.id, memberId: member.id, accounts: opened };
}

export const newKey = () => crypto.randomUUID();

export function selfTransfer(t: TestApp, headers: Record<string, string>, from: TestMember['accounts'][number], to: TestMember['accounts'][number], amount: unknown, key = newKey()) {
  return t.call({
    method: 'POST',
    url: '/api/accounts/transfer-to-self',
    headers: { ...headers, [IDEMPOTENCY_HEADER]: key },
    payload: { source_id: from.id, source_account: from.number, destination_id: to.id, destination_account: to.number, amount },
  });
}

type AccountRef = TestMember['accounts'][number];

/** The body of a member transfer from `from` to `to`. */
export function memberBody(from: AccountRef, to: AccountRef, amount: unknown) {
  return { source_id: from.id, source_account: from.number, destination_product: to.productCode, destination_account: to.number, amount };
}

/** Asks for the code of a member transfer (the first of its two calls). */
export function requestTransferCode(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>, key: string) {
  return t.call({ method: 'POST', url: '/api/accounts/transfer-to-member/code', headers: { ...headers, [IDEMPOTENCY_HEADER]: key }, payload: body });
}

/** The second call: the transfer with its code. */
export function confirmMemberTransfer(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>, key: string, code: string) {
  return t.call({ method: 'POST', url: '/api/accounts/transfer-to-member', headers: { ...headers, [IDEMPOTENCY_HEADER]: key }, payload: { ...body, code } });
}

/** The newest SMS in the outbox to the user's mobile, as the member would read it. */
export async function latestSms(db: Kysely<Database>, userId: number): Promise<{ body: string; code: string }> {
  const user = await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  const message = await db.selectFrom('outbox_messages').select('body').where('recipient', '=', user.mobile!).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return { body: message.body, code: /\b(\d{6})\b/.exec(message.body)![1] };
}

// Asking for a code and reading the newest SMS go one at a time per user, so parallel transfers each read their own code.
const codeQueues = new Map<number, Promise<unknown>>();

/** Asks for the code and reads it from the outbox (one user at a time); the code, or the refusal of the first call. */
export async function codeFor(t: TestApp, headers: Record<string, string>, userId: number, body: Record<string, unknown>, key: string) {
  const run = (codeQueues.get(userId) ?? Promise.resolve()).then(async () => {
    const asked = await requestTransferCode(t, headers, body, key);
    return asked.statusCode === 200 ? { code: (await latestSms(t.db.db, userId)).code, refused: null } : { code: null, refused: asked };
  });
  codeQueues.set(userId, run.catch(() => undefined));
  return run;
}

/** A whole member transfer as the browser makes it: code requested, read from the SMS, transfer confirmed with it. */
export async function memberTransfer(t: TestApp, headers: Record<string, string>, from: AccountRef, to: AccountRef, amount: unknown, key = newKey()) {
  const body = memberBody(from, to, amount);
  const userId = await userOf(t, from.id);
  const { code, refused } = await codeFor(t, headers, userId, body, key);
  if (refused) return refused;
  return confirmMemberTransfer(t, headers, body, key, code!);
}

/** The user who owns an account (the session's user in these tests); any user when the account is unknown. */
async function userOf(t: TestApp, accountId: number): Promise<number> {
  const row = await t.db.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.member_id', 'accounts.member_id')
    .select('users.id')
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  return row?.id ?? 0;
}

export async function balanceOf(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db.selectFrom('accounts').select('balance_cents').where('id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}
