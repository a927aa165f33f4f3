// @vitest-environment happy-dom
// The sign-in, reset, continue and shared pages' words are the configuration's: each page's heading and introduction
// are its form's title and description (forms/auth/), its other words forms/messages/auth.json, onboarding.json and
// pages.json. An analyst's rewording shows on the page; nothing here is written in the test but the rewording.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from './fake-api';
import { renderAt } from '../render-app';
import { clearSession } from '../../../src/ui/features/auth/session-store';
import { AUTH_TEXTS, ONBOARDING_TEXTS } from '../../../src/shared/messages';
import { PAGE_TEXTS } from '../../../src/shared/page-texts';
import { OtpInput } from '../../../src/ui/components/otp-input';
import { ResendCountdown } from '../../../src/ui/components/resend-countdown';
import { loadFlatForm } from '../../../src/ui/forms/load-flat-form';
import { PRODUCT_NAME } from '../../../src/ui/lib/use-page-title';
import { submitTextOf } from '../../helpers/form-messages';
import signIn from '../../../forms/auth/sign-in.schema.json';
import resetEmail from '../../../forms/auth/reset-email.schema.json';

const reworded = {
  auth: { signInPage: 'Come in', resetPasswordLink: 'Forgot it?', signUpLink: 'Join us', backToLogin: 'Back to signing in' },
  onboarding: { startNewInstead: 'Begin again instead', resumeCodeSentTo: 'It went to {contact}, if that starts a draft.' },
  pages: { notFoundTitle: 'Nothing here', notFoundBody: 'That address leads nowhere.', returnHome: 'Take me home', codeBoxes: 'Your code', codeDigit: 'Box {digit} of {length}', resendCode: 'Another code', resendIn: '{label} in {seconds} s', showField: 'Reveal the {field}' },
};
const before = { auth: { ...AUTH_TEXTS }, onboarding: { ...ONBOARDING_TEXTS }, pages: { ...PAGE_TEXTS } };
beforeAll(() => {
  Object.assign(AUTH_TEXTS, reworded.auth);
  Object.assign(ONBOARDING_TEXTS, reworded.onboarding);
  Object.assign(PAGE_TEXTS, reworded.pages);
});
afterAll(() => {
  Object.assign(AUTH_TEXTS, before.auth);
  Object.assign(ONBOARDING_TEXTS, before.onboarding);
  Object.assign(PAGE_TEXTS, before.pages);
});
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession({ loggedOut: true });
});

describe("the public pages' words come from the configuration", () => {
  it("/login: its form's title and description head it, and auth.json names the tab and the links", async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: signIn.title })).toBeInTheDocument();
    expect(screen.getByText(signIn.description)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Come in - ${PRODUCT_NAME}`));
    expect(screen.getByRole('link', { name: 'Forgot it?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Join us' })).toHaveAttribute('href', '/new-or-existing-customer');
    expect(screen.getByRole('button', { name: /^Reveal the / })).toBeInTheDocument();
  });

  it("/reset-password: each step's form heads the page; the code step's sentence and buttons are the files' words", async () => {
    const user = userEvent.setup();
    fakeApi({ '/password/reset/send': () => ({ status: 200, data: { message: AUTH_TEXTS.resetCodeSent, user_id: 7 } }) });
    renderAt('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: resetEmail.title })).toBeInTheDocument();
    expect(screen.getByText(resetEmail.description)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to signing in' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText(/^Email/), 'member@cu.example');
    await user.click(screen.getByRole('button', { name: submitTextOf('auth/reset-email') }));
    const codeForm = await loadFlatForm('auth/reset-code');
    expect(await screen.findByRole('heading', { level: 1, name: codeForm.title })).toBeInTheDocument();
    expect(screen.getByText(codeForm.description)).toBeInTheDocument();
    // The sentence's {email} in bold, the rest of it as the file words it.
    const sentence = screen.getByText('member@cu.example', { selector: 'strong' }).parentElement!;
    expect(sentence).toHaveTextContent(AUTH_TEXTS.resetCodeSentTo.replace('{email}', 'member@cu.example'));
    expect(screen.getByRole('button', { name: /^Another code in \d+ s$/ })).toBeDisabled();
  });

  it('/continue: each step\'s form heads the page with its introduction; the way to a new application and the contact\'s sentence are onboarding.json\'s', async () => {
    fakeApi({ '/onboarding/resume/send': () => ({ status: 200, data: { message: 'The server\'s own answer.', resume_id: 'res-1' } }) });
    renderAt('/continue');
    const [contactForm, codeForm] = await Promise.all([loadFlatForm('auth/resume-contact'), loadFlatForm('auth/resume-code')]);
    expect(await screen.findByRole('heading', { level: 1, name: contactForm.title })).toBeInTheDocument();
    expect(await screen.findByText(contactForm.description!)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Begin again instead' })).toHaveAttribute('href', '/new-or-existing-customer');
    await userEvent.type(screen.getByRole('textbox'), 'ana@example.com{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: codeForm.title })).toBeInTheDocument();
    expect(screen.getByText(codeForm.description!)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The server\'s own answer.');
    expect(screen.getByText(/^It went to/)).toHaveTextContent('It went to ana@example.com, if that starts a draft.');
    expect(within(screen.getByText(/^It went to/)).getByText('ana@example.com').tagName).toBe('STRONG');
  });

  it('an unknown address: the page not found, in pages.json\'s words', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing here' })).toBeInTheDocument();
    expect(screen.getByText('That address leads nowhere.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take me home' })).toBeInTheDocument();
  });

  it("the code boxes and the resend button, in pages.json's words", () => {
    render(
      <>
        <OtpInput value="" onChange={() => undefined} />
        <ResendCountdown onResend={() => undefined} seconds={0} />
      </>,
    );
    const group = screen.getByRole('group', { name: 'Your code' });
    expect(within(group).getByRole('textbox', { name: 'Box 1 of 6' })).toBeInTheDocument();
    expect(within(group).getByRole('textbox', { name: 'Box 6 of 6' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Another code' })).toBeEnabled();
  });
});
