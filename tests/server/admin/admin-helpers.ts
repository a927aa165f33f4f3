import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/database';
import { ROLES } from '../../../src/shared/product';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';

/** A session token for a user, issued by the real session service (no sign-in round trip needed). */
export async function tokenFor(app: FastifyInstance, email: string): Promise<string> {
  const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const request = { headers: { 'user-agent': 'vitest' }, ip: '127.0.0.1' } as unknown as FastifyRequest;
  const reply = { setCookie: () => reply } as unknown as FastifyReply;
  const { token } = await app.sessions.issue(user.id, request, reply);
  return token;
}

export const auth = (token: string) => ({ 'x-access-token': token });

/**
 * Test data only (never the product seed): `count` customers in one multi-row insert, named so that
 * searches have known answers: "Bulk<n> Tester<n % 7>", bulk<n>@load.example, mobile +1868555<n padded>.
 */
export async function insertManyUsers(db: Kysely<Database>, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    first_name: `Bulk${i}`,
    last_name: `Tester${i % 7}`,
    other_names: null,
    email: `bulk${i}@load.example`,
    mobile: `+1868555${String(i).padStart(4, '0')}`,
    // Not a usable hash: these users exist to be listed, never to sign in.
    password_hash: 'not-a-password-hash',
    role_id: ROLES.CUSTOMER,
    office_id: 1 + (i % 2),
    dob: '1990-01-01',
    gender: i % 2 ? 'female' : 'male',
    is_blocked: i % 10 === 3,
    is_deleted: i % 25 === 4,
    member_id: null,
    last_signed_in_on: null,
  }));
  await db.insertInto('users').values(rows).execute();
}

/**
 * A body that passes every rule of the admin user form: the form's own example (forms/admin/user.schema.json, in the
 * configuration in use), which config:check keeps valid, so a limit an analyst tightens is met by updating the example.
 * Its mobile is not one of insertManyUsers' numbers (+1868555nnnn), however it is typed; its role is a customer's.
 */
export function validUserBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const example = (readFormsDir().schemas['admin/user'].examples as Array<Record<string, unknown>> | undefined)?.[0];
  if (!example) throw new Error('forms/admin/user.schema.json has no "examples": the admin tests take their body from it');
  return { ...structuredClone(example), ...overrides };
}

export interface PendingSignupOptions {
  email: string;
  mobile: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  /** An existing customer's member record (as a proven claim leaves it: the code to the member's contact on file was entered). */
  existingMemberId?: number;
  /** With existingMemberId: whether the claim was proven (default true); unproven leaves a claim attempt without the code entered. */
  claimProven?: boolean;
  homeBranch?: 'port_of_spain' | 'milford_road_tobago';
  status?: 'draft' | 'pending_approval';
  createdOn?: Date;
}

/**
 * A submitted application as the onboarding calls leave it (signup row, step data), for admin tests
 * that start where the applicant's part ends. Returns the signup id.
 */
export async function insertSubmittedSignup(db: Kysely<Database>, o: PendingSignupOptions): Promise<string> {
  const { hashPassword } = await import('../../../src/server/lib/passwords');
  const id = crypto.randomUUID();
  const now = o.createdOn ?? new Date();
  await db
    .insertInto('signups')
    .values({
      id,
      status: o.status ?? 'pending_approval',
      applicant_token_hash: crypto.randomBytes(32).toString('hex'),
      token_expires_on: new Date(now.getTime() + 86_400_000),
      first_name: o.firstName ?? 'Applicant',
      last_name: o.lastName ?? 'Tester',
      middle_name: null,
      email: o.email,
      mobile: o.mobile,
      dob: '1994-06-15',
      gender: 'Female',
      nationality: 'TT',
      is_existing_customer: o.existingMemberId !== undefined,
      password_hash: await hashPassword(o.password ?? 'Applicant!234'),
      member_id: o.existingMemberId ?? null,
      email_verified_on: now,
      mobile_verified_on: now,
      created_on: now,
      updated_on: now,
      submitted_on: o.status === 'draft' ? null : now,
    })
    .execute();
  const steps: Array<[string, Record<string, unknown>]> = [
    ['basic-info', { first_name: o.firstName ?? 'Applicant', last_name: o.lastName ?? 'Tester', email: o.email, mobile: o.mobile }],
    ['branch', { home_branch: o.homeBranch ?? 'milford_road_tobago', preferred_contact_method: 'email', best_contact_time: 'morning' }],
    ['address', { address_line_1: '1 Frederick Street', city: 'Port of Spain' }],
  ];
  await db.insertInto('signup_steps').values(steps.map(([step, data]) => ({ signup_id: id, step, data: JSON.stringify(data), updated_on: now }))).execute();
  if (o.existingMemberId !== undefined) {
    const member = await db.selectFrom('members').select('mobile').where('id', '=', o.existingMemberId).executeTakeFirstOrThrow();
    const account = await db.selectFrom('accounts').select('account_number').where('member_id', '=', o.existingMemberId).executeTakeFirst();
    await db
      .insertInto('account_claims')
      .values({ id: crypto.randomUUID(), signup_id: id, account_number: account?.account_number ?? '0', member_id: o.existingMemberId, channel: 'sms', recipient: member.mobile, verified_on: o.claimProven === false ? null : now, created_on: now })
      .execute();
    // Unproven: the member is not linked (only the code links it), as POST /onboarding/verify-account leaves it.
    if (o.claimProven === false) await db.updateTable('signups').set({ member_id: null }).where('id', '=', id).execute();
  }
  return id;
}

/**
 * The second administrator (Ben Checker, the demo seed's), created when the database has no demo users, for
 * four eyes: a flagged application needs approvals from two different administrators. Returns the user id.
 */
export async function ensureSecondAdmin(db: Kysely<Database>): Promise<{ id: number; email: string }> {
  const email = 'ben@cu.example';
  const found = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (found) return { id: found.id, email };
  return insertAdmin(db, email, '+18683000004', { first_name: 'Ben', last_name: 'Checker' });
}

/** An administrator written straight to the database (no administrator created them), password Admin!2345. */
export async function insertAdmin(db: Kysely<Database>, email: string, mobile: string, name = { first_name: 'Carol', last_name: 'Checker' }): Promise<{ id: number; email: string; mobile: string }> {
  const { hashPassword } = await import('../../../src/server/lib/passwords');
  const row = await db
    .insertInto('users')
    .values({ ...name, other_names: null, email, mobile, password_hash: await hashPassword('Admin!2345'), role_id: ROLES.SYSTEMS_ADMINISTRATOR, office_id: 1, dob: '1980-01-01', gender: 'male', member_id: null, last_signed_in_on: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, mobile };
}

/** The admin update form's body for a user, their contacts kept. */
export function updateBody(user: { email: string; mobile: string }): Record<string, unknown> {
  const { password: _p, verify_password: _v, ...form } = validUserBody({ email: user.email, mobile: user.mobile, role_id: ROLES.SYSTEMS_ADMINISTRATOR });
  return form;
}
