// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { api } from '../../../../src/ui/lib/api-client';
import { SuccessStep } from '../../../../src/ui/features/onboarding/steps/success-step';
import { onboardingFlow } from '../../../../src/ui/features/onboarding/flow-actor';
import { ONBOARDING_TEXTS } from '../../../../src/shared/onboarding-texts';

const step = { id: 'success', ...onboardingFlow.steps.success };
const applicant = { signupId: 'signup-1', applicantToken: 'token-1' };
const original = api.defaults.adapter;

function answer(status: number, data: unknown) {
  const calls: Array<{ url?: string; method?: string; body: any; token: unknown }> = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push({ url: config.url, method: config.method, body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data, token: config.headers?.['x-applicant-token'] });
    const response = { status, data, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return calls;
}

function renderSuccess(onFinished = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/success', element: <SuccessStep step={step} applicant={applicant} onFinished={onFinished} /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/success'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onFinished };
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  api.defaults.adapter = original;
});

describe('success step (spec 4)', () => {
  it("shows 'Ready to Submit'; 'No, Not Ready Yet' asks first, and 'Yes, Go to Home' goes home without submitting", async () => {
    const calls = answer(200, {});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, onFinished } = renderSuccess();
    expect(screen.getByRole('heading', { name: 'Ready to Submit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, Not Ready Yet' }));
    const dialog = await screen.findByRole('dialog', { name: "Are you sure you don't want to submit your information now?" });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Go to Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toEqual([]);
    expect(onFinished).not.toHaveBeenCalled();
  });

  it("submits with the applicant's token, shows 'Application Received!' after 2 s, and after 10 s clears the saved data and goes home", async () => {
    const calls = answer(200, { signup_id: 'signup-1', status: 'pending_approval' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, onFinished } = renderSuccess();
    await user.click(screen.getByRole('button', { name: 'Yes, Submit Information' }));
    expect(calls).toEqual([{ url: '/signups/submit', method: 'post', body: { signup_id: 'signup-1' }, token: 'token-1' }]);
    expect(screen.queryByRole('dialog', { name: 'Application Received!' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2000));
    const received = await screen.findByRole('dialog', { name: 'Application Received!' });
    expect(received).toHaveTextContent('pending administrator approval');
    await act(async () => vi.advanceTimersByTime(9_900));
    expect(onFinished).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/success');
    await act(async () => vi.advanceTimersByTime(200));
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it("'Go to Home' in the received dialog ends the wizard at once", async () => {
    answer(200, { signup_id: 'signup-1', status: 'pending_approval' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, onFinished } = renderSuccess();
    await user.click(screen.getByRole('button', { name: 'Yes, Submit Information' }));
    await act(async () => vi.advanceTimersByTime(2000));
    const received = await screen.findByRole('dialog', { name: 'Application Received!' });
    await user.click(within(received).getByRole('button', { name: 'Go to Home' }));
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it("leaving the page once it is sent (the browser's Back during the receipt) clears the saved data too, once", async () => {
    answer(200, { signup_id: 'signup-1', status: 'pending_approval' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, onFinished } = renderSuccess();
    await user.click(screen.getByRole('button', { name: 'Yes, Submit Information' }));
    await act(async () => router.navigate('/'));
    expect(onFinished).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('a reload once it is sent shows it received, not Submit again (the server would refuse it: 409)', async () => {
    const calls = answer(200, { signup_id: 'signup-1', status: 'pending_approval' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = renderSuccess();
    await user.click(screen.getByRole('button', { name: 'Yes, Submit Information' }));
    first.router.dispose();
    cleanup();
    // The page again, as after a reload (the saved data is still there: the wizard has not ended).
    const { router, onFinished } = renderSuccess();
    const received = await screen.findByRole('dialog', { name: 'Application Received!' });
    expect(calls).toHaveLength(1);
    await user.click(within(received).getByRole('button', { name: 'Go to Home' }));
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('an application already received (sent from another tab) is said as received, not as an error', async () => {
    answer(409, { status: 409, message: ONBOARDING_TEXTS.alreadySubmitted, detail: ONBOARDING_TEXTS.alreadySubmitted, request_id: 'r' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSuccess();
    await user.click(screen.getByRole('button', { name: 'Yes, Submit Information' }));
    expect(await screen.findByRole('dialog', { name: 'Application Received!' })).toBeInTheDocument();
    expect(screen.queryByText(ONBOARDING_TEXTS.alreadySubmitted)).toBeNull();
  });

  it('leaving without sending keeps the saved data', async () => {
    answer(200, {});
    const { router, onFinished } = renderSuccess();
    await act(async () => router.navigate('/'));
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('shows the server refusal in an alert and lets the applicant try again', async () => {
    answer(400, { status: 400, message: 'Your application is incomplete: Address is missing.', detail: 'Your application is incomplete: Address is missing.', request_id: 'r' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSuccess();
    await user.click(screen.getByRole('button', { name: 'Yes, Submit Information' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your application is incomplete: Address is missing.');
    expect(screen.getByRole('button', { name: 'Yes, Submit Information' })).toBeEnabled();
  });
});
