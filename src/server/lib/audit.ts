import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { AuditEntry } from '../../shared/api-types.js';
import type { AuditAction } from '../../shared/audit-words.js';

export interface AuditInput {
  actorUserId: number | null;
  /** What was done, dotted (`user.block`): one of src/shared/audit-words.ts, which says it in words. */
  action: AuditAction;
  entityType: 'user' | 'signup';
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

// Secrets never enter the audit trail, whatever the caller passes.
const SECRET_KEYS = new Set(['password', 'verify_password', 'password_hash', 'applicant_token_hash']);

function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)));
}

/** Records an administrator action (who, what, which record, before and after) in the caller's transaction. */
export async function writeAudit(db: Kysely<Database>, entry: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      before: JSON.stringify(scrub(entry.before)),
      after: JSON.stringify(scrub(entry.after)),
    })
    .execute();
}

export type AuditView = AuditEntry<Date>;

/** The audit trail of one record, newest first, with the actor's name. */
export async function listAudit(db: Kysely<Database>, entityType: AuditInput['entityType'], entityId: string | number, limit = 100): Promise<AuditView[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select(['audit_log.id', 'audit_log.action', 'audit_log.actor_user_id', 'audit_log.before', 'audit_log.after', 'audit_log.created_on', 'users.first_name', 'users.last_name', 'users.email'])
    .where('audit_log.entity_type', '=', entityType)
    .where('audit_log.entity_id', '=', String(entityId))
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor_user_id: r.actor_user_id,
    actor_name: r.first_name ? `${r.first_name} ${r.last_name}` : null,
    actor_email: r.email,
    before: r.before,
    after: r.after,
    created_on: r.created_on,
  }));
}
