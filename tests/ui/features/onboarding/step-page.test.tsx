// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../../src/ui/app/router';
import { ColorModeProvider } from '../../../../src/ui/app/color-mode';
import { clearOnboarding, drafts, onboardingFlow, PROGRESS_KEY } from '../../../../src/ui/features/onboarding/flow-actor';
import { stepForPage } from '../../../../src/shared/flow/flow-types';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ColorModeProvider>
      <RouterProvider router={router} />
    </ColorModeProvider>,
  );
  return router;
}

beforeEach(() => clearOnboarding());

describe('onboarding routes from the flow file', () => {
  it('renders the choice step and moves to the next step, saving progress', async () => {
    const router = renderAt('/new-or-existing-customer');
    await userEvent.click(await screen.findByRole('button', { name: /New Customer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-ready'));
    const saved = JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!);
    expect(saved).toMatchObject({ currentStep: 'getting-ready', completedSteps: ['new-or-existing-customer'], applicant: { customerType: 'new' } });
    expect(await screen.findByRole('heading', { name: 'Getting Ready' })).toBeInTheDocument();
    // The new step's title has the focus (the button pressed went with the old step): a screen reader says where we are.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Getting Ready' })).toHaveFocus());
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeDisabled(); // the checklist's form chunk loads after the heading
  });

  it("Back on the first step opened directly (a link, a bookmark) goes to the home page, not out of the site", async () => {
    const first = stepForPage(onboardingFlow, onboardingFlow.initial);
    const router = renderAt(first.route);
    await screen.findByRole('heading', { name: first.title });
    await userEvent.click(screen.getByRole('button', { name: first.texts!.back ?? 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("words Back as the flow's stepTexts say on every step, and as a step's own texts.back say on that step", async () => {
    const first = onboardingFlow.steps[onboardingFlow.initial];
    const before = { flow: onboardingFlow.stepTexts, step: first.texts };
    onboardingFlow.stepTexts = { ...before.flow, back: 'Go back' };
    try {
      first.texts = Object.fromEntries(Object.entries(before.step ?? {}).filter(([key]) => key !== 'back'));
      renderAt(first.route);
      expect(await screen.findByRole('button', { name: 'Go back' })).toBeInTheDocument();
      cleanup();
      first.texts = { ...before.step, back: 'Previous page' };
      renderAt(first.route);
      expect(await screen.findByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    } finally {
      onboardingFlow.stepTexts = before.flow;
      first.texts = before.step;
    }
  });

  it("with an application in progress, offers 'Continue your application' and asks before a choice discards it", async () => {
    const router = renderAt('/new-or-existing-customer');
    await userEvent.click(await screen.findByRole('button', { name: /New Customer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-ready'));
    await router.navigate('/new-or-existing-customer');
    await userEvent.click(await screen.findByRole('button', { name: /Existing Customer/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a new application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!).applicant).toMatchObject({ customerType: 'new' });
    await userEvent.click(await screen.findByRole('button', { name: /Continue your application/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-ready'));
    await router.navigate('/new-or-existing-customer');
    await userEvent.click(await screen.findByRole('button', { name: /Existing Customer/ }, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start a new application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/getting-ready'));
    expect(JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!).applicant).toMatchObject({ customerType: 'existing' });
  });

  it('does not let a typed URL skip ahead: a step needing a signup id goes to /basic-info, which sends back to the first open step', async () => {
    const router = renderAt('/address');
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-or-existing-customer'));
  });

  it('keeps the sent basic information (never the passwords) under basic-information until the wizard is cleared', () => {
    expect(onboardingFlow.steps['basic-info'].keepValues).toBe('basic-information');
    drafts.keep('basic-information', { first_name: 'Ann', password: 'Secret1!', confirmed_password: 'Secret1!' }, ['password', 'confirmed_password']);
    expect(drafts.loadKept('basic-information')).toEqual({ first_name: 'Ann' });
    clearOnboarding();
    expect(drafts.loadKept('basic-information')).toBeUndefined();
  });
});
