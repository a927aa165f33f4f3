import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Signup } from '../../db/tables/signups.table.js';
import { conflict, missing } from '../../lib/http-errors.js';
import { openAccount } from '../../lib/open-account.js';
import { writeAudit } from '../../lib/audit.js';
import { ROLES } from '../../../shared/product.js';
import { chosenOffice } from '../../../shared/forms/chosen-office.js';
import { loadSteps } from '../../lib/signup-steps.repository.js';
import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { takenContacts } from '../../lib/user-contacts.js';
import { findSubmittedSignup, freshAccountNumber } from './signups-admin.repository.js';
import { maskEmail, provenClaim } from '../../lib/account-claims.js';
import { UNDECIDED_SIGNUP_STATUSES } from '../../../shared/statuses.js';
import { ADMIN_TEXTS, ONBOARDING_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';
import { fillText } from '../../../shared/fill-text.js';
import { notification } from '../../lib/notification-texts.js';
import { foldForSearch } from '../../lib/search-fold.js';

const SAVINGS = { type: 'savings' as const, productCode: 'SAV', productName: 'Regular Savings' };

function tenRandomDigits(): string {
  return String(crypto.randomInt(0, 10_000_000_000)).padStart(10, '0');
}

/** Only an application waiting for a decision can be decided; the message says what it is now. */
export function assertPending(signup: Signup | undefined): asserts signup is Signup {
  if (!signup) throw missing('signup');
  if (signup.status === 'approved') throw conflict(ADMIN_TEXTS.alreadyApproved);
  if (signup.status === 'rejected') throw conflict(ADMIN_TEXTS.alreadyRejected);
  if (signup.status === 'changes_requested') throw conflict(ADMIN_TEXTS.waitingForChanges);
  if (!UNDECIDED_SIGNUP_STATUSES.includes(signup.status)) throw conflict(fillText(ADMIN_TEXTS.cannotDecide, { status: signup.status }));
}

/**
 * What must hold before anyone approves, first or second: the contacts are free, and an existing customer's
 * claim is proven and the member has no online access yet (so a first approval is never given to an
 * application the second could not complete).
 */
async function assertApprovable(trx: Transaction<Database>, signup: Signup): Promise<void> {
  const taken = await takenContacts(trx, { email: signup.email, mobile: signup.mobile });
  if (taken.email) throw conflict(REQUEST_TEXTS.emailTaken, { email: REQUEST_TEXTS.emailTaken });
  if (taken.mobile) throw conflict(REQUEST_TEXTS.mobileTaken, { mobile: REQUEST_TEXTS.mobileTaken });
  if (signup.is_existing_customer) {
    // The member's accounts are linked only to an applicant who entered the code sent to the member's
    // contact on file (SECURITY.md row 21); the account number, name and birth date alone are not proof.
    const claim = await provenClaim(trx, signup);
    if (!claim || signup.member_id === null) throw conflict(ONBOARDING_TEXTS.claimNotProven);
    const linked = await trx.selectFrom('users').select('id').where('member_id', '=', signup.member_id).executeTakeFirst();
    if (linked) throw conflict(ADMIN_TEXTS.memberHasAccess);
  }
}

/** Four eyes (SECURITY.md row 25): an application with risk flags, or already approved once, needs two administrators. */
export function needsTwoApprovals(signup: Signup): boolean {
  return signup.risk_flags.length > 0 || signup.status === 'awaiting_second_approval';
}

/** What lets one administrator sign in as another: an account they created, or whose sign-in contacts or role they set. */
const SIGN_IN_DETAILS = ['email', 'mobile', 'role_id'] as const;

/**
 * Four eyes are two people only if neither approver's account is the other's making (SECURITY.md row 25): an
 * administrator who created an administrator, or set their email, mobile or role, can read that account's codes
 * and approve twice. Read from the users' audit trail (`user.create`, `user.update`), either way round.
 */
async function controlsTheOther(trx: Transaction<Database>, a: number, b: number): Promise<boolean> {
  const changes = await trx
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('entity_type', '=', 'user')
    .where((eb) => eb.or([eb.and([eb('entity_id', '=', String(a)), eb('actor_user_id', '=', b)]), eb.and([eb('entity_id', '=', String(b)), eb('actor_user_id', '=', a)])]))
    .where('action', 'in', ['user.create', 'user.update'])
    .execute();
  return changes.some((change) => {
    if (change.action === 'user.create') return true;
    const before = (change.before ?? {}) as Record<string, unknown>;
    const after = (change.after ?? {}) as Record<string, unknown>;
    return SIGN_IN_DETAILS.some((key) => before[key] !== after[key]);
  });
}

/**
 * A name with what does not change whose it is set aside: width and compatibility forms ('Ａｖａ'), marks ('Āva',
 * 'A\u0301va'), invisible characters (a variation selector), case, hyphens, apostrophes and runs of spaces
 * (lib/search-fold.ts), so a name typed another way is still the same name.
 */
const nameKey = (name: string | null | undefined) =>
  foldForSearch((name ?? '').normalize('NFKD').replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '').toLowerCase())
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether the application is the deciding administrator's own: their name and date of birth, or their sign-in
 * email or mobile. An administrator who applied with a personal email and mobile approved their own membership
 * alone (no flag, one approval); deciding one's own application is the one thing four eyes exist to stop.
 */
