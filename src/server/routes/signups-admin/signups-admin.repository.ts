import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { likePattern, type AdminListOptions } from '../../lib/admin-list.js';
import { foldForSearch } from '../../lib/search-fold.js';
import { mobileSearchDigits } from '../../../shared/mobile-number.js';
import type { Signup } from '../../db/tables/signups.table.js';
import { SIGNUP_STATUS_FILTERS as FILTER_STATUS, SUBMITTED_SIGNUP_STATUSES as SUBMITTED, type SignupStatusFilter } from '../../../shared/statuses.js';
import type { AccountClaimReview } from '../../../shared/api-types.js';
import { provenClaim } from '../../lib/account-claims.js';
import { ROLES } from '../../../shared/product.js';

/** A transaction is a Kysely<Database> too. */
type Db = Kysely<Database>;

/** What the back office shows of a signup: never the password hash or the applicant token hash. */
export type SignupView = Omit<Signup, 'password_hash' | 'applicant_token_hash' | 'token_expires_on' | 'reminders_sent' | 'change_request' | 'search_text'>;

const VIEW_COLUMNS = [
  'id',
  'status',
  'first_name',
  'last_name',
  'middle_name',
  'email',
  'mobile',
  'dob',
  'gender',
  'nationality',
  'has_foreign_bank_account',
  'is_existing_customer',
  'is_minor',
  'member_id',
  'user_id',
  'email_verified_on',
  'mobile_verified_on',
  'comments',
  'created_on',
  'updated_on',
  'submitted_on',
  'decided_on',
  'decided_by',
  'config_version',
  'assignee_user_id',
  'assigned_on',
  'risk_flags',
  'risk_flags_on',
] as const;

/**
 * Names, email and mobile in one text without accents and marks, searched with `ilike`: the column `search_text`
 * the database computes when a row is written (migration 2026-11-28T0600, with lib/search-fold.ts's letters), under
 * the trigram index `signups_search_idx`. Line breaks keep one field's end and the next one's start from matching
 * together.
 */
export const SIGNUP_SEARCH_TEXT = sql<string>`search_text`;

/** What can begin an application's id (a UUID): four or more of its characters, dashes where they fall. */
const ID_PREFIX = /^[0-9a-f]{4}[0-9a-f-]{0,32}$/i;

/**
 * One page of submitted signups, newest first, filtered and searched by the database, with index plans
 * at a million applications (`npm run bench:admin-scale`): the total of a status comes from the counts a
 * trigger keeps; a page in the list's second half is read from the oldest end (the same index backwards),
 * so the last page costs what the first does.
 */
export async function listSignups(db: Db, options: SignupListOptions): Promise<{ items: ListedSignup[]; total: number }> {
  const { items, total } = await listSignupRows(db, options);
  const named = await withAssigneeNames(db, items);
  // Who gave an application awaiting its second approval the first: the list offers that administrator no second.
  const awaiting = named.filter((r) => r.status === 'awaiting_second_approval').map((r) => r.id);
  const approvals = awaiting.length ? await db.selectFrom('signup_approvals').select(['signup_id', 'admin_user_id']).where('signup_id', 'in', awaiting).execute() : [];
  return { items: named.map((r) => ({ ...r, approved_by: approvals.filter((a) => a.signup_id === r.id).map((a) => a.admin_user_id) })), total };
}

/** The list's options: an administrator list's, and "mine" (the applications assigned to this administrator). */
export interface SignupListOptions extends AdminListOptions<SignupStatusFilter> {
  assigneeUserId?: number;
}

/** A listed signup with the name of the administrator it is assigned to. */
export type ListedSignup = SignupView & { assignee_name: string | null; approved_by?: number[] };

