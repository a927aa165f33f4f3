// @vitest-environment happy-dom
// The analyst studio (issue "An analyst studio and QA tooling"): a persona's path highlighted on the diagram and in
// the lists, transitions in words, and steps previewed as that applicant sees them without calling the wizard's API.
import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { api } from '../../../../src/ui/lib/api-client';
import { renderAt } from '../../render-app';
import { clearOnboarding, PROGRESS_KEY } from '../../../../src/ui/features/onboarding/flow-actor';

const root = path.resolve(import.meta.dirname, '../../../..');
const flow = JSON.parse(fs.readFileSync(path.join(root, 'flows/onboarding.flow.json'), 'utf8'));
const original = api.defaults.adapter;

/** The studio API as the development server answers it (tests/server/studio proves the server's side). */
function studioServer(overrides: { status?: number } = {}) {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    calls.push(`${config.method} ${url}`);
    let status = overrides.status ?? 200;
    let data: unknown = { status, message: status === 404 ? 'Resource not found.' : 'Access denied.' };
    if (status === 200 && url === '/dev/studio/configuration') data = { flow, forms: ['admin/user', 'onboarding/basic-info', 'onboarding/politically-exposed-persons'], problems: [] };
    else if (status === 200 && url === '/dev/studio/form') {
      const id = config.params.id;
      data = { id, files: { schema: `forms/${id}.schema.json`, uiSchema: `forms/${id}.ui.json` }, schema: fs.readFileSync(path.join(root, `forms/${id}.schema.json`), 'utf8'), uiSchema: '{}', problems: [] };
    } else if (status === 200) status = 404;
    const response = { status, data, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return calls;
}

beforeEach(() => {
  clearOnboarding();
  sessionStorage.clear();
});
afterEach(() => {
  api.defaults.adapter = original;
});

describe('the studio', () => {
  it("highlights a minor's path, with the transitions in words", async () => {
    studioServer();
    renderAt('/dev/studio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open an Account: studio' })).toBeInTheDocument();
    const pathList = screen.getByRole('list', { name: "This persona's path" });
    expect(within(pathList).queryByText('Child ID Information')).toBeNull();

    // A minor: born ten years ago.
    const dob = await screen.findByLabelText(/^Date of Birth/);
    fireEvent.change(dob, { target: { value: `${new Date().getFullYear() - 10}-01-15` } });

    await waitFor(() => expect(within(pathList).getByText('Child ID Information')).toBeInTheDocument());
    expect(within(pathList).getByText('Parent/Guardian Information')).toBeInTheDocument();
    expect(within(pathList).queryByText('Account Number')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Facts for this persona' })).getByText('a minor')).toBeInTheDocument();

    // The text alternative: every step in walk order, each transition in words, the persona's steps marked.
    const steps = screen.getByRole('list', { name: 'Steps and transitions in walk order' });
    expect(within(steps).getByText('if a minor → Child ID Information')).toBeInTheDocument();
    expect(within(steps).getByText('otherwise → ID Information')).toBeInTheDocument();
    expect(within(steps).getByText('if an existing customer → Account Number')).toBeInTheDocument();
    const titles = within(steps).getAllByText(/./, { selector: 'li > span:first-child' }).map((e) => e.textContent);
    expect(titles.indexOf('Politically Exposed Persons')).toBeLessThan(titles.indexOf('Child ID Information'));
    expect(titles.indexOf('Child ID Information')).toBeLessThan(titles.indexOf('ID Information'));

    // The diagram: the minor's branch drawn as their path, both arrows labelled.
    const diagram = await screen.findByRole('group', { name: 'Open an Account: flow diagram' });
    await waitFor(() => expect(diagram.querySelector('[data-edge="politically-exposed-persons>child-id-information"]')).toHaveAttribute('data-on-path', 'true'));
    expect(diagram.querySelector('[data-edge="politically-exposed-persons>id-information"]')).not.toHaveAttribute('data-on-path');
    expect(within(diagram).getByText('if a minor')).toBeInTheDocument();
    expect(within(diagram).getAllByText('otherwise').length).toBeGreaterThan(0);
    expect(within(diagram).getByRole('button', { name: 'Child ID Information, on this persona’s path' })).toBeInTheDocument();
  });

  it("previews a step as the persona sees it, without the wizard's API; a choice moves the persona on", async () => {
    const calls = studioServer();
    renderAt('/dev/studio');
    // The first step (a choice) previews on its own: choosing sets the persona, the preview moves on.
    await userEvent.click(await screen.findByRole('button', { name: /^Existing Customer/ }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Getting Ready' })).toBeInTheDocument();
    const pathList = screen.getByRole('list', { name: "This persona's path" });
    await waitFor(() => expect(within(pathList).getByText('Account Number')).toBeInTheDocument());
    expect(screen.getByLabelText('New or Existing Customer')).toHaveValue('"existing"');
    // Choosing a step with the keyboard on the diagram previews it.
    const diagram = await screen.findByRole('group', { name: 'Open an Account: flow diagram' });
    const pep = within(diagram).getByRole('button', { name: /^Politically Exposed Persons/ });
    pep.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 3, name: 'Politically Exposed Persons' })).toBeInTheDocument();
    // Its form's file beside it, as written.
    expect(await screen.findByLabelText('forms/onboarding/politically-exposed-persons.schema.json')).toHaveTextContent('"is_pep"');
    // Only the studio's own calls: nothing went to the wizard's endpoints, and the wizard's progress is untouched.
    expect(calls.every((c) => c.includes('/dev/studio/'))).toBe(true);
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();
  });

  it('offers one ready-made persona of each kind flow:paths walks, and fills the inputs with it', async () => {
    studioServer();
    renderAt('/dev/studio');
    const kind = await screen.findByLabelText('Kind of applicant');
    fireEvent.change(kind, { target: { value: within(kind).getByText(/^a minor, an existing customer, a foreign national/).getAttribute('value') } });
    const pathList = screen.getByRole('list', { name: "This persona's path" });
    await waitFor(() => expect(within(pathList).getByText('Foreign Bank Information')).toBeInTheDocument());
    for (const title of ['Child ID Information', 'Account Number', 'Confirm Your Membership']) expect(within(pathList).getByText(title)).toBeInTheDocument();
    expect(screen.getByLabelText('New or Existing Customer')).toHaveValue('"existing"');
    // The count is the path's, listed beside it (a step an analyst adds changes both).
    const steps = within(pathList).getAllByRole('listitem').length;
    expect(steps).toBeGreaterThan(10);
    expect(within(kind).getByText(new RegExp(`^a minor, an existing customer, a foreign national \\(${steps} steps\\)`))).toBeInTheDocument();
  });

  it('says so when the server keeps the studio from this user', async () => {
    studioServer({ status: 403 });
    renderAt('/dev/studio');
    expect(await screen.findByText(/needs an administrator whose role includes the studio/)).toBeInTheDocument();
  });

  it('/dev/flow now opens the studio', async () => {
    studioServer();
    const router = renderAt('/dev/flow');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dev/studio'));
  });
});
