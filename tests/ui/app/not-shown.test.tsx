// @vitest-environment happy-dom
// A page whose code cannot load (a build replaced since the tab opened: its old scripts are gone; a dropped
// connection) says so in people's words, in the signed-out frame, with a way to reload; no module address, no blank
// screen. The words are forms/messages/welcome.json's.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../render-app';
import { SchemaForm } from '../../../src/ui/forms/schema-form';
import * as WELCOME from '../../../forms/messages/welcome.json';

vi.mock('../../../src/ui/components/not-found-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/not-found-page-old.js');
});

describe('a page that cannot load', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it("is said in the frame with a reload, not as the loader's error", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: WELCOME.notShownTitle })).toBeInTheDocument();
    expect(screen.getByText(WELCOME.notShownBody)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^${WELCOME.notShownTitle}`)));
    expect(screen.queryByText(/dynamically imported module|assets\//)).toBeNull();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await userEvent.click(screen.getByRole('button', { name: WELCOME.reload }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it("a form that cannot load says the same in its place, with a reload, and logs the detail for developers", async () => {
    render(<SchemaForm formId="onboarding/no-such-form" onSubmit={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(WELCOME.notShownBody);
    expect(alert).not.toHaveTextContent(/no-such-form/);
    expect(screen.getByRole('button', { name: WELCOME.reload })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('no-such-form') }));
  });
});
