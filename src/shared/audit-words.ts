import type { AuditEntry } from './api-types';
import { formatDateTime } from './format-date';

/**
 * Every action the server records in the audit trail, and the words a person reads for it. The server's
 * `writeAudit` accepts only these names, so a new action cannot reach the trail without its words.
 */
export const AUDIT_ACTION_WORDS = {
  'user.create': 'Created',
  'user.update': 'Details changed',
  'user.block': 'Blocked',
  'user.unblock': 'Unblocked',
  'user.delete': 'Deleted',
  'signup.approve': 'Approved',
  'signup.approve_first': 'First approval given',
  'signup.reject': 'Rejected',
  'signup.refer': 'Referred',
  'signup.request_changes': 'Changes requested',
  'signup.resubmit': 'Sent again by the applicant',
  'signup.off_path_steps_removed': 'Answers to steps not on the applicant\'s path removed at submission',
  'signup.claim': 'Claimed',
  'signup.release': 'Released',
  'signup.reassign': 'Reassigned',
  'signup.risk_flags': 'Risk flags recomputed',
  'signup.comment': 'Comment added',
  'signup.document_download': 'Document downloaded',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

/** Field name -> label: the `title` of each property of a form schema (labels are never retyped). */
export function fieldTitles(schema: { properties?: Record<string, { title?: string }> }): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const [field, property] of Object.entries(schema.properties ?? {})) if (property?.title) titles[field] = property.title;
  return titles;
}

// Bookkeeping columns that change with every edit; naming them would only hide what the administrator changed.
const NOT_DETAILS = new Set(['updated_on', 'created_on', 'name', 'last_signed_in_on']);

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The labels of the fields an edit changed, in the form's order, then any others by name. */
function changedFields(before: unknown, after: unknown, labels: Record<string, string>): string[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const changed = Object.keys(a).filter((k) => !NOT_DETAILS.has(k) && JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null));
  const order = Object.keys(labels);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return changed.sort((x, y) => rank(x) - rank(y)).map((k) => labels[k] ?? k);
}

/** What an entry adds to its sentence, in brackets: the fields an edit changed, the file downloaded, the account opened. */
function details(entry: Pick<AuditEntry<unknown>, 'action' | 'before' | 'after'>, labels: Record<string, string>): string[] {
  const after = asRecord(entry.after);
  const titled = (id: unknown) => labels[String(id)] ?? String(id);
  switch (entry.action) {
    case 'user.update':
      return changedFields(entry.before, entry.after, labels);
    case 'user.create':
      return typeof after.signup_id === 'string' ? [`from application ${after.signup_id.slice(0, 8)}`] : [];
    case 'signup.approve':
      return typeof after.account_number === 'string' ? [`savings account ${after.account_number}`] : [];
    case 'signup.document_download':
      return typeof after.name === 'string' ? [after.name] : [];
    case 'signup.refer':
    case 'signup.reject':
      return typeof after.reason === 'string' ? [after.reason] : [];
    case 'signup.request_changes':
      return [Array.isArray(after.steps) ? after.steps.map(titled).join(', ') : '', typeof after.message === 'string' ? after.message : ''].filter(Boolean);
    case 'signup.off_path_steps_removed': {
      const removed = asRecord(entry.before).steps;
      return Array.isArray(removed) ? [removed.map(titled).join(', ')] : [];
    }
    case 'signup.resubmit':
      return Array.isArray(after.changed) && after.changed.length ? [`changed: ${after.changed.map(titled).join(', ')}`] : [];
    case 'signup.reassign': {
      const before = asRecord(entry.before);
      const from = typeof before.assignee_name === 'string' ? before.assignee_name : 'nobody';
      return typeof after.assignee_name === 'string' ? [`from ${from} to ${after.assignee_name}`] : [];
    }
    case 'signup.risk_flags': {
      const list = (value: unknown) => (Array.isArray(value) && value.length ? value.join(', ') : 'none');
      return [`from ${list(asRecord(entry.before).risk_flags)} to ${list(after.risk_flags)}`];
    }
    default:
      return [];
  }
}

/**
 * One audit entry as a sentence: "Blocked by Ada Admin on 23.11.2026 10:04", "Details changed by Ada Admin
 * on 23.11.2026 10:04 (Email Address, Mobile Number)". `fieldLabels` are the form's titles (`fieldTitles`), or for
 * an application the titles of its steps ("Changes requested ... (Child ID Information, ...)").
 */
export function describeAuditEntry(entry: AuditEntry<string | Date>, fieldLabels: Record<string, string> = {}): string {
  const words = (AUDIT_ACTION_WORDS as Record<string, string>)[entry.action] ?? entry.action;
  const who = entry.actor_name ?? entry.actor_email ?? 'the system';
  const when = formatDateTime(entry.created_on);
  const extra = details(entry, fieldLabels);
  return `${words} by ${who}${when ? ` on ${when}` : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}
