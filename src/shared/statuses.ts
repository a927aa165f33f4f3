/**
 * Statuses shared by the database, the API's querystrings and the back office's filters: each table below
 * is the one place its names are written; the types are derived from it.
 */

/** The administrator's user list filters (spec 2 section 2), with the label the filter shows. */
export const USER_STATUS_FILTERS = { active: 'Active', blocked: 'Blocked', deleted: 'Deleted' } as const;
export type UserStatusFilter = keyof typeof USER_STATUS_FILTERS;
export const USER_STATUS_FILTER_NAMES = Object.keys(USER_STATUS_FILTERS) as UserStatusFilter[];

/** Is `text` (a querystring value) one of the user list filters? */
export function isUserStatusFilter(text: string): text is UserStatusFilter {
  return Object.hasOwn(USER_STATUS_FILTERS, text);
}

/**
 * A signup's stored status: a draft is the applicant's; the others are in the back office. Beyond the
 * specification's three (pending, approved, rejected) the back office refers an application to a senior
 * officer (referred), asks the applicant for changes (changes_requested), and holds a flagged application
 * approved once for a second administrator (awaiting_second_approval, DESIGN.md "Application statuses").
 */
export const SIGNUP_STATUSES = ['draft', 'pending_approval', 'awaiting_second_approval', 'referred', 'changes_requested', 'approved', 'rejected'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** The back office's application list filters and the stored status each one shows. */
export const SIGNUP_STATUS_FILTERS = {
  pending: 'pending_approval',
  awaiting_second_approval: 'awaiting_second_approval',
  referred: 'referred',
  changes_requested: 'changes_requested',
  approved: 'approved',
  rejected: 'rejected',
} as const satisfies Record<string, SignupStatus>;
export type SignupStatusFilter = keyof typeof SIGNUP_STATUS_FILTERS;
export const SIGNUP_STATUS_FILTER_NAMES = Object.keys(SIGNUP_STATUS_FILTERS) as SignupStatusFilter[];

/** The words the back office shows for each submitted status (chips and filters). */
export const SIGNUP_STATUS_LABELS: Record<Exclude<SignupStatus, 'draft'>, string> = {
  pending_approval: 'Pending',
  awaiting_second_approval: 'Awaiting second approval',
  referred: 'Referred',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Statuses an administrator sees: drafts are still the applicant's and stay out of the back office. */
export const SUBMITTED_SIGNUP_STATUSES: SignupStatus[] = Object.values(SIGNUP_STATUS_FILTERS);

/** Statuses still waiting for a decision: an administrator may approve, reject or refer them. */
export const UNDECIDED_SIGNUP_STATUSES: SignupStatus[] = ['pending_approval', 'awaiting_second_approval', 'referred'];

/** Statuses in which the applicant's token may change the application: a draft, and (the steps asked for) changes requested. */
export const APPLICANT_EDITABLE_STATUSES: SignupStatus[] = ['draft', 'changes_requested'];

/**
 * A status in the specification's words (pending, approved, rejected) for the applicant and the
 * specification's client, which show every other status as pending (spec 2 section 4).
 */
export function specSignupStatus(status: string): 'pending' | 'approved' | 'rejected' {
  return status === 'approved' || status === 'rejected' ? status : 'pending';
}
