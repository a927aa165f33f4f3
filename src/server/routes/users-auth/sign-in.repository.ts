import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { accountKey } from '../../lib/sign-in-throttle.js';

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'mobile', 'password_hash', 'is_blocked', 'is_deleted', 'role_id', 'first_name', 'last_name'])
    .where(sql`lower(email)`, '=', accountKey(email))
    .executeTakeFirst();
}
