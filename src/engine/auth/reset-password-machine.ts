import { assign, setup, type SnapshotFrom } from 'xstate';
import { AUTH_TEXTS } from '../../shared/messages';
import { resendWaitSeconds } from '../../shared/resend-wait';

/** The reset's step as it survives a reload (sessionStorage): the reset token never does (it is a credential). */
export interface SavedReset {
  step: 'verification' | 'password';
  email: string;
  requestId: string;
  /** When the last code went out (ms since the epoch): the resend countdown resumes from it. */
  sentAt?: number;
}

export interface ResetContext {
  email: string;
  requestId: string | null;
  resetToken: string | null;
  /** The error alert (spec 1 section 8's catalogue, already worded by the page's error mapping). */
  alert?: string;
  /** The success alert (the server's message or the specification's default). */
  success?: string;
  /** Field -> message the server gave (which password rule failed). */
  fieldErrors: Record<string, string>;
  /** When the last code went out (restarts the resend countdown). */
  sentAt: number;
}

export type ResetEvent =
  /** `at`: when it was submitted (ms), to tell whether the code already sent to this email is still the one to use. */
  | { type: 'email.submitted'; email: string; at: number }
  | { type: 'code.sent'; requestId: string; message: string; at: number }
  | { type: 'code.send.failed'; message: string }
  | { type: 'code.resent'; requestId: string; message: string; at: number }
  | { type: 'code.resend.failed'; message: string }
  | { type: 'code.submitted' }
  | { type: 'code.verified'; resetToken: string | null; message: string }
  | { type: 'code.verify.failed'; message: string }
  | { type: 'password.submitted' }
  | { type: 'password.updated'; message: string }
  | { type: 'password.update.failed'; message: string; field?: string }
  | { type: 'back' }
  /** The person changed what they typed: an error about the earlier attempt no longer applies. */
  | { type: 'input.changed' };

/** Redirect delay after a successful update (spec 1 section 9). */
export const RESET_REDIRECT_MS = 2000;

/**
 * /reset-password (spec 1 sections 2 and 4): email -> verification -> password -> login. The page makes the calls
 * and reports their outcome ('code.sent', 'code.verify.failed'...); a call's state ('sendingCode'...) ignores a second
 * submit. A reload resumes at the code step (input `saved`); after an update the machine waits 2 s, then finishes.
 * Back from the code step and the same email again while the server still waits between codes goes straight back to
 * the code step: the code sent is still good, and asking again would only be refused, the code step out of reach.
 */
export const resetPasswordMachine = setup({
  types: { context: {} as ResetContext, events: {} as ResetEvent, input: {} as { saved: SavedReset | null } },
  guards: {
    wasResetting: ({ context }) => context.requestId !== null,
    hasResetToken: ({ context }) => context.resetToken !== null,
    codeStillGood: ({ context, event }) => {
      const submitted = event as { email: string; at: number };
      return context.requestId !== null && submitted.email.trim().toLowerCase() === context.email.toLowerCase() && resendWaitSeconds(context.sentAt, submitted.at) > 0;
    },
  },
  actions: {
    clearAlerts: assign({ alert: undefined, success: undefined, fieldErrors: {} }),
    clearAlert: assign({ alert: undefined }),
    failed: assign(({ event }) => ({ alert: (event as { message: string }).message, success: undefined })),
    codeWentOut: assign(({ event }) => {
      const sent = event as { requestId: string; message: string; at: number };
      return { requestId: sent.requestId, success: sent.message, alert: undefined, sentAt: sent.at };
    }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ email: input.saved?.email ?? '', requestId: input.saved?.requestId ?? null, resetToken: null, fieldErrors: {}, sentAt: input.saved?.sentAt ?? 0 }),
  initial: 'restoring',
  states: {
    restoring: { always: [{ guard: 'wasResetting', target: 'verification' }, { target: 'email' }] },
    email: {
      on: {
        'email.submitted': [
          { guard: 'codeStillGood', target: 'verification', actions: assign({ success: AUTH_TEXTS.resetCodeStillGood, alert: undefined }) },
          { target: 'sendingCode', actions: [assign(({ event }) => ({ email: event.email.trim() })), 'clearAlert'] },
        ],
        back: 'left',
      },
    },
    sendingCode: {
      on: {
        'code.sent': { target: 'verification', actions: 'codeWentOut' },
        'code.send.failed': { target: 'email', actions: 'failed' },
      },
    },
    verification: {
      on: {
        'code.submitted': { target: 'verifyingCode', actions: 'clearAlert' },
        'code.resent': { actions: 'codeWentOut' },
        'code.resend.failed': { actions: 'failed' },
        'input.changed': { actions: 'clearAlert' },
        back: { target: 'email', actions: 'clearAlerts' },
      },
    },
    verifyingCode: {
      on: {
        'code.verified': { target: 'password', actions: assign(({ event }) => ({ resetToken: event.resetToken, success: event.message, alert: undefined, fieldErrors: {} })) },
        'code.verify.failed': { target: 'verification', actions: 'failed' },
      },
    },
    password: {
      on: {
        'password.submitted': [
          { guard: 'hasResetToken', target: 'updatingPassword', actions: 'clearAlert' },
          { actions: assign({ alert: AUTH_TEXTS.invalidResetToken }) },
        ],
        'input.changed': { actions: 'clearAlert' },
        back: { target: 'verification', actions: 'clearAlerts' },
      },
    },
    updatingPassword: {
      on: {
        'password.updated': { target: 'updated', actions: assign(({ event }) => ({ resetToken: null, success: event.message, alert: undefined })) },
        'password.update.failed': {
          target: 'password',
          actions: assign(({ event }) => ({ alert: event.message, success: undefined, fieldErrors: (event.field ? { new_password: event.field } : {}) as Record<string, string> })),
        },
      },
    },
    updated: { after: { [RESET_REDIRECT_MS]: 'finished' } },
    /** Back from the first step: the page goes to /login. */
    left: { type: 'final' },
    /** Updated and waited: the page goes to /login with the success message. */
    finished: { type: 'final' },
  },
});

const STEP_OF: Record<string, SavedReset['step']> = { verification: 'verification', verifyingCode: 'verification', password: 'password', updatingPassword: 'password' };

/** What to keep for a reload: the step, email, request id and send time once a code went out; nothing before it or after the update. */
export function savedReset(snapshot: SnapshotFrom<typeof resetPasswordMachine>): SavedReset | null {
  const step = typeof snapshot.value === 'string' ? STEP_OF[snapshot.value] : undefined;
  const { email, requestId, sentAt } = snapshot.context;
  return step && requestId ? { step, email, requestId, ...(sentAt ? { sentAt } : {}) } : null;
}

/** Reads what savedReset kept; the password step resumes at the code (the reset token is gone after a reload). */
export function restoredReset(raw: unknown): SavedReset | null {
  const saved = raw as Partial<SavedReset> | null;
  if (!saved || typeof saved.requestId !== 'string' || !saved.requestId) return null;
  const sentAt = typeof saved.sentAt === 'number' && Number.isFinite(saved.sentAt) ? { sentAt: saved.sentAt } : {};
  return { step: 'verification', email: typeof saved.email === 'string' ? saved.email : '', requestId: saved.requestId, ...sentAt };
}
