// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, fakeApi } from './fake-api';
import { renderAt } from '../render-app';
import { clearSession } from '../../../src/ui/features/auth/session-store';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { submitTextOf } from '../../helpers/form-messages';

const CODE_KEY = 'cu.verification.code.sign_in';
const SIGN_IN_KEY = 'cu.auth.signIn';
const verified = { status: 200, data: { access_token: 'jwt', user_id: 7, email: 'grace@cu.example', name: 'Grace Member', first_name: 'Grace', role_id: 2 } };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession({ loggedOut: true });
});

/** A reload of the tab: the page goes, sessionStorage stays, and the page is drawn again from it. */
function reload(path: string) {
  cleanup();
  return renderAt(path);
}

function digits() {
  return Array.from({ length: 6 }, (_, i) => screen.getByLabelText(`Digit ${i + 1} of 6`));
}

describe('a refused sign-in code', () => {
  it('is not kept: after a reload the boxes are empty, the focus is on the first, and the real code is sent as typed', async () => {
    sessionStorage.setItem(SIGN_IN_KEY, JSON.stringify({ userId: 7, phone: '+1******0002', loginStep: 'mobile-verification' }));
    const calls = fakeApi({ '/device-verifications/verify/': (body) => (body.code === '123456' ? verified : errorBody(400, AUTH_TEXTS.invalidCode)) });
    renderAt('/auth/mobile-verification');
    await userEvent.click(await screen.findByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('000000');
    expect(await screen.findByText(AUTH_TEXTS.invalidCode)).toBeInTheDocument();
    // Refused: gone from the boxes and from the tab's storage.
    await waitFor(() => expect(digits().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']));
    expect(sessionStorage.getItem(CODE_KEY) ?? '').toBe('');

    reload('/auth/mobile-verification');
    const first = await screen.findByLabelText('Digit 1 of 6');
    expect(digits().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('123456');
    expect(await screen.findByRole('dialog', { name: /Mobile Verified Successfully/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/device-verifications/verify/').map((c) => c.body.code)).toEqual(['000000', '123456']);
  });

  it('a code typed and not yet sent is still kept across a reload', async () => {
    sessionStorage.setItem(SIGN_IN_KEY, JSON.stringify({ userId: 7, phone: null, loginStep: 'mobile-verification' }));
    fakeApi({});
    renderAt('/auth/mobile-verification');
    await userEvent.click(await screen.findByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('123');
    reload('/auth/mobile-verification');
    await screen.findByLabelText('Digit 1 of 6');
    expect(digits().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '', '', '']);
  });
});

describe('the resend countdown resumes from when the code went out', () => {
  it('sign-in: the login answer notes the send; a reload 14 s later shows about 46 s, not 60', async () => {
    fakeApi({ '/users/login': () => ({ status: 200, data: { user_id: 7, phone: '+1******0002' } }) });
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'grace@cu.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Member!2345');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/sign-in') }));
    expect(await screen.findByRole('button', { name: /Resend Code/ })).toHaveTextContent('Resend Code (60s)');
    const kept = JSON.parse(sessionStorage.getItem(SIGN_IN_KEY)!);
    expect(kept).toMatchObject({ userId: 7, loginStep: 'mobile-verification' });
    expect(kept.sentAt).toBeGreaterThan(Date.now() - 10_000);

    // As if 14 s had passed before the reload.
    sessionStorage.setItem(SIGN_IN_KEY, JSON.stringify({ ...kept, sentAt: Date.now() - 14_000 }));
    reload('/auth/mobile-verification');
    expect(await screen.findByRole('button', { name: /Resend Code/ })).toHaveTextContent(/^Resend Code \((46|45)s\)$/);
  });

  it('sign-in: a refused code does not start the wait again, and a wait already over lets the resend go at once', async () => {
    sessionStorage.setItem(SIGN_IN_KEY, JSON.stringify({ userId: 7, phone: null, loginStep: 'mobile-verification', sentAt: Date.now() - 14_000 }));
    const calls = fakeApi({
      '/device-verifications/verify/': () => errorBody(400, AUTH_TEXTS.invalidCode),
      '/device-verifications/send/': () => ({ status: 200, data: { message: AUTH_TEXTS.codeSent } }),
    });
    renderAt('/auth/mobile-verification');
    await userEvent.click(await screen.findByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('000000');
    expect(await screen.findByText(AUTH_TEXTS.invalidCode)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend Code/ })).toHaveTextContent(/^Resend Code \((46|45|44)s\)$/);

    sessionStorage.setItem(SIGN_IN_KEY, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(SIGN_IN_KEY)!), sentAt: Date.now() - 61_000 }));
    reload('/auth/mobile-verification');
    const resend = await screen.findByRole('button', { name: 'Resend Code' });
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    await waitFor(() => expect(calls.filter((c) => c.url === '/device-verifications/send/')).toHaveLength(1));
    // The new code's wait is the whole minute, and it is kept for the next reload.
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend Code/ })).toHaveTextContent('Resend Code (60s)'));
    expect(JSON.parse(sessionStorage.getItem(SIGN_IN_KEY)!).sentAt).toBeGreaterThan(Date.now() - 10_000);
  });

  it('password reset: the send time is kept with the step, and a reload resumes the countdown', async () => {
    fakeApi({ '/password/reset/send': () => ({ status: 200, data: { message: AUTH_TEXTS.resetCodeSent, user_id: 'req-1' } }) });
    renderAt('/reset-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'grace@cu.example');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(screen.getByRole('button', { name: /Resend Code/ })).toHaveTextContent('Resend Code (60s)');
    const kept = JSON.parse(sessionStorage.getItem('cu.auth.reset')!);
    expect(kept.sentAt).toBeGreaterThan(Date.now() - 10_000);

    const sentAt = Date.now() - 14_000;
    sessionStorage.setItem('cu.auth.reset', JSON.stringify({ ...kept, sentAt }));
    reload('/reset-password');
    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(screen.getByRole('button', { name: /Resend Code/ })).toHaveTextContent(/^Resend Code \((46|45)s\)$/);
    // The time read back stays with the step when the step is written again (here: a code refused).
    fakeApi({ '/password/reset/verify': () => errorBody(401, 'x') });
    await userEvent.type(screen.getByPlaceholderText('Enter 6-digit code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-code') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.invalidCode);
    expect(JSON.parse(sessionStorage.getItem('cu.auth.reset')!)).toEqual({ step: 'verification', email: 'grace@cu.example', requestId: 'req-1', sentAt });
    expect(screen.getByRole('button', { name: /Resend Code/ })).toHaveTextContent(/^Resend Code \((46|45|44|43)s\)$/);
  });
});
