import type { ReactNode } from 'react';
import { approveSignup, commentOnSignup, rejectSignup } from '../api/signups-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import type { Feedback } from '../components/feedback-alert';
import { usePendingAction } from '../components/use-pending-action';
import { CommentDialog } from './comment-dialog';

export type SignupAction = 'approve' | 'reject' | 'comment';
interface Target {
  id: string;
  name: string;
  comments: string | null;
}

const FAILURE: Record<SignupAction, string> = { approve: 'Failed to approve signup', reject: 'Failed to reject signup', comment: 'Failed to add comment' };
const SUCCESS: Record<SignupAction, string> = { approve: 'Signup approved successfully', reject: 'Signup rejected successfully', comment: 'Comment added successfully' };

async function perform(action: SignupAction, target: Target, comment?: string): Promise<string> {
  if (action === 'approve') await approveSignup(target.id);
  else if (action === 'reject') await rejectSignup(target.id);
  else await commentOnSignup(target.id, comment ?? '');
  return SUCCESS[action];
}

/** Approve, reject (each confirmed) and comment, shared by the list and the review page; `onDone` refetches. */
export function useSignupActions(onDone: (feedback: Feedback) => void): { ask: (action: SignupAction, target: Target) => void; dialogs: ReactNode } {
  const { pending, busy, run, ask, close } = usePendingAction(perform, FAILURE, onDone);
  const name = pending?.target.name ?? '';
  const dialogs = (
    <>
      <ConfirmDialog open={pending?.action === 'approve'} title="Approve Signup" confirmText="Approve" confirmColor="success" busy={busy} onConfirm={() => run()} onClose={close}>
        Approve the application of <strong>{name}</strong>? Their online access is created and they are told by email.
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === 'reject'} title="Reject Signup" confirmText="Reject" confirmColor="error" busy={busy} onConfirm={() => run()} onClose={close}>
        Reject the application of <strong>{name}</strong>? They are told by email.
      </ConfirmDialog>
      <CommentDialog open={pending?.action === 'comment'} name={name} initial={pending?.target.comments ?? ''} busy={busy} onSubmit={(text) => run(text)} onClose={close} />
    </>
  );
  return { ask, dialogs };
}
