// Shapes of API answers that the server builds and the browser reads. Timestamps are `Date` on the
// server and ISO strings once sent as JSON, hence the `When` parameter (the browser uses the default).

/** One audit-trail entry as GET /users/{id} and GET /signups/{id} return it (`audit`). */
export interface AuditEntry<When = string> {
  id: number;
  action: string;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  created_on: When;
}

/** The applicant's own details on a signup: stored as these columns, shown as these fields by GET /signups. */
export interface SignupApplicant {
  first_name: string;
  last_name: string;
  middle_name: string | null;
  email: string;
  mobile: string;
  dob: string;
}

/** Name, birth date and contact details, as an applicant entered them or as a member record holds them. */
export interface PersonDetails {
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  email: string | null;
  mobile: string | null;
}

/**
 * An existing customer's claim as GET /signups/{id} returns it (`claim`; null for a new customer): what the
 * applicant entered next to the member record that holds the account number they gave, and whether they
 * proved control of that member's contact on file (the code sent there was entered). Approval needs `proven`.
 */
export interface AccountClaimReview<When = string> {
  account_number: string | null;
  /** Account numbers tried by this application. */
  attempts: number;
  proven: boolean;
  verified_on: When | null;
  /** Where the code went (the member's contact on file); null when the account number matched no member. */
  code_sent_to: string | null;
  channel: 'sms' | 'email' | null;
  applied: PersonDetails;
  /** The member record holding the account number (null: no such account). */
  on_file: (PersonDetails & { member_number: string; has_online_access: boolean }) | null;
}
