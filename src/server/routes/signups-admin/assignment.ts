import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, missing } from '../../lib/http-errors.js';
import { writeAudit } from '../../lib/audit.js';
import { findSubmittedSignup, listAdministrators } from './signups-admin.repository.js';
import type { Signup } from '../../db/tables/signups.table.js';
import { fillText } from '../../../shared/fill-text.js';
import { ADMIN_TEXTS } from '../../../shared/messages.js';

export type AssignmentAction = 'claim' | 'release' | 'reassign';

const MESSAGES = { claim: 'claimed', release: 'released', reassign: 'reassigned' } as const satisfies Record<AssignmentAction, keyof typeof ADMIN_TEXTS>;

/** Decided applications have nobody to work on them: assignment is for the queue. */
function assertOpen(signup: Signup): void {
  if (signup.status === 'approved' || signup.status === 'rejected') throw conflict(fillText(ADMIN_TEXTS.cannotAssignDecided, { status: signup.status }));
}

/**
 * Claim (take an unassigned application), release (the assignee gives it back) and reassign (any
 * administrator hands it to another administrator), each under the signup's row lock and audited with
 * the assignee before and after.
 */
export async function changeAssignment(app: FastifyInstance, action: AssignmentAction, signupId: string, actorUserId: number, toUserId?: number) {
  const now = app.clock.now();
  const admins = await listAdministrators(app.db);
  const nameOf = (id: number | null) => (id === null ? null : (admins.find((a) => a.id === id)?.name ?? `User ${id}`));
  return app.db.transaction().execute(async (trx) => {
    const signup = await findSubmittedSignup(trx, signupId, { forUpdate: true });
    if (!signup) throw missing('signup');
    assertOpen(signup);
    const current = signup.assignee_user_id;
    let next: number | null;
    if (action === 'claim') {
      if (current === actorUserId) throw conflict(ADMIN_TEXTS.alreadyClaimed);
      if (current !== null) throw conflict(fillText(ADMIN_TEXTS.assignedTo, { name: nameOf(current)! }));
      next = actorUserId;
    } else if (action === 'release') {
      if (current === null) throw conflict(ADMIN_TEXTS.notAssigned);
      if (current !== actorUserId) throw conflict(fillText(ADMIN_TEXTS.onlyAssigneeReleases, { name: nameOf(current)! }));
      next = null;
    } else {
      if (toUserId === undefined || !admins.some((a) => a.id === toUserId)) throw badRequest(ADMIN_TEXTS.chooseAdministrator, { user_id: ADMIN_TEXTS.chooseAdministrator });
      if (current === toUserId) throw conflict(fillText(ADMIN_TEXTS.alreadyAssignedTo, { name: nameOf(current)! }));
      next = toUserId;
    }
    await trx.updateTable('signups').set({ assignee_user_id: next, assigned_on: next === null ? null : now, updated_on: now }).where('id', '=', signup.id).execute();
    await writeAudit(trx, {
      actorUserId,
      action: `signup.${action}`,
      entityType: 'signup',
      entityId: signup.id,
      before: { assignee_user_id: current, assignee_name: nameOf(current) },
      after: { assignee_user_id: next, assignee_name: nameOf(next) },
    });
    return { signup_id: signup.id, assignee_user_id: next, assignee_name: nameOf(next), assigned_on: next === null ? null : now.toISOString(), message: ADMIN_TEXTS[MESSAGES[action]] };
  });
}
