import { createActor } from 'xstate';
import { EMPTY_SIGN_IN, MAX_SIGN_IN_RESENDS, savedSignIn, signInMachine, type SignInFlow } from '../../../src/engine/auth/sign-in-machine';
import { AUTH_TEXTS } from '../../../src/shared/messages';

const start = (saved: Partial<SignInFlow>, at: SignInFlow['loginStep']) => createActor(signInMachine, { input: { saved: { ...EMPTY_SIGN_IN, ...saved }, at } }).start();

describe('the sign-in machine (no React)', () => {
  it('login -> code step, keeping user id, phone and step for the code page; a failure keeps its error at the login step', () => {
    const actor = start({}, 'login');
    expect(actor.getSnapshot().value).toBe('login');
    actor.send({ type: 'login.submitted' });
    actor.send({ type: 'login.failed', message: AUTH_TEXTS.invalidCredentials });
    expect(savedSignIn(actor.getSnapshot())).toEqual({ ...EMPTY_SIGN_IN, error: AUTH_TEXTS.invalidCredentials });
    actor.send({ type: 'login.submitted' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'code.sent', userId: 7, phone: '+1******0002' });
    expect(actor.getSnapshot().matches('mobileVerification')).toBe(true);
    expect(savedSignIn(actor.getSnapshot())).toEqual({ userId: 7, phone: '+1******0002', loginStep: 'mobile-verification', error: null, resends: 0 });
  });

  it('the code page resumes the code step only with a user id; /login always shows the form', () => {
    expect(start({ userId: 7, loginStep: 'mobile-verification' }, 'mobile-verification').getSnapshot().matches('mobileVerification')).toBe(true);
    expect(start({}, 'mobile-verification').getSnapshot().value).toBe('login');
    expect(start({ userId: 7, loginStep: 'mobile-verification' }, 'login').getSnapshot().value).toBe('login');
  });

  it('puts a code error under the boxes and anything else above; each failure starts a new round of empty boxes', () => {
    const actor = start({ userId: 7 }, 'mobile-verification');
    actor.send({ type: 'code.submitted' });
    expect(actor.getSnapshot().matches({ mobileVerification: 'verifying' })).toBe(true);
    actor.send({ type: 'code.verify.failed', message: AUTH_TEXTS.invalidCode, onCode: true });
    expect(actor.getSnapshot().context).toMatchObject({ codeError: AUTH_TEXTS.invalidCode, round: 1 });
    actor.send({ type: 'code.submitted' });
    expect(actor.getSnapshot().context.codeError).toBeUndefined();
    actor.send({ type: 'code.verify.failed', message: 'Server error', onCode: false });
    expect(actor.getSnapshot().context).toMatchObject({ generalError: 'Server error', round: 2 });
  });

  it(`counts at most ${MAX_SIGN_IN_RESENDS} resends`, () => {
    const actor = start({ userId: 7 }, 'mobile-verification');
    for (let i = 0; i < MAX_SIGN_IN_RESENDS + 2; i++) actor.send({ type: 'code.resent', message: AUTH_TEXTS.codeSent });
    expect(actor.getSnapshot().context.resends).toBe(MAX_SIGN_IN_RESENDS);
    expect(savedSignIn(actor.getSnapshot())?.resends).toBe(MAX_SIGN_IN_RESENDS);
  });

  it('a right code signs in (nothing kept), and the dashboard opens 2 s later', () => {
    vi.useFakeTimers();
    try {
      const actor = start({ userId: 7 }, 'mobile-verification');
      actor.send({ type: 'code.submitted' });
      actor.send({ type: 'code.verified' });
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(savedSignIn(actor.getSnapshot())).toBeNull();
      vi.advanceTimersByTime(2000);
      expect(actor.getSnapshot().value).toBe('finished');
    } finally {
      vi.useRealTimers();
    }
  });
});
