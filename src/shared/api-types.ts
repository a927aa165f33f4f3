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