/** The assignees' names, one query for the page. */
export async function withAssigneeNames<T extends { assignee_user_id: number | null }>(db: Db, rows: T[]): Promise<Array<T & { assignee_name: string | null }>> {
  const ids = [...new Set(rows.map((r) => r.assignee_user_id).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  if (ids.length) for (const u of await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute()) names.set(u.id, `${u.first_name} ${u.last_name}`);
  return rows.map((r) => ({ ...r, assignee_name: r.assignee_user_id === null ? null : (names.get(r.assignee_user_id) ?? null) }));
}

async function listSignupRows(db: Db, options: SignupListOptions): Promise<{ items: SignupView[]; total: number }> {
  const statuses = options.status ? [FILTER_STATUS[options.status]] : SUBMITTED;
  const mine = options.assigneeUserId;
  const skip = (options.page - 1) * options.pageSize;
  const search = options.search?.trim();
  if (search) {
    // The matches once, from the trigram index (materialized, so the planner cannot trade it for a walk of
    // the whole queue in date order to serve the page), as narrow rows (id, date): their number and the page's
    // ids come from them, and only the page's rows are read whole, by key.
    const digits = mobileSearchDigits(search);
    const rows = await db
      .with(
        (cte) => cte('matched').materialized(),
        (qb) =>
          qb
            .selectFrom('signups')
            .select(['id', 'created_on'])
            .where('status', 'in', statuses)
            .$if(mine !== undefined, (qb) => qb.where('assignee_user_id', '=', mine!))
            .where((eb) =>
              eb.or([
                eb(SIGNUP_SEARCH_TEXT, 'ilike', likePattern(foldForSearch(search))),
                ...(digits !== null ? [eb(SIGNUP_SEARCH_TEXT, 'like', likePattern(digits))] : []),
                // An id, whole or its first characters as the list shows them (signups_id_prefix_idx).
                ...(ID_PREFIX.test(search) ? [eb('id', 'like', `${search.toLowerCase()}%`)] : []),
              ]),
            ),
      )
      .with('page', (qb) => qb.selectFrom('matched').select(['id', 'created_on']).orderBy('created_on', 'desc').orderBy('id').limit(options.pageSize).offset(skip))
      .selectFrom('page')
      .innerJoin('signups', 'signups.id', 'page.id')
      .select(VIEW_COLUMNS.map((column) => `signups.${column}` as const))
      .select((eb) => eb.selectFrom('matched').select(eb.fn.countAll<number>().as('n')).as('matched_total'))
      .orderBy('page.created_on', 'desc')
      .orderBy('page.id')
      .execute();
    const items = rows.map(({ matched_total: _, ...view }) => view);
    if (rows.length > 0 || skip === 0) return { items, total: Number(rows[0]?.matched_total ?? 0) };
    // Past the last page: no row carries the number, so ask for it alone.
    return { items, total: (await listSignupRows(db, { ...options, page: 1 })).total };
  }
  if (mine !== undefined) {
    // One administrator's claimed applications: a short list, read and counted from signups_assignee_queue_idx.
    const own = db.selectFrom('signups').where('assignee_user_id', '=', mine).where('status', 'in', statuses);
    const counted = await own.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const items = await own.select(VIEW_COLUMNS).orderBy('created_on', 'desc').orderBy('id').limit(options.pageSize).offset(skip).execute();
    return { items, total: Number(counted.n) };
  }
  const counts = await db
    .selectFrom('signup_status_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('total'))
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  if (skip >= total) return { items: [], total };
  const page = db.selectFrom('signups').select(VIEW_COLUMNS).where('status', 'in', statuses);
  if (skip + options.pageSize / 2 <= total / 2) {
    return { items: await page.orderBy('created_on', 'desc').orderBy('id').limit(options.pageSize).offset(skip).execute(), total };
  }
  // From the oldest end: skip the rows after this page, take the page, turn it round.
  const take = Math.min(options.pageSize, total - skip);
  const fromEnd = await page.orderBy('created_on', 'asc').orderBy('id', 'desc').limit(take).offset(total - skip - take).execute();
  return { items: fromEnd.reverse(), total };
}

/** Administrators (role Systems Administrator, neither blocked nor deleted): whom an application can be assigned to. */
export async function listAdministrators(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('role_id', '=', ROLES.SYSTEMS_ADMINISTRATOR)
    .where('is_blocked', '=', false)
    .where('is_deleted', '=', false)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, email: r.email }));
}

