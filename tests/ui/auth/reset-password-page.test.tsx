// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, fakeApi } from './fake-api';
import { controlPageTimers, passTime } from '../../helpers/page-timers';
import { renderAt } from '../render-app';
import { AUTH_TEXTS } from '../../../src/shared/messages';
import { submitTextOf } from '../../helpers/form-messages';
import { PAGE_TEXTS } from '../../../src/shared/page-texts';
import resetPasswordUi from '../../../forms/auth/reset-password.ui.json';
import { fillText } from '../../../src/shared/fill-text';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

const FIXED = { operation: 'reset_password', identifier_type: 'email', signup_id: null, verified_on: null, access_token: null, token_type: null };

function happyServer() {
  return fakeApi({
    '/password/reset/send': () => ({ status: 200, data: { message: AUTH_TEXTS.resetCodeSent, user_id: 'req-1' } }),
    '/password/reset/verify': (body) => (body.code === '123456' ? { status: 200, data: { message: AUTH_TEXTS.codeVerified, reset_token: 'tok-1' } } : errorBody(401, AUTH_TEXTS.invalidCode)),
    '/password/reset/update': () => ({ status: 200, data: { message: AUTH_TEXTS.passwordUpdated } }),
  });
}

async function toVerification(email = 'member@cu.example') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
  await screen.findByRole('heading', { name: 'Verify Email' });
}

