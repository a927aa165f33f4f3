// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { listSteps } from '../../../../src/shared/flow/flow-types';
import { clearOnboarding, drafts, onboardingFlow, resumeApplication } from '../../../../src/ui/features/onboarding/flow-actor';
import type { DraftState } from '../../../../src/shared/onboarding/draft-types';
import { fillText } from '../../../../src/shared/fill-text';
import { readFormsDir } from '../../../../src/shared/forms/read-forms-dir';
import { resolveForm } from '../../../../src/shared/forms/form-registry';
import { FILE_WIDGETS, fieldsDrawnBy } from '../../../../src/shared/forms/widget-fields';
import { FormStep } from '../../../../src/ui/features/onboarding/steps/form-step';
import { api } from '../../../../src/ui/lib/api-client';
import { loadForm } from '../../../../src/ui/forms/load-form';
import { stepSubmitText } from '../../../../src/ui/forms/submit-text';

// The first step the flow sends with documents (multipart), whichever it is.
const step = listSteps(onboardingFlow).find((s) => s.submit?.encoding === 'multipart')!;
const texts = onboardingFlow.resume!.texts;
const sentText = fillText(texts.sentFiles, { files: 'id-front.pdf, id-back.pdf' });

/** The step as the flow counts it (done or not) and, when done, the documents the server holds for it (none: skipped). */
function renderStep(sent: boolean, held: string[] | null = ['id-front.pdf', 'id-back.pdf']) {
  if (sent && held) drafts.markSent(step.id, held);
  const onDone = vi.fn();
  const router = createMemoryRouter([{ path: '/', element: <FormStep step={step} applicant={{ signupId: 'signup-1' }} today="2026-11-27" onDone={onDone} sent={sent} /> }]);
  render(<RouterProvider router={router} />);
  return onDone;
}

/** The API refusing every call, and the calls tried: going on as sent calls nothing. */
function noCallExpected(): unknown[] {
  const calls: unknown[] = [];
  api.defaults.adapter = async (config) => {
    calls.push(config.url);
    throw new Error('no call expected');
  };
  return calls;
}

beforeEach(() => clearOnboarding());

describe('back on a sent step with documents', () => {
  it('says the documents are held, and Continue as sent goes on without sending the step (or asking for them) again', async () => {
    const calls = noCallExpected();
    const onDone = renderStep(true);
    expect(await screen.findByText(sentText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: texts.keepSent }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('Next on the unchanged step goes on as sent too, without asking for the documents', async () => {
    const calls = noCallExpected();
    const onDone = renderStep(true);
    await screen.findByText(sentText);
    await userEvent.click(screen.getByRole('button', { name: stepSubmitText(step, await loadForm(step.form!)) }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    expect(screen.queryByText(/upload|is required/i)).toBeNull();
  });

  it('is not said on a step that was skipped (done, but the server holds nothing of it)', async () => {
    // The tab holds nothing of the step: it asks the server, which holds no such step.
    api.defaults.adapter = async (config) => ({ data: { signup_id: 'signup-1', landing: step.id, completed: [step.id], applicant: {}, steps: [], config_version: 'v', started_under: null }, status: 200, statusText: 'OK', headers: {}, config });
    renderStep(true, null);
    await screen.findAllByRole('textbox');
    expect(screen.queryByText(sentText)).toBeNull();
    expect(screen.queryByRole('button', { name: texts.keepSent })).toBeNull();
  });

  it('once the applicant changes the step, only Next remains (it sends the step, documents attached again)', async () => {
    renderStep(true);
    await screen.findByText(sentText);
    await userEvent.type(screen.getAllByRole('textbox')[0], 'x');
    await waitFor(() => expect(screen.queryByRole('button', { name: texts.keepSent })).toBeNull());
    expect(screen.getByText(texts.sentFilesChanged)).toBeInTheDocument();
    expect(screen.queryByText(sentText)).toBeNull();
  });

  it('after a resume on another device, Next on the unchanged step goes on as sent, with one notice naming the documents', async () => {
    const state: DraftState = {
      signup_id: 'signup-1',
      landing: step.id,
      completed: [step.id],
      applicant: {},
      steps: [{ step: step.id, title: step.title ?? step.id, route: step.route ?? '/', status: 'done', data: {}, files: [{ field: 'f', name: 'id-front.pdf', size_bytes: 10 }, { field: 'f', name: 'id-back.pdf', size_bytes: 10 }] }],
      config_version: 'v',
      started_under: null,
    };
    resumeApplication(state, 'token-1');
    const calls = noCallExpected();
    const onDone = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <FormStep step={step} applicant={{ signupId: 'signup-1' }} today="2026-11-27" onDone={onDone} sent /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(sentText)).toBeInTheDocument();
    expect(screen.getAllByText(/id-front\.pdf/)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: stepSubmitText(step, await loadForm(step.form!)) }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('is not said on a step not sent yet', async () => {
    renderStep(false);
    await screen.findAllByRole('textbox');
    expect(screen.queryByText(sentText)).toBeNull();
  });
});

describe('a step with documents, the page reloaded before it was sent', () => {
  // The first step whose upload shows before any answer (no showWhen on its file field).
  const forms = readFormsDir();
  const uploadStep = listSteps(onboardingFlow).find((s) => {
    if (s.submit?.encoding !== 'multipart' || !s.form) return false;
    const { uiSchema } = resolveForm(forms, s.form);
    return fieldsDrawnBy(uiSchema, FILE_WIDGETS).some((field) => !(uiSchema[field] as { 'ui:options'?: { showWhen?: unknown } })?.['ui:options']?.showWhen);
  })!;

  it('names the documents to attach again (a browser keeps no attached file), until they are attached', async () => {
    drafts.markAttached(uploadStep.id, ['bill.pdf']);
    const router = createMemoryRouter([{ path: '/', element: <FormStep step={uploadStep} applicant={{ signupId: 'signup-1' }} today="2026-11-27" onDone={vi.fn()} /> }]);
    render(<RouterProvider router={router} />);
    const lost = fillText(texts.filesLost, { files: 'bill.pdf' });
    expect(await screen.findByText(lost)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.queryByText(lost)).toBeNull());
  });

  it('says nothing when no document was attached', async () => {
    renderStep(false);
    await screen.findAllByRole('textbox');
    expect(screen.queryByText(/attach .* again before Next/)).toBeNull();
  });
});
