// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { WizardLayout } from '../../../../src/ui/features/onboarding/wizard-layout';

describe('the wizard frame', () => {
  it("shows the step's banners above its content, title and text, in the banner's severity", () => {
    render(
      <WizardLayout flowTitle="Open an account" title="Employment Information" progress={50} backLabel="Back" banners={[{ severity: 'info', title: 'Child Account Detected', text: 'This account is for a child.' }]}>
        <p>the form</p>
      </WizardLayout>,
    );
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Child Account DetectedThis account is for a child.');
    expect(banner).toHaveClass('MuiAlert-colorInfo');
    expect(banner.compareDocumentPosition(screen.getByText('the form')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
