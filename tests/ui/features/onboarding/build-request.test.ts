import { applicantCall, toMultipart } from '../../../../src/ui/features/onboarding/build-request';
import { onboardingFlow } from '../../../../src/ui/features/onboarding/flow-actor';
import { FileStore } from '../../../../src/ui/forms/file-store';
import type { StepRef } from '../../../../src/shared/flow/flow-types';

const step = (id: string): StepRef => ({ id, ...onboardingFlow.steps[id] });

describe('applicantCall', () => {
  it('sends POST /signups/ with the applicant token once one is held (a resubmission edits the same signup), without signup_id', () => {
    const first = applicantCall(step('basic-info'), {}, { first_name: 'Ann' });
    expect(first).toEqual({ body: { first_name: 'Ann' }, headers: {} });
    const again = applicantCall(step('basic-info'), { signupId: 's-1', applicantToken: 'tok' }, { first_name: 'Ann' });
    expect(again).toEqual({ body: { first_name: 'Ann' }, headers: { 'x-applicant-token': 'tok' } });
  });

  it('adds signup_id and the token to every step that needs a signup id', () => {
    expect(applicantCall(step('address'), { signupId: 's-1', applicantToken: 'tok' }, { city: 'Arima' })).toEqual({
      body: { city: 'Arima', signup_id: 's-1' },
      headers: { 'x-applicant-token': 'tok' },
    });
  });
});

describe('toMultipart', () => {
  it('sends every chosen file of a field as its own part, and other values as text', () => {
    const files = new FileStore();
    files.add(new File(['a'], 'front.jpg'));
    files.add(new File(['b'], 'back.jpg'));
    const form = toMultipart({ primary_id_files: ['front.jpg', 'back.jpg'], holder_type: 'adult', has_secondary_id: false }, files);
    expect(form.getAll('primary_id_files').map((f) => (f as File).name)).toEqual(['front.jpg', 'back.jpg']);
    expect(form.get('holder_type')).toBe('adult');
    expect(form.get('has_secondary_id')).toBe('false');
  });
});
