import { useEffect, useState, type ReactNode } from 'react';
import { approveSignup, claimSignup, commentOnSignup, reassignSignup, referSignup, rejectSignup, releaseSignup, requestSignupChanges } from '../api/signups-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { translateApiError } from '../../../lib/translate-api-error';
import type { Feedback } from '../components/feedback-alert';
import { usePendingAction } from '../components/use-pending-action';
import { CommentDialog } from './comment-dialog';
import { ReassignDialog, ReasonDialog, RequestChangesDialog, type ChangesDraft } from './refer-dialogs';
import { ADMIN_TEXTS } from '../../../../shared/admin-texts';
import { fillNodes } from '../../../components/fill-nodes';
import { useKeptAnswers } from '../../auth/use-kept-draft';
import { hasSession } from '../../auth/session-store';

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

/** The actions whose dialog takes words, kept while typed (a session that ends meanwhile gives them back). */
const WORDED: ReadonlyArray<SignupAction> = ['comment', 'reject', 'refer', 'changes'];

/** A worded dialog's words, kept in the tab: the action, the application it is for, and what was typed. */
interface KeptWords {
  action: SignupAction;
  target: SignupTarget;
  words: string | ChangesDraft;
}

function keptWords(kept: Record<string, unknown> | undefined): KeptWords | null {
  const { action, target, words } = (kept ?? {}) as Partial<KeptWords>;
  if (!action || !WORDED.includes(action) || typeof target?.id !== 'string' || words === undefined) return null;
  if (action === 'changes' ? typeof words !== 'object' || !Array.isArray(words.steps) || typeof words.message !== 'string' : typeof words !== 'string') return null;
  return { action, target, words };
}

/**
 * Approve, reject, refer (each confirmed), comment, and claim, release or reassign, shared by the list and the
 * review page; `onDone` refetches. Claim and release need no question: they only say who works on it.
 *
 * The words typed in a dialog (a comment, a reason, a request for changes) are kept as a form's answers are
 * (useKeptAnswers): when the 5 minutes run out while they are typed, signing in again reopens the dialog with them.
 * They had been lost, though the session's warning says a form keeps what was typed.
 */
export function useSignupActions(onDone: (feedback: Feedback) => void): { ask: (action: SignupAction, target: SignupTarget) => void; dialogs: ReactNode } {
  const kept = useKeptAnswers('signup-action');
  const [restored, setRestored] = useState(() => keptWords(kept.initial));
  const { pending, busy, run, ask, close } = usePendingAction(perform, FAILURE, (feedback) => {
    // Sent, or refused with the session alive: the words are done with. Refused because the session ended (the
    // 401 ended it here first): they stay for the next sign-in.
    if (hasSession()) kept.forget();
    setRestored(null);
    onDone(feedback);
  });
  useEffect(() => {
    // Once, on the page a sign-in returned to: the dialog the session ended in opens again.
    if (restored) ask(restored.action, restored.target);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const keepWords = (words: string | ChangesDraft) => pending && kept.keep({ action: pending.action, target: pending.target, words });
  const cancel = () => {
    kept.forget();
    setRestored(null);
    close();
  };
  const wordsFor = (action: SignupAction) => (restored && restored.action === action && restored.target.id === pending?.target.id ? restored.words : undefined);
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
      <ConfirmDialog open={pending?.action === 'approve'} title={second ? ADMIN_TEXTS.giveSecondApproval : ADMIN_TEXTS.approveTitle} confirmText={ADMIN_TEXTS.approve} confirmColor="success" busy={busy} onConfirm={() => run()} onClose={close}>
        {fillNodes(second ? ADMIN_TEXTS.secondApprovalBody : pending?.target.flagged ? ADMIN_TEXTS.approveFlaggedBody : ADMIN_TEXTS.approveBody, { name: <strong>{name}</strong> })}
      </ConfirmDialog>
      <ReasonDialog open={pending?.action === 'reject'} title={ADMIN_TEXTS.rejectTitle} confirmText={ADMIN_TEXTS.reject} confirmColor="error" busy={busy} onSubmit={(reason) => run(reason)} onClose={cancel} initial={wordsFor('reject') as string | undefined} onDraft={keepWords}>
        {fillNodes(ADMIN_TEXTS.rejectBody, { name: <strong>{name}</strong> })}
      </ReasonDialog>
      <CommentDialog open={pending?.action === 'comment'} name={name} initial={(wordsFor('comment') as string | undefined) ?? pending?.target.comments ?? ''} busy={busy} onSubmit={(text) => run(text)} onClose={cancel} onDraft={keepWords} />
      <ReasonDialog open={pending?.action === 'refer'} title={ADMIN_TEXTS.referTitle} confirmText={ADMIN_TEXTS.refer} confirmColor="secondary" busy={busy} onSubmit={(reason) => run(reason)} onClose={cancel} initial={wordsFor('refer') as string | undefined} onDraft={keepWords}>
        {fillNodes(ADMIN_TEXTS.referBody, { name: <strong>{name}</strong> })}
      </ReasonDialog>
      <RequestChangesDialog open={pending?.action === 'changes'} name={name} steps={pending?.target.steps ?? []} busy={busy} onSubmit={(steps, message) => run(JSON.stringify({ steps, message }))} onClose={cancel} initial={wordsFor('changes') as ChangesDraft | undefined} onDraft={keepWords} />
      <ReassignDialog open={pending?.action === 'reassign'} name={name} current={pending?.target.assigneeUserId ?? null} busy={busy} onSubmit={(userId) => run(userId)} onClose={close} />
    </>
  );
  return { ask: start, dialogs };
}
