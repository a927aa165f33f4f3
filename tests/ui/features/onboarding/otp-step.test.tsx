// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearOnboarding } from '../../../../src/ui/features/onboarding/flow-actor';
import { OtpStep } from '../../../../src/ui/features/onboarding/steps/otp-step';
import { listSteps } from '../../../../src/shared/flow/flow-types';
import { onboardingFlow } from '../../../../src/ui/features/onboarding/flow-actor';
import { errorBody, fakeApi } from '../../auth/fake-api';

// The flow's email code step, whichever it is.
const step = listSteps(onboardingFlow).find((s) => s.kind === 'otp' && s.otp?.identifierType === 'email')!;

beforeEach(() => clearOnboarding());

describe('a code step', () => {
  it('keeps the digits typed so far through a reload (spec 3), and only in this tab', async () => {
    fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: { message: 'Verification code sent to your mobile number' } }) });
    const first = render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={vi.fn()} />);
    await screen.findByRole('status');
    await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('123');
    first.unmount();
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={vi.fn()} />);
    expect(['Digit 1 of 6', 'Digit 2 of 6', 'Digit 3 of 6', 'Digit 4 of 6'].map((name) => (screen.getByLabelText(name) as HTMLInputElement).value)).toEqual(['1', '2', '3', '']);
  });

  it('checks a code once when the sixth digit and Verify come at the same moment, and moves on with it (a second check would say "Invalid" over an accepted code)', async () => {
    let checks = 0;
    const calls = fakeApi({
      '/device-verifications/send/': () => ({ status: 200, data: { message: 'Verification code sent to your email' } }),
      '/device-verifications/verify/': () => (++checks === 1 ? { status: 200, data: { message: 'Verified' } } : errorBody(401, 'Invalid verification code', { code: 'Invalid verification code' })),
    });
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={vi.fn()} />);
    await screen.findByRole('status');
    await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('12345');
    // One moment, no render between: the last digit completes the code, and Verify is pressed.
    act(() => {
      fireEvent.change(screen.getByLabelText('Digit 6 of 6'), { target: { value: '6' } });
      fireEvent.click(screen.getByRole('button', { name: step.texts?.verify ?? 'Verify' }));
    });
    await screen.findByText(step.texts?.verified ?? 'Verified');
    expect(calls.filter((c) => c.url === '/device-verifications/verify/')).toHaveLength(1);
    expect(screen.queryByText('Invalid verification code')).toBeNull();
  });

  it('names the address the code went to (an applicant who corrected a typo sees which one), as the server says it', async () => {
    fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: { message: 'Verification code sent to your email', identifier: 'fixed@example.com' } }) });
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't', email: 'fixed@example.com' }} onVerified={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Verification code sent to your email: fixed@example.com');
  });

  it('does not repeat an address the message already names', async () => {
    fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: { message: 'We sent a code to ana@example.com.', identifier: 'ana@example.com' } }) });
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent(/^We sent a code to ana@example\.com\.$/);
  });

  it('asks for no code when the server says the address is already verified (Back to this step): says so, offers Next, and does not move on by itself', async () => {
    const answer = { message: 'Your email address is already verified.', already_verified: true, verified_on: '2026-11-28T10:00:00.000Z', identifier: 'ana@example.com' };
    fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: answer }) });
    const onVerified = vi.fn();
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={onVerified} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is already verified');
    // The address the answer names, after the sentence (not "verified.: ana@…").
    expect(screen.getByRole('status')).toHaveTextContent(/^Your email address is already verified: ana@example\.com$/);
    expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(onVerified).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: step.texts?.next ?? 'Next' }));
    expect(onVerified).toHaveBeenCalledWith(answer);
  });

  it('keeps the keyboard on the page when the answer replaces the code boxes: the focus goes from digit 1 (gone) to Next, not to the body', async () => {
    const answer = { message: 'Your mobile number is already verified.', already_verified: true, identifier: '+18685550101' };
    fakeApi({ '/device-verifications/send/': () => ({ status: 200, data: answer }) });
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={vi.fn()} />);
    await screen.findByRole('status');
    expect(screen.getByRole('button', { name: step.texts?.next ?? 'Next' })).toHaveFocus();
  });

  it('a reload within the resend wait resumes the countdown from the seconds left (it started again at 60 s)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let sends = 0;
      fakeApi({
        '/device-verifications/send/': () => (++sends === 1 ? { status: 200, data: { message: 'Verification code sent to your email' } } : errorBody(429, 'A code was sent a moment ago.')),
      });
      const applicant = { signupId: 's-1', applicantToken: 't' };
      const first = render(<OtpStep step={step} applicant={applicant} onVerified={vi.fn()} />);
      await screen.findByRole('status');
      expect(screen.getByRole('button', { name: /\(60s\)$/ })).toBeDisabled();
      first.unmount();
      // The page reloads 25 s later: the server refuses a new code (sent a moment ago) and the wait goes on from 35 s.
      vi.setSystemTime(Date.now() + 25_000);
      render(<OtpStep step={step} applicant={applicant} onVerified={vi.fn()} />);
      await screen.findByRole('status');
      expect(sends).toBe(2);
      expect(screen.getByRole('button', { name: /\(35s\)$/ })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps saying where the code went when a wrong code is refused', async () => {
    let sends = 0;
    fakeApi({
      '/device-verifications/send/': () => (++sends === 1 ? { status: 200, data: { message: 'Verification code sent to your email', identifier: 'ana@example.com' } } : errorBody(429, 'A code was sent a moment ago.')),
      '/device-verifications/verify/': () => errorBody(400, 'Invalid code.', { code: 'Invalid code.' }),
    });
    render(<OtpStep step={step} applicant={{ signupId: 's-1', applicantToken: 't' }} onVerified={vi.fn()} />);
    await screen.findByRole('status');
    await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('111111');
    expect(await screen.findByText('Invalid code.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verification code sent to your email: ana@example.com');
  });
});

