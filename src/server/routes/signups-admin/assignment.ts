import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, missing } from '../../lib/http-errors.js';
import { writeAudit } from '../../lib/audit.js';
import { findSubmittedSignup, listAdministrators } from './signups-admin.repository.js';
import type { Signup } from '../../db/tables/signups.table.js';

export type AssignmentAction = 'claim' | 'release' | 'reassign';

const MESSAGES: Record<AssignmentAction, string> = {
  claim: 'Application claimed successfully',
  release: 'Application released successfully',
  reassign: 'Application reassigned successfully',
};

/** Decided applications have nobody to work on them: assignment is for the queue. */
function assertOpen(signup: Signup): void {
  if (signup.status === 'approved' || signup.status === 'rejected') throw conflict(`This application has already been ${signup.status}: it cannot be assigned.`);
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
      if (current === actorUserId) throw conflict('You have already claimed this application.');
      if (current !== null) throw conflict(`This application is assigned to ${nameOf(current)}. Ask them to release it, or reassign it.`);
      next = actorUserId;
    } else if (action === 'release') {
      if (current === null) throw conflict('This application is not assigned to anyone.');
      if (current !== actorUserId) throw conflict(`Only ${nameOf(current)} can release this application; reassign it instead.`);
      next = null;
    } else {
      if (toUserId === undefined || !admins.some((a) => a.id === toUserId)) throw badRequest('Please choose an administrator.', { user_id: 'Please choose an administrator.' });
      if (current === toUserId) throw conflict(`This application is already assigned to ${nameOf(current)}.`);
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
    return { signup_id: signup.id, assignee_user_id: next, assignee_name: nameOf(next), assigned_on: next === null ? null : now.toISOString(), message: MESSAGES[action] };
  });
}
