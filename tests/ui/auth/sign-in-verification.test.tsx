// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, fakeApi } from './fake-api';
import { controlPageTimers, passTime } from '../../helpers/page-timers';
import { renderAt } from '../render-app';
import { clearSession, startSession } from '../../../src/ui/features/auth/session-store';
import { pageAfterSignIn, rememberPage } from '../../../src/ui/features/auth/return-page';
import { signOut } from '../../../src/ui/features/auth/sign-out';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { SESSION_TEXTS } from '../../../src/shared/session-texts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession({ loggedOut: true });
});
afterEach(() => vi.useRealTimers());

async function waitOutCooldown() {
  for (let i = 0; i < 61; i++) {
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe('sign-in verification: resend', () => {
  it('resends after the 60 s countdown, at most 3 times, then shows the limit message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 7, phone: '+1******0002', loginStep: 'mobile-verification' }));
    const calls = fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: { message: AUTH_TEXTS.codeSent } }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/auth/mobile-verification');
    const resend = await screen.findByRole('button', { name: /Resend Code/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('Resend Code (60s)');
    for (let i = 1; i <= 3; i++) {
      await waitOutCooldown();
      await user.click(screen.getByRole('button', { name: 'Resend Code' }));
      await waitFor(() => expect(calls.filter((c) => c.url === '/device-verifications/send/')).toHaveLength(i));
    }
    expect(calls[0].body).toEqual({ identifier_type: 'mobile', operation: 'sign_in', user_id: 7 });
    expect(screen.getByText(AUTH_TEXTS.resendLimit)).toBeInTheDocument();
    await waitOutCooldown();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  });

  it('shows the server refusal of a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 7, phone: null, loginStep: 'mobile-verification' }));
    fakeApi({ '/device-verifications/send/': () => errorBody(401, AUTH_TEXTS.attemptExpired) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/auth/mobile-verification');
    await screen.findByRole('button', { name: /Resend Code/ });
    await waitOutCooldown();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.attemptExpired);
  });

  it('asks to sign in again when no sign-in is under way', async () => {
    renderAt('/auth/mobile-verification');
    expect(await screen.findByText(AUTH_TEXTS.verifyNeedsUser, { exact: false })).toBeInTheDocument();
  });
});

describe('signed-in visitors', () => {
  it('are sent from /login and /auth/mobile-verification to the dashboard', async () => {
    startSession({ id: 7, email: 'member@cu.example', name: 'Marcus Baptiste', first_name: 'Marcus', role_id: 2 });
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/dashboard'));
  });

  it('see the expiry message on /login after the session ends without a logout', async () => {
    startSession({ id: 7, email: 'member@cu.example', name: 'Marcus Baptiste', first_name: 'Marcus', role_id: 2 });
    clearSession();
    renderAt('/login');
    expect(await screen.findByText(SESSION_TEXTS.expired)).toBeInTheDocument();
  });
});

describe('signing in again after the session ended', () => {
  const marcus = { id: 7, email: 'member@cu.example', name: 'Marcus Baptiste', first_name: 'Marcus', role_id: 2 };

  it('returns the same member to the page they were on, with what its address held', async () => {
    startSession(marcus);
    const router = renderAt('/users/dashboard');
    await act(() => router.navigate('/users/transactions?from=2026-01-01'));
    await screen.findByRole('heading', { level: 1, name: /Transactions/ });
    // The session ends without a logout (its 5 minutes, or the server ended it): the guard sends them to /login.
    act(() => clearSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: marcus.id, phone: '+1******0002', loginStep: 'mobile-verification' }));
    fakeApi({ '/device-verifications/verify/': () => ({ status: 200, data: { access_token: 'jwt', user_id: marcus.id, email: marcus.email, name: marcus.name, first_name: marcus.first_name, role_id: marcus.role_id } }) });
    await act(() => router.navigate('/auth/mobile-verification'));
    await userEvent.click(await screen.findByLabelText('Digit 1 of 6'));
    controlPageTimers();
    await userEvent.keyboard('123456');
    expect(await screen.findByRole('dialog', { name: /Mobile Verified Successfully/ })).toHaveTextContent('Taking you back to the page you were on');
    await passTime(2000);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/users/transactions?from=2026-01-01'));
  });

  it('sends another user, or anyone after a logout, to their own first page; never outside their area', async () => {
    rememberPage(marcus.id, '/users/transactions');
    expect(pageAfterSignIn({ id: 8, role_id: 2 })).toEqual({ path: '/users/dashboard', returning: false });
    // Read once: a later sign-in of the same user starts afresh.
    rememberPage(marcus.id, '/users/transactions');
    expect(pageAfterSignIn(marcus)).toEqual({ path: '/users/transactions', returning: true });
    expect(pageAfterSignIn(marcus)).toEqual({ path: '/users/dashboard', returning: false });

    rememberPage(marcus.id, '/users/transfer-to-self');
    fakeApi({});
    await signOut();
    expect(pageAfterSignIn(marcus)).toEqual({ path: '/users/dashboard', returning: false });

    // A page of the other area (an administrator later given a member's id, or a tampered entry) is not followed.
    rememberPage(1, '/users/dashboard');
    expect(pageAfterSignIn({ id: 1, role_id: 1 })).toEqual({ path: '/admin/users', returning: false });
    sessionStorage.setItem('cu.auth.returnTo', JSON.stringify({ userId: 7, path: '//evil.example/users/' }));
    expect(pageAfterSignIn(marcus)).toEqual({ path: '/users/dashboard', returning: false });
    sessionStorage.setItem('cu.auth.returnTo', '{not json');
    expect(pageAfterSignIn(marcus)).toEqual({ path: '/users/dashboard', returning: false });
  });
});
