import type { ReactNode } from 'react';
import { approveSignup, claimSignup, commentOnSignup, reassignSignup, referSignup, rejectSignup, releaseSignup, requestSignupChanges } from '../api/signups-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { translateApiError } from '../../../lib/translate-api-error';
import type { Feedback } from '../components/feedback-alert';
import { usePendingAction } from '../components/use-pending-action';
import { CommentDialog } from './comment-dialog';
import { ReassignDialog, ReasonDialog, RequestChangesDialog } from './refer-dialogs';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';

export type SignupAction = 'approve' | 'reject' | 'comment' | 'refer' | 'claim' | 'release' | 'reassign' | 'changes';
export interface SignupTarget {
  id: string;
  name: string;
  comments: string | null;
  status?: string;
  flagged?: boolean;
  assigneeUserId?: number | null;
  /** The steps the applicant answered (the review page's request for changes picks from them). */
  steps?: Array<{ step: string; title: string }>;
}

const FAILURE: Record<SignupAction, string> = {
  approve: ADMIN_TEXTS.approveFailed,
  reject: ADMIN_TEXTS.rejectFailed,
  comment: ADMIN_TEXTS.commentFailed,
  refer: ADMIN_TEXTS.referFailed,
  claim: ADMIN_TEXTS.claimFailed,
  release: ADMIN_TEXTS.releaseFailed,
  reassign: ADMIN_TEXTS.reassignFailed,
  changes: ADMIN_TEXTS.requestChangesFailed,
};
/** The server's answer to an action: its message is what the administrator is told (forms/messages/admin.json). */
async function perform(action: SignupAction, target: SignupTarget, input?: string): Promise<string> {
  // A first approval of a flagged application says that a second administrator must approve it.
  if (action === 'approve') return (await approveSignup(target.id)).message;
  if (action === 'reject') return (await rejectSignup(target.id, input || undefined)).message;
  if (action === 'comment') return (await commentOnSignup(target.id, input ?? '')).message;
  if (action === 'refer') return (await referSignup(target.id, input || undefined)).message;
  if (action === 'claim') return (await claimSignup(target.id)).message;
  if (action === 'release') return (await releaseSignup(target.id)).message;
  if (action === 'changes') {
    const { steps, message } = JSON.parse(input ?? '{}') as { steps: string[]; message: string };
    return (await requestSignupChanges(target.id, steps, message)).message;
  }
  return (await reassignSignup(target.id, Number(input))).message;
}

/**
 * Approve, reject, refer (each confirmed), comment, and claim, release or reassign, shared by the list and the
 * review page; `onDone` refetches. Claim and release need no question: they only say who works on it.
 */
export function useSignupActions(onDone: (feedback: Feedback) => void): { ask: (action: SignupAction, target: SignupTarget) => void; dialogs: ReactNode } {
  const { pending, busy, run, ask, close } = usePendingAction(perform, FAILURE, onDone);
  const name = pending?.target.name ?? '';
  const second = pending?.target.status === 'awaiting_second_approval';
  const start = (action: SignupAction, target: SignupTarget) => {
    if (action === 'claim' || action === 'release') {
      perform(action, target)
        .then((title) => onDone({ severity: 'success', title }))
        .catch((error) => onDone({ severity: 'error', title: FAILURE[action], detail: translateApiError(error).message }));
      return;
    }
    ask(action, target);
  };
  const dialogs = (
    <>
      <ConfirmDialog open={pending?.action === 'approve'} title={second ? 'Give Second Approval' : 'Approve Signup'} confirmText="Approve" confirmColor="success" busy={busy} onConfirm={() => run()} onClose={close}>
        {second ? (
          <>
            Give the second approval to <strong>{name}</strong>? Their online access is created and they are told by email.
          </>
        ) : pending?.target.flagged ? (
          <>
            Approve the application of <strong>{name}</strong>? It has risk flags: a second administrator must approve it too.
          </>
        ) : (
          <>
            Approve the application of <strong>{name}</strong>? Their online access is created and they are told by email.
          </>
        )}
      </ConfirmDialog>
      <ReasonDialog open={pending?.action === 'reject'} title="Reject Signup" confirmText="Reject" confirmColor="error" busy={busy} onSubmit={(reason) => run(reason)} onClose={close}>
        Reject the application of <strong>{name}</strong>? They are told by email, without the reason: a reason stays in the audit trail, for the credit union only.
      </ReasonDialog>
      <CommentDialog open={pending?.action === 'comment'} name={name} initial={pending?.target.comments ?? ''} busy={busy} onSubmit={(text) => run(text)} onClose={close} />
      <ReasonDialog open={pending?.action === 'refer'} title="Refer Application" confirmText="Refer" confirmColor="secondary" busy={busy} onSubmit={(reason) => run(reason)} onClose={close}>
        Refer the application of <strong>{name}</strong> for a senior decision. It stays in the queue as Referred.
      </ReasonDialog>
      <RequestChangesDialog open={pending?.action === 'changes'} name={name} steps={pending?.target.steps ?? []} busy={busy} onSubmit={(steps, message) => run(JSON.stringify({ steps, message }))} onClose={close} />
      <ReassignDialog open={pending?.action === 'reassign'} name={name} current={pending?.target.assigneeUserId ?? null} busy={busy} onSubmit={(userId) => run(userId)} onClose={close} />
    </>
  );
  return { ask: start, dialogs };
}
