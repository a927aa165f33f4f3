// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, fakeApi } from './fake-api';
import { renderAt } from '../render-app';
import { clearSession, startSession } from '../../../src/ui/features/auth/session-store';

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
    const calls = fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: { message: 'Mobile verification code sent' } }) });
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
    expect(screen.getByText('Maximum resend attempts reached. Please contact support if you continue to have issues.')).toBeInTheDocument();
    await waitOutCooldown();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  });

  it('shows the server refusal of a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 7, phone: null, loginStep: 'mobile-verification' }));
    fakeApi({ '/device-verifications/send/': () => errorBody(401, 'Your sign-in attempt has expired. Please sign in again.') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/auth/mobile-verification');
    await screen.findByRole('button', { name: /Resend Code/ });
    await waitOutCooldown();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in attempt has expired. Please sign in again.');
  });

  it('asks to sign in again when no sign-in is under way', async () => {
    renderAt('/auth/mobile-verification');
    expect(await screen.findByText(/User ID is missing\. Cannot verify code\./)).toBeInTheDocument();
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
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });
});
