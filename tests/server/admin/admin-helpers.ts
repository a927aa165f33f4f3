import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/database';
import { ROLES } from '../../../src/shared/product';

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

/** A body that passes every rule of the admin user form. */
export function validUserBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Nadia',
    last_name: "O'Connor-Ali",
    other_names: 'Marie',
    email: 'nadia.oconnor@example.com',
    mobile: '+1 (868) 555-0199',
    password: 'Str0ng!Pass',
    verify_password: 'Str0ng!Pass',
    role_id: ROLES.CUSTOMER,
    office_id: 2,
    dob: '1992-03-04',
    gender: 'female',
    ...overrides,
  };
}