async function isOwnApplication(trx: Transaction<Database>, signup: Signup, actorUserId: number): Promise<boolean> {
  const actor = await trx.selectFrom('users').select(['first_name', 'last_name', 'dob', 'email', 'mobile']).where('id', '=', actorUserId).executeTakeFirst();
  if (!actor) return false;
  const sameName = nameKey(actor.first_name) === nameKey(signup.first_name) && nameKey(actor.last_name) === nameKey(signup.last_name);
  const sameBirth = !!actor.dob && !!signup.dob && String(actor.dob).slice(0, 10) === String(signup.dob).slice(0, 10);
  const sameContact = actor.email.toLowerCase() === signup.email.toLowerCase() || (!!actor.mobile && actor.mobile === signup.mobile);
  return (sameName && sameBirth) || sameContact;
}

/** The office of the new online user: the one the option the applicant chose names (the home branch's `x-office`). */
async function homeOffice(app: FastifyInstance, trx: Transaction<Database>, signupId: string): Promise<number | null> {
  const steps = await loadSteps(trx, signupId);
  const forms = Object.entries(onboardingFlow().steps).flatMap(([id, step]) => (step.form && steps.has(id) ? [{ schema: app.forms.schemaOf(step.form), data: steps.get(id)! }] : []));
  return chosenOffice(forms);
}

/**
 * Approval does something real, all in one transaction holding the signup's row lock, so approving
 * twice or two administrators at once create exactly one member: a new customer becomes a member
 * with a user (role Customer, the password chosen at signup) and a savings account; an existing
 * customer gets an online user linked to their member record and so sees their existing accounts.
 * The applicant is told by email through the outbox, in the same transaction.
 */
