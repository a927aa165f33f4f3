// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from './render-app';
import * as WELCOME from '../../forms/messages/welcome.json';

describe('welcome page', () => {
  it('shows Sign In, the intro text and the account button, with the page title', async () => {
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(WELCOME.noAccountHint)).toBeInTheDocument();
    // The title is set by an effect, which React may run just after the page's first paint.
    await waitFor(() => expect(document.title).toBe('Welcome - Credit Union Online'));
  });

  it("'Don't have an account?' goes to /new-or-existing-customer", async () => {
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: "Don't have an account?" }));
    expect(router.state.location.pathname).toBe('/new-or-existing-customer');
  });

  it("'Continue an application' goes to /continue (which opens this tab's application at once, any other with a code)", async () => {
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Continue an application' }));
    expect(router.state.location.pathname).toBe('/continue');
  });

  it('Sign In goes to /login', async () => {
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('not found page', () => {
  it("shows 'Page Not Found' and returns home", async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    // The title is set by an effect, which React may run just after the page's first paint.
    await waitFor(() => expect(document.title).toBe('Page Not Found - Credit Union Online'));
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('route guards', () => {
  it('sends a signed-out visitor from a member route to /login', async () => {
    const router = renderAt('/users/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-out visitor from an admin route to /login', async () => {
    const router = renderAt('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
