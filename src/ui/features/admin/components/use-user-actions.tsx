import { useState, type ReactNode } from 'react';
import { setUserBlocked, softDeleteUser, type AdminUser } from '../api/users-api';
import { translateApiError } from '../../../../shared/translate-api-error';
import { ConfirmDialog } from './confirm-dialog';

export type UserAction = 'block' | 'unblock' | 'delete';

export interface Feedback {
  severity: 'success' | 'error';
  title: string;
  detail?: string;
}

const FAILURE: Record<UserAction, string> = { block: 'Failed to block user', unblock: 'Failed to unblock user', delete: 'Failed to delete user' };

/**
 * Block, unblock and delete with their confirm dialogs (spec 2 section 2), shared by the list and the
 * view page. `onDone` runs after the call, success or failure, with what to tell the administrator.
 */
export function useUserActions(onDone: (feedback: Feedback) => void): { ask: (action: UserAction, user: AdminUser) => void; dialogs: ReactNode } {
  const [pending, setPending] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    const { action, user } = pending;
    setBusy(true);
    try {
      const result = action === 'delete' ? await softDeleteUser(user.id) : await setUserBlocked(user.id, action === 'block');
      onDone({ severity: 'success', title: result.message });
    } catch (error) {
      onDone({ severity: 'error', title: FAILURE[action], detail: translateApiError(error).message });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const close = () => setPending(null);
  const name = pending?.user.name ?? '';
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
  return { ask: (action, user) => setPending({ action, user }), dialogs };
}
