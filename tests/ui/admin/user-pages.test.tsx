// Screens against the real server in this process: browser globals come from install-dom (imported first).
import './install-dom';
import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { clearSession } from '../../../src/ui/features/auth/session-store';
import { pageAfterSignIn } from '../../../src/ui/features/auth/return-page';
import { ROLES } from '../../../src/shared/product';
import userEvent from '@testing-library/user-event';
import { adminScreenSuite } from './render-admin';
import { controlPageTimers, passTime } from '../../helpers/page-timers';
import { ADMIN_TEXTS, REQUEST_TEXTS } from '../../../src/shared/messages';

/** A form's root title, as an analyst wrote it. */
const titleOf = (form: string) => (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../../forms/${form}.schema.json`), 'utf8')) as { title: string }).title;

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('create and edit user pages (real API, PGlite)', () => {
  const { t, renderAdmin } = adminScreenSuite();
  afterEach(() => vi.useRealTimers());

  it('creates a user: a future birth date and a taken email are shown under their fields; success resets and returns to the list after 2 s', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderAdmin('/admin/users/create');
    await user.type(await screen.findByLabelText(/^First Name/), 'Imani');
    // The form's title is the page's heading, once (the form does not repeat it).
    expect(screen.getAllByRole('heading', { name: titleOf('admin/user') }).map((h) => h.tagName)).toEqual(['H1']);
    await user.type(screen.getByLabelText(/^Last Name/), 'Joseph');
    await user.type(screen.getByLabelText(/^Email Address/), 'grace@cu.example');
    await user.type(screen.getByLabelText(/^Mobile Number/), '+1 868 555 7777');
    await user.type(screen.getByLabelText(/^Password/), 'Good!Pass1');
    await user.type(screen.getByLabelText(/^Verify Password/), 'Good!Pass1');
    // What is typed is kept in this tab for a sign-in after the session ends (use-kept-draft.ts), but never a password.
    const kept = sessionStorage.getItem('cu.auth.draft.admin-user-create');
    expect(kept).toContain('Imani');
    expect(kept).not.toContain('Good!Pass1');
    await choose(user, /^Role/, 'Customer');
    await choose(user, /^Office/, 'Tobago, Panam Building');
    await choose(user, /^Gender/, 'Female');
    const dob = screen.getByLabelText(/^Date of Birth/);
    await user.type(dob, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeInTheDocument();

    await user.clear(dob);
    await user.type(dob, '1991-09-09');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(REQUEST_TEXTS.emailTaken, { selector: 'p, li, span, div' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_TEXTS.createFailed);
    // The refusal takes the keyboard (and the view) to the field it names, as the browser's own check does.
    await waitFor(() => expect(screen.getByLabelText(/^Email Address/)).toHaveFocus());

    const email = screen.getByLabelText(/^Email Address/);
    await user.clear(email);
    await user.type(email, 'imani.joseph@example.com');
    controlPageTimers();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(ADMIN_TEXTS.userCreated)).toBeInTheDocument();
    // The message takes the focus (and the view): the page had stayed at the disabled button.
    await waitFor(() => expect(screen.getByText(ADMIN_TEXTS.userCreated).closest('[role="status"]')).toHaveFocus());
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('');
    expect(sessionStorage.getItem('cu.auth.draft.admin-user-create')).toBeNull();
    await passTime(2000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    // The list says it too, with the focus: the message went with the page.
    await waitFor(() => expect(screen.getByText(ADMIN_TEXTS.userCreated).closest('[role="status"]')).toHaveFocus());
    const row = await t.db.db.selectFrom('users').selectAll().where('email', '=', 'imani.joseph@example.com').executeTakeFirstOrThrow();
    // Stored in the one normalised form, however it was typed.
    expect(row).toMatchObject({ role_id: 2, office_id: 2, gender: 'female', dob: '1991-09-09', mobile: '+18685557777' });
  });

  it("shows an administrator's own role without offering to change it, and says why", async () => {
    const me = await t.db.db.selectFrom('users').select('id').where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow();
    renderAdmin(`/admin/users/${me.id}/edit`);
    const role = await screen.findByRole('combobox', { name: /^Role/ });
    expect(role).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(ADMIN_TEXTS.cannotChangeOwnRole)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Office/ })).not.toHaveAttribute('aria-disabled');
  });

  it('comes back to the list as it was left: the search and the page size, through View, Edit and Back to Users', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderAdmin('/admin/users?search=grace&page_size=50');
    await user.click(await screen.findByRole('link', { name: /^View Grace/ }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByLabelText(/^First Name/);
    await user.click(screen.getByRole('link', { name: 'Back to Users' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=grace&page_size=50'));
    expect(await screen.findByRole('textbox', { name: 'Search users' })).toHaveValue('grace');
    // A page opened some other way (a bookmark, a reload of another tab) goes back to the list's start.
    cleanup();
    renderAdmin('/admin/users/create');
    expect(await screen.findByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/admin/users');
  });

  it("edits a user: fields prefilled, no passwords, Save Changes, Back to Users, the server's message", async () => {
    const user = userEvent.setup({ delay: null });
    const grace = await t.db.db.selectFrom('users').select('id').where('email', '=', 'grace@cu.example').executeTakeFirstOrThrow();
    let router = renderAdmin(`/admin/users/${grace.id}/edit`);
    let first = await screen.findByLabelText(/^First Name/);
    expect(first).toHaveValue('Grace');
    expect(screen.getAllByRole('heading', { name: titleOf('admin/user-update') }).map((h) => h.tagName)).toEqual(['H1']);
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.clear(first);
    await user.type(first, 'Gracie');
    // The session ends before Save (its 5 minutes): signing in again brings the unsaved change back.
    act(() => clearSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    cleanup();
    const me = (JSON.parse(sessionStorage.getItem('cu.auth.returnTo')!) as { userId: number }).userId;
    expect(pageAfterSignIn({ id: me, role_id: ROLES.SYSTEMS_ADMINISTRATOR })).toEqual({ path: `/admin/users/${grace.id}/edit`, returning: true });
    router = renderAdmin(`/admin/users/${grace.id}/edit`);
    first = await screen.findByLabelText(/^First Name/);
    await waitFor(() => expect(first).toHaveValue('Gracie'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_TEXTS.userUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(ADMIN_TEXTS.userUpdated).closest('[role="status"]')).toHaveFocus());
    // The page reloads its data 1 s later (the spec's reload); the message stays, with the focus.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(screen.getByText(ADMIN_TEXTS.userUpdated).closest('[role="status"]')).toHaveFocus();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Gracie');
    const audit = await t.db.db.selectFrom('audit_log').select('action').where('entity_id', '=', String(grace.id)).execute();
    expect(audit.map((a) => a.action)).toContain('user.update');
    expect(within(document.body).queryByText(/Failed/)).not.toBeInTheDocument();

    // The user's page tells the change in words, naming the field by the form's label.
    await router.navigate(`/admin/users/${grace.id}`);
    const trail = await screen.findByRole('region', { name: 'Audit Trail' });
    expect(within(trail).getByText(/^Details changed by Ava Administrator on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(First Name\)$/)).toBeInTheDocument();
    expect(trail).not.toHaveTextContent(/first_name|Gracie/);
  });
});
