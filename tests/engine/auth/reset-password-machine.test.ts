import { createActor } from 'xstate';
import { resetPasswordMachine, restoredReset, savedReset } from '../../../src/engine/auth/reset-password-machine';
import { AUTH_TEXTS } from '../../../src/shared/messages';

const start = (saved: Parameters<typeof restoredReset>[0] = null) => createActor(resetPasswordMachine, { input: { saved: restoredReset(saved) } }).start();

describe('the password reset machine (no React)', () => {
  it('walks email -> verification -> password -> updated, keeping what a reload needs and nothing after the update', () => {
    vi.useFakeTimers();
    try {
      const actor = start();
      expect(actor.getSnapshot().value).toBe('email');
      actor.send({ type: 'email.submitted', email: ' member@cu.example ', at: 0 });
      expect(actor.getSnapshot().value).toBe('sendingCode');
      // A second submit while the call runs is ignored.
      actor.send({ type: 'email.submitted', email: 'other@cu.example', at: 0 });
      expect(actor.getSnapshot().context.email).toBe('member@cu.example');
      expect(savedReset(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'code.sent', requestId: 'req-1', message: AUTH_TEXTS.resetCodeSent, at: 1 });
      expect(actor.getSnapshot().value).toBe('verification');
      expect(savedReset(actor.getSnapshot())).toEqual({ step: 'verification', email: 'member@cu.example', requestId: 'req-1', sentAt: 1 });
      actor.send({ type: 'code.submitted' });
      actor.send({ type: 'code.verify.failed', message: AUTH_TEXTS.invalidCode });
      expect(actor.getSnapshot().value).toBe('verification');
      expect(actor.getSnapshot().context.alert).toBe(AUTH_TEXTS.invalidCode);
      actor.send({ type: 'code.submitted' });
      actor.send({ type: 'code.verified', resetToken: 'tok-1', message: AUTH_TEXTS.codeVerified });
      expect(actor.getSnapshot().value).toBe('password');
      expect(actor.getSnapshot().context.alert).toBeUndefined();
      expect(JSON.stringify(savedReset(actor.getSnapshot()))).not.toContain('tok-1');
      actor.send({ type: 'password.submitted' });
      actor.send({ type: 'password.update.failed', message: AUTH_TEXTS.invalidPasswordFormat, field: 'Password must contain at least one uppercase letter' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ new_password: 'Password must contain at least one uppercase letter' });
      actor.send({ type: 'password.submitted' });
      actor.send({ type: 'password.updated', message: AUTH_TEXTS.passwordUpdated });
      expect(actor.getSnapshot().value).toBe('updated');
      expect(actor.getSnapshot().context.resetToken).toBeNull();
      expect(savedReset(actor.getSnapshot())).toBeNull();
      vi.advanceTimersByTime(1999);
      expect(actor.getSnapshot().value).toBe('updated');
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().value).toBe('finished');
    } finally {
      vi.useRealTimers();
    }
  });

  it('Back moves one step back, and from the first step leaves', () => {
    const actor = start({ step: 'verification', email: 'a@b.co', requestId: 'req-1' });
    expect(actor.getSnapshot().value).toBe('verification');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('email');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('left');
  });

  it('resumes a reload at the code step, also from the password step (the reset token is gone)', () => {
    expect(restoredReset({ step: 'password', email: 'a@b.co', requestId: 'req-1' })).toEqual({ step: 'verification', email: 'a@b.co', requestId: 'req-1' });
    expect(restoredReset({ step: 'verification', email: 'a@b.co', at: 0 })).toBeNull();
    expect(start({ step: 'password', email: 'a@b.co', requestId: 'req-1' }).getSnapshot().value).toBe('verification');
  });

  it('refuses the update without a reset token, with the specification message', () => {
    const actor = start();
    actor.send({ type: 'email.submitted', email: 'a@b.co', at: 0 });
    actor.send({ type: 'code.sent', requestId: 'req-1', message: 'sent', at: 1 });
    actor.send({ type: 'code.submitted' });
    actor.send({ type: 'code.verified', resetToken: null, message: AUTH_TEXTS.codeVerified });
    actor.send({ type: 'password.submitted' });
    expect(actor.getSnapshot().value).toBe('password');
    expect(actor.getSnapshot().context.alert).toBe(AUTH_TEXTS.invalidResetToken);
  });

  it('a resend restarts the countdown and replaces the request id; a refused resend shows its message', () => {
    const actor = start({ step: 'verification', email: 'a@b.co', requestId: 'req-1' });
    actor.send({ type: 'code.resent', requestId: 'req-2', message: AUTH_TEXTS.resetCodeSent, at: 42 });
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 'req-2', sentAt: 42, success: AUTH_TEXTS.resetCodeSent });
    actor.send({ type: 'code.resend.failed', message: AUTH_TEXTS.tooManyResets });
    expect(actor.getSnapshot().context).toMatchObject({ alert: AUTH_TEXTS.tooManyResets, success: undefined });
  });

  it('Back and the same email again within the wait between codes returns to the code sent; after the wait, or another email, asks again', () => {
    const sentAt = 1_000_000;
    const actor = start({ step: 'verification', email: 'Member@cu.example', requestId: 'req-1', sentAt });
    expect(actor.getSnapshot().context.sentAt).toBe(sentAt);
    actor.send({ type: 'back' });
    actor.send({ type: 'email.submitted', email: ' member@CU.example ', at: sentAt + 59_000 });
    expect(actor.getSnapshot().value).toBe('verification');
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 'req-1', sentAt, success: AUTH_TEXTS.resetCodeStillGood });
    actor.send({ type: 'back' });
    actor.send({ type: 'email.submitted', email: 'member@cu.example', at: sentAt + 60_000 });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    const other = start({ step: 'verification', email: 'member@cu.example', requestId: 'req-1', sentAt });
    other.send({ type: 'back' });
    other.send({ type: 'email.submitted', email: 'other@cu.example', at: sentAt + 1_000 });
    expect(other.getSnapshot().value).toBe('sendingCode');
    expect(other.getSnapshot().context.email).toBe('other@cu.example');
  });
});