export async function approveSignup(app: FastifyInstance, signupId: string, actorUserId: number) {
  const now = app.clock.now();
  const result = await app.db.transaction().execute(async (trx) => {
    const signup = await findSubmittedSignup(trx, signupId, { forUpdate: true });
    assertPending(signup);

    // The row lock above orders approvals of one application; the (signup, administrator) key refuses a repeat.
    const earlier = await trx.selectFrom('signup_approvals').select('admin_user_id').where('signup_id', '=', signup.id).execute();
    if (await isOwnApplication(trx, signup, actorUserId)) throw conflict(ADMIN_TEXTS.ownApplication);
    if (earlier.some((a) => a.admin_user_id === actorUserId)) throw conflict(ADMIN_TEXTS.sameAdminTwice);
    for (const other of earlier) if (await controlsTheOther(trx, other.admin_user_id, actorUserId)) throw conflict(ADMIN_TEXTS.notIndependent);
    await assertApprovable(trx, signup);
    await trx.insertInto('signup_approvals').values({ signup_id: signup.id, admin_user_id: actorUserId, approved_on: now }).execute();
    if (needsTwoApprovals(signup) && earlier.length === 0) {
      await trx.updateTable('signups').set({ status: 'awaiting_second_approval', updated_on: now }).where('id', '=', signup.id).execute();
      await writeAudit(trx, { actorUserId, action: 'signup.approve_first', entityType: 'signup', entityId: signup.id, before: { status: signup.status }, after: { status: 'awaiting_second_approval', risk_flags: signup.risk_flags } });
      return { signup_id: signup.id, status: 'awaiting_second_approval' as const, first: true as const };
    }
    const approvers = [...earlier.map((a) => a.admin_user_id), actorUserId];

    let memberId: number;
    let accountNumber: string | null = null;
    let onFile: { channel: 'sms' | 'email'; to: string } | undefined;
    if (signup.is_existing_customer) {
      // Proven (assertApprovable): the member hears of the approval at the contact on file.
      const claim = await provenClaim(trx, signup);
      if (!claim || signup.member_id === null) throw conflict(ONBOARDING_TEXTS.claimNotProven);
      if (claim.recipient) onFile = { channel: claim.channel, to: claim.recipient };
      memberId = signup.member_id;
    } else {
      // The member number comes from the row id, so it is unique without guessing (seeded numbers are shorter).
      const member = await trx
        .insertInto('members')
        .values({ member_number: `pending-${signup.id}`, first_name: signup.first_name, last_name: signup.last_name, email: signup.email, mobile: signup.mobile, dob: signup.dob, created_on: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      memberId = member.id;
      await trx.updateTable('members').set({ member_number: `M1${String(memberId).padStart(7, '0')}` }).where('id', '=', memberId).execute();
      accountNumber = await freshAccountNumber(trx, tenRandomDigits);
      await openAccount(trx, { memberId, accountNumber, ...SAVINGS, openingCents: 0 });
    }

    const user = await trx
      .insertInto('users')
      .values({
        first_name: signup.first_name,
        last_name: signup.last_name,
        other_names: signup.middle_name,
        email: signup.email,
        mobile: signup.mobile,
        password_hash: signup.password_hash,
        role_id: ROLES.CUSTOMER,
        office_id: await homeOffice(app, trx, signup.id),
        dob: signup.dob,
        gender: signup.gender ? signup.gender.toLowerCase() : null,
        member_id: memberId,
        last_signed_in_on: null,
        created_on: now,
        updated_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .updateTable('signups')
      .set({ status: 'approved', decided_on: now, decided_by: actorUserId, user_id: user.id, member_id: memberId, updated_on: now })
      .where('id', '=', signup.id)
      .execute();
    const after = { status: 'approved', user_id: user.id, member_id: memberId, approved_by: approvers, ...(accountNumber ? { account_number: accountNumber } : {}) };
    await writeAudit(trx, { actorUserId, action: 'signup.approve', entityType: 'signup', entityId: signup.id, before: { status: signup.status }, after });
    await writeAudit(trx, { actorUserId, action: 'user.create', entityType: 'user', entityId: user.id, after: { signup_id: signup.id, role_id: ROLES.CUSTOMER, member_id: memberId } });

    const product = app.config.productName;
    const body = signup.is_existing_customer
      ? notification('approvedExistingMember', product, { name: signup.first_name })
      : notification('approvedNewMember', product, { name: signup.first_name, accountNumber: accountNumber ?? '' });
    await app.outbox.send({ channel: 'email', to: signup.email, subject: notification('approvedSubject', product), body, purpose: 'signup_approved' }, trx);
    if (onFile) {
      // The member hears it at the contact on file too, so a link they did not ask for does not go unnoticed.
      const notice = notification('memberAccess', product, { email: maskEmail(signup.email) });
      await app.outbox.send({ channel: onFile.channel, to: onFile.to, subject: notification('memberAccessSubject', product), body: notice, purpose: 'member_online_access' }, trx);
    }
    return { signup_id: signup.id, status: 'approved' as const, user_id: user.id, member_id: memberId, account_number: accountNumber };
  });
  if ('first' in result) {
    return { signup_id: result.signup_id, status: result.status, message: ADMIN_TEXTS.firstApproval };
  }
  void app.outbox.flush().catch(() => undefined);
  return { ...result, message: ADMIN_TEXTS.approved };
}

/** Referral to a senior officer or compliance: the application waits, referred, until someone decides it. */
export async function referSignup(app: FastifyInstance, signupId: string, actorUserId: number, reason: string | undefined) {
  const now = app.clock.now();
  return app.db.transaction().execute(async (trx) => {
    const signup = await findSubmittedSignup(trx, signupId, { forUpdate: true });
    assertPending(signup);
    if (signup.status === 'referred') throw conflict(ADMIN_TEXTS.alreadyReferred);
    await trx.updateTable('signups').set({ status: 'referred', updated_on: now }).where('id', '=', signup.id).execute();
    await writeAudit(trx, { actorUserId, action: 'signup.refer', entityType: 'signup', entityId: signup.id, before: { status: signup.status }, after: { status: 'referred', ...(reason ? { reason } : {}) } });
    return { signup_id: signup.id, status: 'referred' as const, message: ADMIN_TEXTS.referred };
  });
}

/** Rejection: the application is closed and the applicant is told by email (same transaction); the reason stays in the audit trail. */
export async function rejectSignup(app: FastifyInstance, signupId: string, actorUserId: number, reason: string | undefined) {
  const now = app.clock.now();
  const result = await app.db.transaction().execute(async (trx) => {
    const signup = await findSubmittedSignup(trx, signupId, { forUpdate: true });
    assertPending(signup);
    await trx.updateTable('signups').set({ status: 'rejected', decided_on: now, decided_by: actorUserId, updated_on: now }).where('id', '=', signup.id).execute();
    await writeAudit(trx, { actorUserId, action: 'signup.reject', entityType: 'signup', entityId: signup.id, before: { status: signup.status }, after: { status: 'rejected', ...(reason ? { reason } : {}) } });
    const body = notification('rejected', app.config.productName, { name: signup.first_name });
    await app.outbox.send({ channel: 'email', to: signup.email, subject: notification('rejectedSubject', app.config.productName), body, purpose: 'signup_rejected' }, trx);
    return { signup_id: signup.id, status: 'rejected' as const };
  });
  void app.outbox.flush().catch(() => undefined);
  return { ...result, message: ADMIN_TEXTS.rejected };
}