/** The approvals an application has had (four eyes), oldest first, with each administrator's name. */
export async function listApprovals(db: Db, signupId: string) {
  const rows = await db
    .selectFrom('signup_approvals')
    .leftJoin('users', 'users.id', 'signup_approvals.admin_user_id')
    .select(['signup_approvals.admin_user_id', 'signup_approvals.approved_on', 'users.first_name', 'users.last_name'])
    .where('signup_approvals.signup_id', '=', signupId)
    .orderBy('signup_approvals.approved_on')
    .execute();
  return rows.map((r) => ({ admin_user_id: r.admin_user_id, admin_name: r.first_name ? `${r.first_name} ${r.last_name}` : null, approved_on: r.approved_on }));
}

/** A submitted signup (drafts are not found), with its row locked when `forUpdate`. */
export async function findSubmittedSignup(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<Signup | undefined> {
  let query = db.selectFrom('signups').selectAll().where('id', '=', id).where('status', 'in', SUBMITTED);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function toView(signup: Signup): SignupView {
  const { password_hash: _p, applicant_token_hash: _t, token_expires_on: _e, reminders_sent: _r, change_request: _c, search_text: _s, ...view } = signup;
  return view;
}

export async function listSteps(db: Db, signupId: string) {
  const rows = await db.selectFrom('signup_steps').select(['step', 'data', 'updated_on', 'config_version']).where('signup_id', '=', signupId).execute();
  return rows.map((r) => ({ step: r.step, data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>, updated_on: r.updated_on, config_version: r.config_version }));
}

export async function listFiles(db: Db, signupId: string) {
  return db
    .selectFrom('signup_files')
    .select(['id', 'step', 'field', 'original_name', 'content_type', 'size_bytes', 'sha256', 'created_on'])
    .where('signup_id', '=', signupId)
    .orderBy('step')
    .orderBy('field')
    .orderBy('created_on')
    .execute();
}

export async function findFile(db: Db, signupId: string, fileId: string) {
  return db.selectFrom('signup_files').selectAll().where('signup_id', '=', signupId).where('id', '=', fileId).executeTakeFirst();
}

/** A fresh 11-digit savings account number (leading 1, as the bank's savings numbers are). */
export async function freshAccountNumber(db: Db, random: () => string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `1${random()}`;
    const taken = await db.selectFrom('accounts').select('id').where('account_number', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error('Could not find a free account number');
}

/**
 * An existing customer's claim for the review (DESIGN.md "Existing-customer claim"): the details the
 * applicant entered next to the member record holding the account number they gave (whoever it belongs
 * to, so a mismatch shows), and whether the code sent to that member's contact on file was entered.
 */
export async function claimReview(db: Db, signup: Signup): Promise<AccountClaimReview<Date> | null> {
  if (!signup.is_existing_customer) return null;
  const attempts = await db.selectFrom('account_claims').selectAll().where('signup_id', '=', signup.id).orderBy('created_on', 'desc').execute();
  const current = attempts.find((a) => a.superseded_on === null) ?? attempts[0];
  const proven = await provenClaim(db, signup);
  const members = db
    .selectFrom('members')
    .leftJoin('users', 'users.member_id', 'members.id')
    .select(['members.member_number', 'members.first_name', 'members.last_name', 'members.dob', 'members.email', 'members.mobile', 'users.id as user_id']);
  const owner = proven
    ? await members.where('members.id', '=', proven.member_id!).executeTakeFirst()
    : current
      ? await members.innerJoin('accounts', 'accounts.member_id', 'members.id').where('accounts.account_number', '=', current.account_number).executeTakeFirst()
      : undefined;
  return {
    account_number: current?.account_number ?? null,
    attempts: attempts.length,
    proven: proven !== undefined,
    verified_on: proven?.verified_on ?? null,
    code_sent_to: current?.recipient ?? null,
    channel: current && current.recipient ? current.channel : null,
    applied: { first_name: signup.first_name, last_name: signup.last_name, dob: String(signup.dob), email: signup.email, mobile: signup.mobile },
    on_file: owner
      ? { member_number: owner.member_number, first_name: owner.first_name, last_name: owner.last_name, dob: owner.dob, email: owner.email, mobile: owner.mobile, has_online_access: owner.user_id !== null }
      : null,
  };
}
