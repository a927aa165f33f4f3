/** One audit-trail entry as the admin GET endpoints return it. */
export interface AuditEntry {
  id: number;
  action: string;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  created_on: string;
}
