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
      mobile: null,
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

export function memberTransfer(t: TestApp, headers: Record<string, string>, from: TestMember['accounts'][number], to: TestMember['accounts'][number], amount: unknown, key = newKey()) {
  return t.call({
    method: 'POST',
    url: '/api/accounts/transfer-to-member',
    headers: { ...headers, [IDEMPOTENCY_HEADER]: key },
    payload: { source_id: from.id, source_account: from.number, destination_product: to.productCode, destination_account: to.number, amount },
  });
}

export async function balanceOf(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db.selectFrom('accounts').select('balance_cents').where('id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}
