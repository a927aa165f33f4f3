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

/** A signup's stored status: a draft is the applicant's; the others are in the back office. */
export const SIGNUP_STATUSES = ['draft', 'pending_approval', 'approved', 'rejected'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** The back office's application list filters and the stored status each one shows. */
export const SIGNUP_STATUS_FILTERS = { pending: 'pending_approval', approved: 'approved', rejected: 'rejected' } as const satisfies Record<string, SignupStatus>;
export type SignupStatusFilter = keyof typeof SIGNUP_STATUS_FILTERS;
export const SIGNUP_STATUS_FILTER_NAMES = Object.keys(SIGNUP_STATUS_FILTERS) as SignupStatusFilter[];

/** Statuses an administrator sees: drafts are still the applicant's and stay out of the back office. */
export const SUBMITTED_SIGNUP_STATUSES: SignupStatus[] = Object.values(SIGNUP_STATUS_FILTERS);
