// @vitest-environment happy-dom
// The first page's words are forms/messages/welcome.json's, read key by key (so the build keeps only those in the
// first page's script): an analyst's rewording of the file shows on the welcome page and in the signed-out frame.
// The file is reworded here as a build would read it, before the pages' modules load.
import { screen, waitFor } from '@testing-library/react';
import { renderAt } from './render-app';
import { PRODUCT_NAME } from '../../src/ui/lib/use-page-title';

vi.mock('../../forms/messages/welcome.json', async (original) => {
  const file = (await original()) as { default: Record<string, string> };
  const reworded = Object.fromEntries(Object.entries(file.default).map(([key, text]) => [key, key === '$comment' ? text : `${text} (reworded)`]));
  return { ...reworded, default: reworded };
});

describe("the first page's words", () => {
  it('come from welcome.json: heading, introduction, buttons, link, footer, theme button and title', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome to ${PRODUCT_NAME} (reworded)` })).toBeInTheDocument();
    expect(screen.getByText(/^Check your balances .* \(reworded\)$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In (reworded)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue an application (reworded)' })).toBeInTheDocument();
    expect(screen.getByText(/^If you don't have an online account.* \(reworded\)$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Don't have an account? (reworded)" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Switch to (dark|light) theme \(reworded\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`${PRODUCT_NAME} · a member-owned credit union (reworded)`);
    await waitFor(() => expect(document.title).toBe(`Welcome (reworded) - ${PRODUCT_NAME}`));
  });
});
