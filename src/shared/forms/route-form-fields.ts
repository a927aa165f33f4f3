/**
 * The forms whose calls are served by hand-written routes (sign-in, the administrator's user form, the transfers): the
 * server reads each field below into its own columns or acts on it, and no other. Unlike an onboarding step (stored
 * whole, any field an analyst adds), a field added to one of these forms in JSON would be validated and then dropped,
 * so the checker refuses it: keeping a new field there needs a developer, who adds it here with the server's use of it.
 * tests/scripts/config-check.test.ts checks the list names exactly the fields these forms have today.
 */
export const ROUTE_FORM_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'admin/user': ['first_name', 'last_name', 'other_names', 'email', 'mobile', 'password', 'verify_password', 'role_id', 'office_id', 'dob', 'gender'],
  'admin/user-update': ['first_name', 'last_name', 'other_names', 'email', 'mobile', 'role_id', 'office_id', 'dob', 'gender'],
  'member/transfer-to-self': ['source_id', 'source_account', 'destination_id', 'destination_account', 'amount', 'instructions'],
  'member/transfer-to-member': ['source_id', 'source_account', 'destination_product', 'destination_account', 'amount', 'instructions'],
  'member/transfer-code': ['code'],
  'auth/sign-in': ['email', 'password'],
  'auth/sign-in-code': ['code'],
  'auth/reset-email': ['email'],
  'auth/reset-code': ['code'],
  'auth/reset-password': ['new_password', 'confirm_password'],
  'auth/resume-contact': ['contact'],
  'auth/resume-code': ['code'],
};

/**
 * The fields a hand-written route reads by name and cannot do without, with what for: the checker refuses a form that
 * drops one or makes it optional (an absent first name or birth date would reach the database as the text
 * "undefined", or be refused by it with no field named). Any other field of these forms an analyst may make optional:
 * the route stores null for it (the applicant's gender and nationality, a user's date of birth).
 */
export const FIELDS_THE_SERVER_NEEDS: Readonly<Record<string, { fields: readonly string[]; for: string }>> = {
  'onboarding/basic-info': { fields: ['first_name', 'last_name', 'email', 'mobile', 'dob', 'password'], for: "the application's name, the contacts its codes go to, the birth date its age rules read, and the password its member signs in with" },
  'onboarding/account-number': { fields: ['account_number'], for: "the claim on the member's accounts" },
  'onboarding/account-claim': { fields: ['code'], for: 'the code that proves the claim' },
  'onboarding/email-verification': { fields: ['code'], for: 'the code that proves the email address' },
  'onboarding/mobile-verification': { fields: ['code'], for: 'the code that proves the mobile number' },
  'admin/user': { fields: ['first_name', 'last_name', 'email', 'mobile', 'password', 'role_id', 'office_id'], for: "the user's name, sign-in, codes, role and office" },
  'admin/user-update': { fields: ['first_name', 'last_name', 'email', 'mobile', 'role_id', 'office_id'], for: "the user's name, sign-in, codes, role and office" },
  'member/transfer-to-self': { fields: ['source_id', 'source_account', 'destination_id', 'destination_account', 'amount'], for: 'the accounts and the amount the transfer moves' },
  'member/transfer-to-member': { fields: ['source_id', 'source_account', 'destination_product', 'destination_account', 'amount'], for: 'the accounts and the amount the transfer moves' },
  'member/transfer-code': { fields: ['code'], for: 'the code that confirms the transfer' },
  'auth/sign-in': { fields: ['email', 'password'], for: 'signing in' },
  'auth/sign-in-code': { fields: ['code'], for: 'the sign-in code' },
  'auth/reset-email': { fields: ['email'], for: 'where the reset code goes' },
  'auth/reset-code': { fields: ['code'], for: 'the reset code' },
  'auth/reset-password': { fields: ['new_password'], for: 'the new password' },
  'auth/resume-contact': { fields: ['contact'], for: 'where the resume code goes' },
  'auth/resume-code': { fields: ['code'], for: 'the resume code' },
};

/**
 * The messages a page reads by name from its form's `"ui:options"` (the transfer pages' "nothing to transfer"
 * texts, chosen by the page's own logic). The checker refuses a form that lacks one, which the page would otherwise
 * show as its bare name; the pages' code can name no other (`PageMessage`).
 */
export const PAGE_MESSAGES = {
  'member/transfer-to-self': ['noSourceAccount', 'needsSecondAccount', 'interruptedTransfer'],
  'member/transfer-to-member': ['noSourceAccount', 'interruptedTransfer'],
} as const satisfies Record<string, readonly string[]>;

/** The name of a message `formId`'s page may read from its form. */
export type PageMessage<F extends keyof typeof PAGE_MESSAGES> = (typeof PAGE_MESSAGES)[F][number];
