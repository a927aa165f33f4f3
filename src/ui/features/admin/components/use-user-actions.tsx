import type { ReactNode } from 'react';
import { setUserBlocked, softDeleteUser, type AdminUser } from '../api/users-api';
import { ConfirmDialog } from './confirm-dialog';
import type { Feedback } from './feedback-alert';
import { usePendingAction } from './use-pending-action';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillNodes } from '../../../components/fill-nodes';

export type UserAction = 'block' | 'unblock' | 'delete';

const FAILURE: Record<UserAction, string> = { block: ADMIN_TEXTS.blockFailed, unblock: ADMIN_TEXTS.unblockFailed, delete: ADMIN_TEXTS.deleteFailed };

async function perform(action: UserAction, user: AdminUser): Promise<string> {
  const result = action === 'delete' ? await softDeleteUser(user.id) : await setUserBlocked(user.id, action === 'block');
  return result.message;
}

/**
 * Block, unblock and delete with their confirm dialogs (spec 2 section 2), shared by the list and the
 * view page. `onDone` runs after the call, success or failure, with what to tell the administrator.
 */
export function useUserActions(onDone: (feedback: Feedback) => void): { ask: (action: UserAction, user: AdminUser) => void; dialogs: ReactNode } {
  const { pending, busy, run, ask, close } = usePendingAction(perform, FAILURE, onDone);
  const confirm = () => run();
  const name = pending?.target.name ?? '';
  const dialogs = (
    <>
      <ConfirmDialog open={pending?.action === 'delete'} title={ADMIN_TEXTS.deleteTitle} confirmText={ADMIN_TEXTS.delete} confirmColor="error" busy={busy} onConfirm={confirm} onClose={close}>
        {ADMIN_TEXTS.deleteBody}
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === 'block'} title={ADMIN_TEXTS.blockTitle} confirmText={ADMIN_TEXTS.block} confirmColor="error" busy={busy} onConfirm={confirm} onClose={close}>
        {fillNodes(ADMIN_TEXTS.blockBody, { name: <strong>{name}</strong> })}
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === 'unblock'} title={ADMIN_TEXTS.unblockTitle} confirmText={ADMIN_TEXTS.unblock} confirmColor="success" busy={busy} onConfirm={confirm} onClose={close}>
        {fillNodes(ADMIN_TEXTS.unblockBody, { name: <strong>{name}</strong> })}
      </ConfirmDialog>
    </>
  );
  return { ask, dialogs };
}
