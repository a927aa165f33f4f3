// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, fakeApi } from '../../auth/fake-api';
import { renderAt } from '../../render-app';
import { loadProgress, ONBOARDING_PROGRESS_KEY, saveProgress } from '../../../../src/engine/saved-progress';
import { onboardingFlow, resumeApplication } from '../../../../src/ui/features/onboarding/flow-actor';
import type { DraftState } from '../../../../src/shared/onboarding/draft-types';
import { AUTH_TEXTS } from '../../../../src/shared/messages';
import { fillText } from '../../../../src/shared/fill-text';

const texts = onboardingFlow.resume!.texts;

/** A draft as the server answers it: done up to mailing details, the address step reopened for a new question. */
function draft(): DraftState {
  const order = ['new-or-existing-customer', 'getting-ready', 'basic-info', 'email-verification', 'mobile-verification', 'membership-declaration-agreement', 'politically-exposed-persons', 'id-information', 'due-diligence', 'address'];
  return {
    signup_id: 'sig-1',
    landing: 'address',
    completed: order.slice(0, -1),
    applicant: { signupId: 'sig-1', customerType: 'new', dob: '1990-01-01', email: 'ana@example.com' },
    steps: [
      ...order.slice(0, -1).map((step) => ({ step, title: onboardingFlow.steps[step].title, route: onboardingFlow.steps[step].route, status: 'done' as const })),
      {
        step: 'address',
        title: 'Address',
        route: '/address',
        status: 'reopened',
        reason: texts.newQuestions,
        fields: { city: texts.newQuestion },
        data: { address_type: 'residential', address_line_1: '12 Frederick Street' },
        files: [{ field: 'proof_of_address_files', name: 'bill.pdf', size_bytes: 1200 }],
      },
    ],
    config_version: 'b',
    started_under: 'a',
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a sent step in a tab that holds none of its answers', () => {
  it('shows the answers the server holds (the application went on in another tab), read once', async () => {
    const state = draft();
    state.steps = state.steps.map((s) => (s.step === 'basic-info' ? { ...s, data: { first_name: 'Ana', last_name: 'Lopez' } } : s));
    resumeApplication(state, 'tok-1');
    // The tab's progress and none of the step's answers (continued with a code: the answers are the server's).
    const progress = sessionStorage.getItem(ONBOARDING_PROGRESS_KEY)!;
    sessionStorage.clear();
    sessionStorage.setItem(ONBOARDING_PROGRESS_KEY, progress);
    const calls = fakeApi({ '/onboarding/draft': () => ({ status: 200, data: state }) });
    renderAt('/basic-info');
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue('Ana'));
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Lopez');
    expect(calls.filter((c) => c.url === '/onboarding/draft')).toHaveLength(1);
  });
});

describe('continue an application', () => {
  it("never opens an application another tab or an earlier visitor left on this computer without a code, and removes what an older version left in localStorage", async () => {
    const left = { currentStep: 'address', currentRoute: '/address', completedSteps: ['new-or-existing-customer'], sessionId: 's', applicant: { signupId: 'sig-1', applicantToken: 'tok-old' } };
    saveProgress(localStorage, ONBOARDING_PROGRESS_KEY, left);
    const calls = fakeApi({ '/onboarding/draft': () => ({ status: 200, data: draft() }) });
    renderAt('/continue');
    expect(await screen.findByLabelText(/^Email or mobile number/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/onboarding/draft')).toHaveLength(0);
    expect(localStorage.getItem(ONBOARDING_PROGRESS_KEY)).toBeNull();
    // What this tab keeps stays in this tab.
    resumeApplication(draft(), 'tok-1');
    expect(localStorage.getItem(ONBOARDING_PROGRESS_KEY)).toBeNull();
    expect(loadProgress(sessionStorage, ONBOARDING_PROGRESS_KEY)?.applicant.applicantToken).toBe('tok-1');
  });

  it('asks for the email, then the code, then lands on the reopened step with its answers, the reason and the new question marked', async () => {
    const calls = fakeApi({
      '/onboarding/resume/send': () => ({ status: 200, data: { message: texts.codeSent, resume_id: 'res-1' } }),
      '/onboarding/resume/verify': (body) => (body.code === '123456' ? { status: 200, data: { signup_id: 'sig-1', applicant_token: 'tok-new', token_expires_on: '2026-12-01T00:00:00Z' } } : errorBody(401, AUTH_TEXTS.invalidCode, { code: AUTH_TEXTS.invalidCode })),
      '/onboarding/draft': () => ({ status: 200, data: draft() }),
    });
    const router = renderAt('/continue');
    expect(await screen.findByRole('heading', { name: 'Continue an Application' })).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText(/^Email or mobile number/), 'ana@example.com{Enter}');
    expect(await screen.findByText(texts.codeSent)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/onboarding/resume/send')?.body).toEqual({ contact: 'ana@example.com' });
    // A new code waits out the server's 60 s between codes (it was offered at once, and refused).
    expect(screen.getByRole('button', { name: /^Send a new code \((60|59)s\)$/ })).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/^Verification Code/), '000000{Enter}');
    // Said once, under the box it is about (not again in a box above the form), and the keyboard is taken there, so a
    // screen reader reads the box with its message.
    const code = screen.getByLabelText(/^Verification Code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(AUTH_TEXTS.invalidCode);
    expect(screen.getAllByText(AUTH_TEXTS.invalidCode)).toHaveLength(1);
    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/address'));
    expect(await screen.findByText(texts.resumed.replace('{step}', 'Address'))).toBeInTheDocument();
    expect(await screen.findByText(texts.newQuestions)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('12 Frederick Street')).toBeInTheDocument();
    expect(screen.getAllByText(texts.newQuestion).length).toBeGreaterThan(0);
    expect(screen.getByText(fillText(onboardingFlow.resume!.texts.heldFiles, { files: 'bill.pdf' }))).toBeInTheDocument();
    const saved = loadProgress(sessionStorage, ONBOARDING_PROGRESS_KEY);
    expect(saved).toMatchObject({ currentStep: 'address', applicant: { signupId: 'sig-1', applicantToken: 'tok-new' } });
    expect(saved?.completedSteps).toContain('id-information');
  });

  it('opens an application saved on this device without a code while its token is good', async () => {
    saveProgress(sessionStorage, ONBOARDING_PROGRESS_KEY, { currentStep: 'address', currentRoute: '/address', completedSteps: ['new-or-existing-customer'], sessionId: 's', applicant: { signupId: 'sig-1', applicantToken: 'tok-old' } });
    const calls = fakeApi({ '/onboarding/draft': () => ({ status: 200, data: draft() }) });
    const router = renderAt('/continue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/address'));
    expect(calls.map((c) => c.url)).toEqual(['/onboarding/draft']);
    expect(loadProgress(sessionStorage, ONBOARDING_PROGRESS_KEY)?.applicant.applicantToken).toBe('tok-old');
  });

  it('asks for a code when the saved token has expired', async () => {
    saveProgress(sessionStorage, ONBOARDING_PROGRESS_KEY, { currentStep: 'address', currentRoute: '/address', completedSteps: ['new-or-existing-customer'], sessionId: 's', applicant: { signupId: 'sig-1', applicantToken: 'tok-old' } });
    fakeApi({ '/onboarding/draft': () => errorBody(404, 'Signup not found') });
    renderAt('/continue');
    expect(await screen.findByLabelText(/^Email or mobile number/)).toBeInTheDocument();
  });

  it('the welcome page links to it', async () => {
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Continue an application' }));
    expect(router.state.location.pathname).toBe('/continue');
  });
});