describe('reset password page', () => {
  it('step 1: texts, Send Reset Code only with a valid email, Back to Login', async () => {
    const router = renderAt('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByText('Enter your email address to receive a reset code')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: submitTextOf('auth/reset-email') });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nope');
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('walks all three steps with the spec texts and returns to /login after 2 s with the message', async () => {
    const calls = happyServer();
    const router = renderAt('/reset-password');
    await toVerification();
    expect(calls[0]).toEqual({ url: '/password/reset/send', body: { ...FIXED, email: 'member@cu.example' } });
    expect(screen.getByText('Enter the verification code sent to your email')).toBeInTheDocument();
    // Said without telling whether the address has an account (the server answers an unknown one alike).
    expect(screen.getByText('member@cu.example').closest('p')).toHaveTextContent(fillText(AUTH_TEXTS.resetCodeSentTo, { email: 'member@cu.example' }));
    const code = screen.getByPlaceholderText('Enter 6-digit code');
    // The new step's box has the focus: the code is typed straight in.
    await waitFor(() => expect(code).toHaveFocus());
    const verify = screen.getByRole('button', { name: submitTextOf('auth/reset-code') });
    expect(verify).toBeDisabled();
    await userEvent.type(code, '12a');
    await userEvent.tab();
    expect(screen.getByText('Verification code must be 6 digits')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '12345a');
    expect(screen.getByText('Verification code must contain only numbers')).toBeInTheDocument();
    await userEvent.clear(code);
    expect(screen.getByText('Verification code is required')).toBeInTheDocument();
    // Typed in two groups, as the email shows it: the space goes, all six digits stay.
    await userEvent.type(code, '123 45-6');
    expect(code).toHaveValue('123456');
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    expect(verify).toBeEnabled();
    await userEvent.click(verify);

    expect(await screen.findByRole('heading', { name: 'New Password' })).toBeInTheDocument();
    expect(calls[1]).toEqual({ url: '/password/reset/verify', body: { ...FIXED, user_id: 'req-1', email: 'member@cu.example', code: '123456' } });
    expect(screen.getByText('Create a new password for your account')).toBeInTheDocument();
    const update = screen.getByRole('button', { name: submitTextOf('auth/reset-password') });
    expect(update).toBeDisabled();
    const pw = screen.getByLabelText(/^New Password/);
    await waitFor(() => expect(pw).toHaveFocus());
    const confirm = screen.getByLabelText(/^Confirm New Password/);
    // The rules are stated under the new password's box (its ui:help), and the confirmation's blank line reads as nothing.
    const rules = resetPasswordUi.new_password['ui:help'];
    expect(pw).toHaveAccessibleDescription(rules);
    expect(confirm).toHaveAccessibleDescription('');
    for (const [typed, message] of [
      ['short', 'Password must be at least 8 characters'],
      ['lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoNumbers!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'Password must contain at least one special character'],
    ]) {
      await userEvent.clear(pw);
      await userEvent.type(pw, typed);
      await userEvent.tab();
      expect(screen.getByText(message)).toBeInTheDocument();
      // The message names one broken rule; the rules stay in sight and are read with it.
      expect(screen.getByText(rules)).toBeInTheDocument();
      expect(pw).toHaveAccessibleDescription(expect.stringContaining(`${message} ${rules}`));
    }
    await userEvent.clear(pw);
    await userEvent.type(pw, 'Brand-New-Pass1');
    // Rated as the wizard rates a password, and read with the box.
    expect(screen.getByRole('meter', { name: PAGE_TEXTS.passwordStrength })).toHaveAttribute('aria-valuetext', PAGE_TEXTS.strengthStrong);
    expect(pw).toHaveAccessibleDescription(`${rules} ${PAGE_TEXTS.strengthStrong}`);
    await userEvent.click(confirm);
    await userEvent.tab();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await userEvent.type(confirm, 'Brand-New-Pass2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(update).toBeDisabled();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'Brand-New-Pass1');
    expect(update).toBeEnabled();
    controlPageTimers();
    await userEvent.click(update);
    expect(await screen.findByText(AUTH_TEXTS.passwordUpdated)).toBeInTheDocument();
    expect(calls[2].body).toEqual({ ...FIXED, user_id: 'req-1', email: 'member@cu.example', new_password: 'Brand-New-Pass1', reset_token: 'tok-1' });
    await passTime(1900);
    expect(router.state.location.pathname).not.toBe('/login');
    await passTime(100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(AUTH_TEXTS.resetSuccessRedirect)).toBeInTheDocument();
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('tok-1');
  });

  it("says so when the new password is the account's current one (not AUTH_TEXTS.invalidPasswordFormat)", async () => {
    const same = AUTH_TEXTS.samePassword;
    fakeApi({
      '/password/reset/send': () => ({ status: 200, data: { user_id: 'req-1' } }),
      '/password/reset/verify': () => ({ status: 200, data: { message: AUTH_TEXTS.codeVerified, reset_token: 'tok-1' } }),
      '/password/reset/update': () => errorBody(400, same, { new_password: same }),
    });
    renderAt('/reset-password');
    await toVerification();
    await userEvent.type(screen.getByPlaceholderText('Enter 6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-code') }));
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'Member!2345');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'Member!2345');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-password') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(same);
    expect(screen.queryByText(AUTH_TEXTS.invalidPasswordFormat)).toBeNull();
    // A different password typed: the alert about the current one goes (it stayed beside a new, unrelated message).
    await userEvent.type(screen.getByLabelText(/^New Password/), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('maps the verify error catalogue: wrong code 401, expired code 403', async () => {
    fakeApi({
      '/password/reset/send': () => ({ status: 200, data: { user_id: 'req-1' } }),
      '/password/reset/verify': (body) => (body.code === '000000' ? errorBody(403, 'x') : errorBody(401, 'x')),
    });
    renderAt('/reset-password');
    await toVerification();
    const code = screen.getByPlaceholderText('Enter 6-digit code');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-code') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.invalidCode);
    // Retyping the code takes the refusal of the last one away.
    await userEvent.clear(code);
    await waitFor(() => expect(screen.queryByText(AUTH_TEXTS.invalidCode)).toBeNull());
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-code') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXTS.expiredCode));
  });

  it.each([
    [404, AUTH_TEXTS.emailNotFound],
    [429, AUTH_TEXTS.tooManyResets],
    [500, AUTH_TEXTS.serverError],
    [422, 'the detail'],
  ])('shows the send error of a %i: %s', async (status, message) => {
    fakeApi({ '/password/reset/send': () => errorBody(status, 'the detail') });
    renderAt('/reset-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'member@cu.example');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('a send refused for the wait after a code just sent (another window) says what to do and when', async () => {
    fakeApi({ '/password/reset/send': () => ({ ...errorBody(429, AUTH_TEXTS.tooManyResets), headers: { 'retry-after': '42' } }) });
    renderAt('/reset-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'member@cu.example');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.resetSentMomentsAgo);
  });

  it('Back moves one step back, and the step survives a reload', async () => {
    happyServer();
    renderAt('/reset-password');
    await toVerification();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(JSON.parse(sessionStorage.getItem('cu.auth.reset')!)).toEqual({ step: 'verification', email: 'member@cu.example', requestId: 'req-1', sentAt: expect.any(Number) });
  });

  it('Back, then the same email again within the wait between codes: the code sent still works, nothing is asked again', async () => {
    const calls = happyServer();
    renderAt('/reset-password');
    await toVerification();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Reset Password' });
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    // One code asked for: a second would be refused by the server's wait ("Too many reset attempts"), the code step out of reach.
    expect(calls.filter((c) => c.url === '/password/reset/send')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_TEXTS.resetCodeStillGood);
    expect(screen.getByRole('button', { name: /^Resend Code \(\d+s\)$/ })).toBeDisabled();
    await userEvent.type(screen.getByPlaceholderText('Enter 6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-code') }));
    expect(calls.at(-1)).toMatchObject({ url: '/password/reset/verify', body: { code: '123456' } });
  });

  it('Back, then another email: a new code is asked for that one', async () => {
    const calls = happyServer();
    renderAt('/reset-password');
    await toVerification();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'grace@cu.example');
    await userEvent.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(calls.filter((c) => c.url === '/password/reset/send').map((c) => c.body.email)).toEqual(['member@cu.example', 'grace@cu.example']);
  });
});
