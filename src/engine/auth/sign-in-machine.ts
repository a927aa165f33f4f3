import { assign, setup, type SnapshotFrom } from 'xstate';

/** The auth session's sign-in fields (spec 1 section 3: userId, loginStep, error) as kept between /login and the code page. */
export interface SignInFlow {
  userId: number | null;
  phone: string | null;
  loginStep: 'login' | 'mobile-verification';
  error: string | null;
  resends: number;
}

export const EMPTY_SIGN_IN: SignInFlow = { userId: null, phone: null, loginStep: 'login', error: null, resends: 0 };

/** At most 3 resends of the sign-in code (DESIGN.md section 4). */
export const MAX_SIGN_IN_RESENDS = 3;
/** The success dialog shows this long before the dashboard opens (spec 1 section 2). */
export const SIGNED_IN_REDIRECT_MS = 2000;

export interface SignInContext extends Omit<SignInFlow, 'loginStep'> {
  /** The page that started the machine. */
  startAt: SignInFlow['loginStep'];
  /** Under the code boxes (a message about the code). */
  codeError?: string;
  /** Above the code boxes (anything else). */
  generalError?: string;
  /** A resend's success message. */
  notice?: string;
  /** Counts failed checks and new codes: each starts with empty code boxes. */
  round: number;
}

export type SignInEvent =
  | { type: 'login.submitted' }
  | { type: 'code.sent'; userId: number; phone: string | null }
  | { type: 'login.failed'; message: string }
  | { type: 'code.submitted' }
  | { type: 'code.verified' }
  | { type: 'code.verify.failed'; message: string; onCode: boolean }
  | { type: 'code.resent'; message: string }
  | { type: 'code.resend.failed'; message: string }
  | { type: 'alert.dismissed' };

/**
 * Sign-in (spec 1 sections 2 and 4): the login form, then the SMS code step, then signed in (the dialog, and 2 s later
 * the dashboard). The pages make the calls and report outcomes ('code.sent', 'login.failed'...). Each page starts
 * the machine from what was kept (`saved`) at its own step (`at`): /login always shows the form with the stored
 * error; the code page resumes the code step when a user id was kept.
 */
export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent, input: {} as { saved: SignInFlow; at: SignInFlow['loginStep'] } },
  guards: {
    awaitsCode: ({ context }) => context.userId !== null,
    resumesCode: ({ context }) => context.startAt === 'mobile-verification' && context.userId !== null,
    canResend: ({ context }) => context.resends < MAX_SIGN_IN_RESENDS,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ startAt: input.at, userId: input.saved.userId, phone: input.saved.phone, error: input.saved.error, resends: input.saved.resends, round: 0 }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'resumesCode', target: 'mobileVerification' }, { target: 'login' }],
    },
    login: {
      on: {
        'login.submitted': { target: 'signingIn', actions: assign({ error: null }) },
        'alert.dismissed': { actions: assign({ error: null }) },
      },
    },
    signingIn: {
      on: {
        'code.sent': { target: 'mobileVerification', actions: assign(({ event }) => ({ userId: event.userId, phone: event.phone, error: null, resends: 0 })) },
        'login.failed': { target: 'login', actions: assign(({ event }) => ({ error: event.message })) },
      },
    },
    mobileVerification: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'code.submitted': { guard: 'awaitsCode', target: 'verifying', actions: assign({ codeError: undefined, generalError: undefined }) },
            'code.resent': { guard: 'canResend', actions: assign(({ context, event }) => ({ resends: context.resends + 1, round: context.round + 1, notice: event.message, codeError: undefined, generalError: undefined })) },
            'code.resend.failed': { actions: assign(({ event }) => ({ generalError: event.message, notice: undefined })) },
          },
        },
        verifying: {
          on: {
            'code.verified': '#signIn.signedIn',
            'code.verify.failed': { target: 'idle', actions: assign(({ context, event }) => ({ round: context.round + 1, ...(event.onCode ? { codeError: event.message } : { generalError: event.message }) })) },
          },
        },
      },
    },
    signedIn: { after: { [SIGNED_IN_REDIRECT_MS]: 'finished' } },
    finished: { type: 'final' },
  },
});

/** What to keep for a reload (sessionStorage), or null once signed in. */
export function savedSignIn(snapshot: SnapshotFrom<typeof signInMachine>): SignInFlow | null {
  if (snapshot.matches('signedIn') || snapshot.matches('finished')) return null;
  const { userId, phone, error, resends } = snapshot.context;
  return { userId, phone, loginStep: snapshot.matches('mobileVerification') ? 'mobile-verification' : 'login', error, resends };
}
