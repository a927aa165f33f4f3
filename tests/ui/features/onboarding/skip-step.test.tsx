// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf, progressPercent } from '../../../../src/engine/navigation';
import { saveProgress } from '../../../../src/engine/saved-progress';
import { drafts, onboardingFlow, PROGRESS_KEY } from '../../../../src/ui/features/onboarding/flow-actor';
import { renderAt } from '../../render-app';
import { skipLabelOf, stepForPage } from '../../../../src/shared/flow/flow-types';
import { loadForm } from '../../../../src/ui/forms/load-form';
import { stepSubmitText } from '../../../../src/ui/forms/submit-text';

/** The words of a step's Next, as its page draws them (its texts, its form's, the flow's). */
const nextOf = async (id: string) => stepSubmitText(stepForPage(onboardingFlow, id), await loadForm(onboardingFlow.steps[id].form!));

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

/** Saved progress with every step before `step` sent (and `step` too, with `sent`), as the wizard keeps it. */
const progressAt = (step: string, sent = false) => saveProgress(sessionStorage, PROGRESS_KEY, { currentStep: step, completedSteps: path.slice(0, path.indexOf(step) + (sent ? 1 : 0)), sessionId: 'x', applicant });
/** The steps of this applicant's path whose skip button the flow places at the top too. */
const placedBoth = path.filter((id) => onboardingFlow.steps[id].skipPlacement === 'both');
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('skipping an optional step, as the flow file says', () => {
  it.each(placedBoth)('%s says at the top that it is optional, with the skip button there and at the bottom (skipPlacement both)', async (id) => {
    const step = onboardingFlow.steps[id];
    const skip = skipLabelOf(stepForPage(onboardingFlow, id));
    progressAt(id, true);
    const router = renderAt(step.route!);
    await screen.findByRole('heading', { level: 1, name: step.title });
    const notice = await screen.findByText(step.texts!.optional!);
    const top = within(notice.closest('.MuiAlert-root') as HTMLElement).getByRole('button', { name: skip });
    await screen.findByRole('button', { name: await nextOf(id) }, { timeout: 15_000 });
    expect(screen.getAllByRole('button', { name: skip })).toHaveLength(2);
    await userEvent.click(top);
    const after = onboardingFlow.steps[path[path.indexOf(id) + 1]];
    await waitFor(() => expect(router.state.location.pathname).toBe(after.route));
  });

  it('"Skip Adding Beneficiary" shows while no beneficiary is listed (skipWhen), and is gone with the form folded at 100%', async () => {
    progressAt('designation-of-beneficiary', true);
    renderAt('/designation-of-beneficiary');
    await screen.findByRole('heading', { level: 1, name: 'Designation of Beneficiary' });
    expect(await screen.findByRole('button', { name: 'Skip Adding Beneficiary' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Beneficiary' })).toBeInTheDocument();
    expect(screen.queryByText(/This step is optional/)).toBeNull();
    cleanup();

    drafts.save('designation-of-beneficiary', { beneficiaries: [beneficiary] }, []);
    renderAt('/designation-of-beneficiary');
    expect(await screen.findByText('You have allocated 100% to beneficiaries. You can proceed or modify allocations.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Total 100% / 100%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip Adding Beneficiary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Beneficiary' })).toBeNull();
    expect(screen.getByRole('button', { name: await nextOf('designation-of-beneficiary') })).toBeEnabled();
  });

  it('the submit step does not read 100% complete before the application is submitted', () => {
    expect(progressPercent(onboardingFlow, applicant, 'success')).toBeLessThan(100);
    expect(progressPercent(onboardingFlow, applicant, path[0])).toBe(0);
  });
});
