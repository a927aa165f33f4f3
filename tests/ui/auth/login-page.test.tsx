// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, fakeApi } from './fake-api';
import { controlPageTimers, passTime } from '../../helpers/page-timers';
import { renderAt } from '../render-app';
import { clearSession } from '../../../src/ui/features/auth/session-store';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { submitTextOf } from '../../helpers/form-messages';
import signInForm from '../../../forms/auth/sign-in.schema.json';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession({ loggedOut: true });
});

const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const signInButton = () => screen.getByRole('button', { name: submitTextOf('auth/sign-in') });

describe('login page', () => {
  it("shows its form's title and description (spec: 'Welcome Back' and its subtitle), the links, and keeps Sign In disabled while a field is empty", async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: signInForm.title })).toBeInTheDocument();
    expect(screen.getByText(signInForm.description)).toBeInTheDocument();
    // The title is set by an effect, which React may run just after the page's first paint.
    await waitFor(() => expect(document.title).toBe('Sign In - Credit Union Online'));
    expect(signInButton()).toBeDisabled();
    await userEvent.type(email(), 'member@cu.example');
    expect(signInButton()).toBeDisabled();
    await userEvent.type(password(), 'Member!2345');
    expect(signInButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Reset Password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/new-or-existing-customer');
  });

  it('validates each field when it loses focus, with the spec messages, and disables Sign In on an error', async () => {
    renderAt('/login');
    await userEvent.click(await screen.findByLabelText(/^Email/));
    await userEvent.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email(), 'not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(email());
    await userEvent.type(email(), 'member@cu.example');
    await userEvent.type(password(), 'short');
    await userEvent.tab();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(signInButton()).toBeDisabled();
    await userEvent.clear(password());
    await userEvent.tab();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/^Password/), 'Member!2345');
    expect(password()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('sends the email, password and device_info, then goes to /auth/mobile-verification', async () => {
    const calls = fakeApi({ '/users/login': () => ({ status: 200, data: { message: AUTH_TEXTS.codeSent, phone: '+1******0002', user_id: 7 } }) });
    const router = renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'member@cu.example');
    await userEvent.type(password(), 'Member!2345');
    await userEvent.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/mobile-verification'));
    expect(calls[0].body).toMatchObject({ email: 'member@cu.example', password: 'Member!2345', device_info: { user_agent: expect.any(String), platform: expect.any(String), language: expect.any(String) } });
    expect(await screen.findByRole('heading', { name: 'Sign In Verification' })).toBeInTheDocument();
    expect(screen.getByText(/\+1\*{6}0002/)).toBeInTheDocument();
  });

  it.each([
    [401, AUTH_TEXTS.invalidCredentials],
    [403, AUTH_TEXTS.accountLocked],
    [429, AUTH_TEXTS.tooManyLogins],
    [500, 'Server error. Please try again later'],
    [418, 'A teapot answered'],
  ])('shows the stored error of a %i as an alert: %s', async (status, message) => {
    fakeApi({ '/users/login': () => errorBody(status, status === 418 ? 'A teapot answered' : 'server text') });
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'member@cu.example');
    await userEvent.type(password(), 'Member!2345');
    await userEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(JSON.parse(sessionStorage.getItem('cu.auth.signIn')!).error).toBe(message);
  });

  it('shows the message carried from the password reset', async () => {
    renderAt('/login', { message: AUTH_TEXTS.resetSuccessRedirect });
    expect(await screen.findByText(AUTH_TEXTS.resetSuccessRedirect)).toBeInTheDocument();
  });
});

describe('sign-in verification page', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies the six digits automatically, shows the success dialog, and opens the dashboard 2 s later', async () => {
    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 7, phone: '+1******0002', loginStep: 'mobile-verification' }));
    const calls = fakeApi({
      '/device-verifications/verify/': (body) =>
        body.code === '123456'
          ? { status: 200, data: { access_token: 'jwt', user_id: 7, email: 'member@cu.example', name: 'Marcus Baptiste', first_name: 'Marcus', role_id: 2 } }
          : errorBody(401, AUTH_TEXTS.invalidCode, { code: AUTH_TEXTS.invalidCode }),
    });
    const router = renderAt('/auth/mobile-verification');
    const first = await screen.findByLabelText('Digit 1 of 6');
    await userEvent.click(first);
    await userEvent.keyboard('111111');
    expect(await screen.findByText(AUTH_TEXTS.invalidCode)).toBeInTheDocument();
    // The emptied boxes take the focus back: the right code can be typed at once.
    await waitFor(() => expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus());
    controlPageTimers();
    await userEvent.keyboard('123456');
    expect(await screen.findByRole('dialog', { name: /Mobile Verified Successfully/ })).toHaveTextContent('Taking you to your dashboard');
    expect(calls.at(-1)!.body).toEqual({ identifier_type: 'mobile', operation: 'sign_in', user_id: 7, code: '123456' });
    await passTime(1900);
    expect(router.state.location.pathname).toBe('/auth/mobile-verification');
    await passTime(100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/dashboard'));
    expect(localStorage.getItem('cu.auth.user')).toContain('member@cu.example');
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt');
  });

  it("an administrator is told where they are going: the Users page, not a dashboard", async () => {
    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 1, phone: '+1******0001', loginStep: 'mobile-verification' }));
    fakeApi({ '/device-verifications/verify/': () => ({ status: 200, data: { access_token: 'jwt', user_id: 1, email: 'admin@cu.example', name: 'Ava Administrator', first_name: 'Ava', role_id: 1 } }) });
    const router = renderAt('/auth/mobile-verification');
    await userEvent.click(await screen.findByLabelText('Digit 1 of 6'));
    controlPageTimers();
    await userEvent.keyboard('123456');
    expect(await screen.findByRole('dialog', { name: /Mobile Verified Successfully/ })).toHaveTextContent('Taking you to the Users page');
    await passTime(2000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('Back goes to /login', async () => {
    sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 7, phone: null, loginStep: 'mobile-verification' }));
    const router = renderAt('/auth/mobile-verification');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
