// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../auth/fake-api';
import { renderAt } from '../../render-app';
import { onboardingFlow } from '../../../../src/ui/features/onboarding/flow-actor';
import { submitTextOf } from '../../../helpers/form-messages';

const texts = onboardingFlow.resume!.texts;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('/continue with a keyboard', () => {
  it("takes the keyboard to the code step's heading once the code is sent, and back to the contact step's heading (not the page's body)", async () => {
    const user = userEvent.setup();
    fakeApi({ '/onboarding/resume/send': () => ({ status: 200, data: { message: texts.codeSent, resume_id: 'res-1' } }) });
    renderAt('/continue');
    await user.type(await screen.findByLabelText(/^Email or mobile number/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: submitTextOf('auth/resume-contact') }));
    expect(await screen.findByText(texts.codeSent)).toBeInTheDocument();
    const codeHeading = screen.getByRole('heading', { level: 1 });
    expect(codeHeading).toHaveTextContent(/code/i);
    await waitFor(() => expect(codeHeading).toHaveFocus());
    // Tab goes on from the heading into the step.
    await user.tab();
    expect(document.activeElement).not.toBe(document.body);

    await user.click(screen.getByRole('button', { name: 'Use another email or mobile' }));
    const contactHeading = await screen.findByRole('heading', { level: 1, name: 'Continue an Application' });
    await waitFor(() => expect(contactHeading).toHaveFocus());
  });
});
