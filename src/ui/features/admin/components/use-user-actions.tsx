import type { ReactNode } from 'react';
import { setUserBlocked, softDeleteUser, type AdminUser } from '../api/users-api';
import { ConfirmDialog } from './confirm-dialog';
import type { Feedback } from './feedback-alert';
import { usePendingAction } from './use-pending-action';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';

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
      <ConfirmDialog open={pending?.action === 'delete'} title="Confirm Delete" confirmText="Delete" confirmColor="error" busy={busy} onConfirm={confirm} onClose={close}>
        Are you sure you want to delete this user? This action cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === 'block'} title="Block User" confirmText="Block" confirmColor="error" busy={busy} onConfirm={confirm} onClose={close}>
        Are you sure you want to block <strong>{name}</strong>? They will be signed out at once and cannot sign in until unblocked.
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === 'unblock'} title="Unblock User" confirmText="Unblock" confirmColor="success" busy={busy} onConfirm={confirm} onClose={close}>
        Are you sure you want to unblock <strong>{name}</strong>? They will be able to sign in again.
      </ConfirmDialog>
    </>
  );
  return { ask, dialogs };
}
