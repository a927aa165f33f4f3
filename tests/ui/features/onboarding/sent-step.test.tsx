// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { listSteps } from '../../../../src/shared/flow/flow-types';
import { clearOnboarding, onboardingFlow } from '../../../../src/ui/features/onboarding/flow-actor';
import { FormStep } from '../../../../src/ui/features/onboarding/steps/form-step';
import { api } from '../../../../src/ui/lib/api-client';

// The first step the flow sends with documents (multipart), whichever it is.
const step = listSteps(onboardingFlow).find((s) => s.submit?.encoding === 'multipart')!;
const texts = onboardingFlow.resume!.texts;

function renderStep(sent: boolean) {
  const onDone = vi.fn();
  const router = createMemoryRouter([{ path: '/', element: <FormStep step={step} applicant={{ signupId: 'signup-1' }} today="2026-11-27" onDone={onDone} sent={sent} /> }]);
  render(<RouterProvider router={router} />);
  return onDone;
}

beforeEach(() => clearOnboarding());

describe('back on a sent step with documents', () => {
  it('says the documents are held, and Continue as sent goes on without sending the step (or asking for them) again', async () => {
    const calls: unknown[] = [];
    api.defaults.adapter = async (config) => {
      calls.push(config.url);
      throw new Error('no call expected');
    };
    const onDone = renderStep(true);
    expect(await screen.findByText(texts.sentFiles)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: texts.keepSent }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('once the applicant changes the step, only Next remains (it sends the step, documents attached again)', async () => {
    renderStep(true);
    await screen.findByText(texts.sentFiles);
    await userEvent.type(screen.getAllByRole('textbox')[0], 'x');
    await waitFor(() => expect(screen.queryByRole('button', { name: texts.keepSent })).toBeNull());
    expect(screen.getByText(texts.sentFilesChanged)).toBeInTheDocument();
    expect(screen.queryByText(texts.sentFiles)).toBeNull();
  });

  it('is not said on a step not sent yet', async () => {
    renderStep(false);
    await screen.findAllByRole('textbox');
    expect(screen.queryByText(texts.sentFiles)).toBeNull();
  });
});
