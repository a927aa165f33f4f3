// @vitest-environment happy-dom
// While a step is being sent, the page says so. Found in Chromium on a slow network (CDP: 4 s latency): after Next on
// Basic Information the whole form greyed out and Next was disabled, with nothing moving and nothing said (only the
// upload steps showed progress, per file); a person could not tell a slow answer from a page that had stopped.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { listSteps } from '../../../../src/shared/flow/flow-types';
import { clearOnboarding, drafts, onboardingFlow } from '../../../../src/ui/features/onboarding/flow-actor';
import { FormStep } from '../../../../src/ui/features/onboarding/steps/form-step';
import { api } from '../../../../src/ui/lib/api-client';
import { loadForm } from '../../../../src/ui/forms/load-form';
import { stepSubmitText } from '../../../../src/ui/forms/submit-text';
import { listJourneyFiles, loadJourney, personalise } from '../../../../scripts/lib/replay-journey';

/** Every step the flow sends with a form, with a journey's accepted answers for it. */
const cases = listSteps(onboardingFlow).flatMap((step) => {
  if (!step.submit || !step.form || step.kind !== 'form') return [];
  for (const file of listJourneyFiles()) {
    const entry = loadJourney(file).entries.find((e) => e.step === step.id && e.data && !e.expect && !e.skip && !Object.keys(e.files ?? {}).length);
    if (entry) return [[step.id, step, personalise(entry.data!, { tag: 't1', digits: '5550001' })] as const];
  }
  return [];
});

beforeEach(() => clearOnboarding());

describe('a step being sent', () => {
  it('the flow has steps sent without documents (else this suite tests nothing)', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.slice(0, 3))('%s: after Next, a status says the answers are being sent until the server answers', async (_id, step, answers) => {
    let answer: (() => void) | undefined;
    api.defaults.adapter = (config) =>
      new Promise((resolve) => {
        answer = () => resolve({ data: { signup_id: 'signup-1', applicant_token: 't' }, status: 201, statusText: 'Created', headers: {}, config });
      });
    // The journey's answers, as the tab keeps a step's answers (a person typed them; passwords are typed again).
    drafts.save(step.id, answers, []);
    const onDone = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <FormStep step={step} applicant={{ signupId: 'signup-1', applicantToken: 't' }} today="2026-11-27" onDone={onDone} /> }]);
    render(<RouterProvider router={router} />);
    const next = await screen.findByRole('button', { name: stepSubmitText(step, await loadForm(step.form!)) });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await userEvent.click(next);
    await waitFor(() => expect(answer).toBeDefined());
    expect(status).toHaveTextContent(step.texts?.sending ?? 'Sending your answers…');
    expect(within(next).getByRole('progressbar')).toBeInTheDocument();
    answer!();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
