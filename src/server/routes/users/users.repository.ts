import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { likePattern, type AdminListOptions } from '../../lib/admin-list.js';
import { foldedForSearch, foldForSearch } from '../../lib/search-fold.js';
import { mobileSearchDigits } from '../../../shared/mobile-number.js';
import type { NewUser, User, UserUpdate } from '../../db/tables/users.table.js';
import type { UserStatusFilter } from '../../../shared/statuses.js';

/** What the API shows of a user: everything but the password hash. */
export type UserView = Omit<User, 'password_hash'> & { name: string };

const VIEW_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'other_names',
  'email',
  'mobile',
  'role_id',
  'office_id',
  'dob',
  'gender',
  'is_blocked',
  'is_deleted',
  'member_id',
  'last_signed_in_on',
  'created_on',
  'updated_on',
] as const;

function toView(row: Omit<User, 'password_hash'>): UserView {
  return { ...row, name: [row.first_name, row.other_names, row.last_name].filter(Boolean).join(' ') };
}

/** One page of users, filtered and searched by the database; `total` counts every match. */
export async function listUsers(
  db: Kysely<Database>,
  options: AdminListOptions<UserStatusFilter>,
): Promise<{ items: UserView[]; total: number }> {
  let query = db.selectFrom('users');
  const search = options.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    // Names as typed without their accents or marks ("Siobhan Ni Bhriain" for Siobhán Ní Bhriain): lib/search-fold.ts.
    const namePattern = likePattern(foldForSearch(search));
    // A typed user id matches too, padded ("00042") or not.
    const id = /^\d{1,9}$/.test(search) ? Number(search) : null;
    const digits = mobileSearchDigits(search);
    query = query.where((eb) =>
      eb.or([
        eb(foldedForSearch(sql<string>`first_name || ' ' || last_name`), 'ilike', namePattern),
        eb(foldedForSearch(sql<string>`coalesce(other_names, '')`), 'ilike', namePattern),
        eb('email', 'ilike', pattern),
        eb('mobile', 'ilike', pattern),
        // A number typed with spaces or brackets finds the stored (normalised) number.
        ...(digits !== null ? [eb('mobile', 'like', likePattern(digits))] : []),
        ...(id !== null ? [eb('id', '=', id)] : []),
      ]),
    );
  }
  if (options.status === 'active') query = query.where('is_blocked', '=', false).where('is_deleted', '=', false);
  if (options.status === 'blocked') query = query.where('is_blocked', '=', true);
  if (options.status === 'deleted') query = query.where('is_deleted', '=', true);

  const [{ total }] = await query.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await query
    .select(VIEW_COLUMNS)
    .orderBy('id', 'asc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return { items: rows.map(toView), total: Number(total) };
}

export async function findUser(db: Kysely<Database>, id: number, options: { forUpdate?: boolean } = {}): Promise<UserView | undefined> {
  let query = db.selectFrom('users').select(VIEW_COLUMNS).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toView(row) : undefined;
}

export async function insertUser(db: Kysely<Database>, values: NewUser): Promise<UserView> {
  const row = await db.insertInto('users').values(values).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
  return toView(row);
}

export async function updateUser(db: Kysely<Database>, id: number, values: UserUpdate): Promise<UserView> {
  const row = await db.updateTable('users').set(values).where('id', '=', id).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
  return toView(row);
}
