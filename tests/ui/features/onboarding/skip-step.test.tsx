// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf, progressPercent } from '../../../../src/engine/navigation';
import { saveProgress } from '../../../../src/engine/saved-progress';
import { drafts, onboardingFlow, PROGRESS_KEY } from '../../../../src/ui/features/onboarding/flow-actor';
import { renderAt } from '../../render-app';

// An adult applicant who has sent every step up to the beneficiaries (saved progress, as the wizard keeps it).
const applicant = { customerType: 'new', signupId: 'S-1', applicantToken: 'token', dob: '1990-01-01', nationality: 'TT', hasForeignBankAccount: false };
const path = pathOf(onboardingFlow, applicant).map((s) => s.id);
const beneficiary = {
  first_name: 'Ann',
  last_name: 'Lee',
  dob: '1980-01-01',
  gender: 'female',
  relationship_to_beneficiary: 'sibling',
  percent_of_beneficiary_interest: 100,
  address_line_1: '1 Main Road',
  city: 'Arima',
  country: 'TT',
  id_type: 'passport',
  id_number: 'AB123456',
};

beforeAll(() => {
  saveProgress(localStorage, PROGRESS_KEY, { currentStep: 'designation-of-beneficiary', completedSteps: path.slice(0, path.indexOf('designation-of-beneficiary') + 1), sessionId: 'x', applicant });
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('skipping an optional step, as the flow file says', () => {
  it('Power of Attorney says at the top that it is optional, with the skip button there and at the bottom (skipPlacement both)', async () => {
    const router = renderAt('/power-of-attorney');
    await screen.findByRole('heading', { level: 1, name: 'Power of Attorney' });
    const notice = await screen.findByText(onboardingFlow.steps['power-of-attorney'].texts!.optional);
    const top = within(notice.closest('.MuiAlert-root') as HTMLElement).getByRole('button', { name: 'Skip Power of Attorney' });
    await screen.findByRole('button', { name: 'Next' }, { timeout: 15_000 });
    expect(screen.getAllByRole('button', { name: 'Skip Power of Attorney' })).toHaveLength(2);
    await userEvent.click(top);
    await waitFor(() => expect(router.state.location.pathname).toBe('/branch'));
  });

  it('"Skip Adding Beneficiary" shows while no beneficiary is listed (skipWhen), and is gone with the form folded at 100%', async () => {
    renderAt('/designation-of-beneficiary');
    await screen.findByRole('heading', { level: 1, name: 'Designation of Beneficiary' });
    expect(await screen.findByRole('button', { name: 'Skip Adding Beneficiary' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Beneficiary' })).toBeInTheDocument();
    expect(screen.queryByText(/This step is optional/)).toBeNull();
    cleanup();

    drafts.save('designation-of-beneficiary', { beneficiaries: [beneficiary] }, []);
    renderAt('/designation-of-beneficiary');
    expect(await screen.findByText('You have allocated 100% to beneficiaries. You can proceed or modify allocations.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Total 100% / 100%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Adding Beneficiary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Beneficiary' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('the submit step does not read 100% complete before the application is submitted', () => {
    expect(progressPercent(onboardingFlow, applicant, 'success')).toBeLessThan(100);
    expect(progressPercent(onboardingFlow, applicant, path[0])).toBe(0);
  });
});
