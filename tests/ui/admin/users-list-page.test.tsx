// Screens against the real server in this process: browser globals come from install-dom (imported first).
import './install-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { insertManyUsers } from '../../server/admin/admin-helpers';
import { UserStatusChip } from '../../../src/ui/features/admin/components/user-status-chip';
import { adminScreenSuite } from './render-admin';
import { ADMIN_TEXTS } from '../../../src/shared/messages';
import { messagePattern } from '../../helpers/form-messages';

describe('admin users list and view (real API, PGlite)', () => {
  const { t, renderAdmin } = adminScreenSuite({ prepare: (db) => insertManyUsers(db.db, 1_050) });

  it('lists 10 users a page with padded ids, chips and Never, and pages through more than 1,000', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('00001');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    for (const header of ['User ID', 'Name', 'Email Address', 'Status', 'Last Signed In', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('admin@cu.example')).toBeInTheDocument();
    expect(within(table).getAllByText('Never').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Active').length).toBeGreaterThan(0);
    expect(screen.getByText(/1–10 of 1,?05\d/)).toBeInTheDocument();
    // The title is set by an effect, which React may run just after the page's first paint.
    await waitFor(() => expect(document.title).toBe('Users - Credit Union Online'));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByText('00011');
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '50']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
  });

  it('moves a page past the end (its last users filtered or blocked away) to the last page that has users', async () => {
    const total = Number((await t.db.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const last = Math.ceil(total / 50);
    const router = renderAdmin('/admin/users?page=999&page_size=50');
    await waitFor(() => expect(router.state.location.search).toBe(`?page=${last}&page_size=50`));
    const table = await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + total - (last - 1) * 50));
    expect(screen.queryByText(ADMIN_TEXTS.noUsers)).not.toBeInTheDocument();
  });

  it('searches on the server and shows Blocked and Deleted chips; Delete is hidden for a deleted user', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/users');
    await screen.findByText('00001');
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'bulk4@load.example');
    const table = screen.getByRole('table', { name: 'Users' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    // bulk4: i % 25 === 4, so deleted: one status chip, never "Active" and "Deleted" together
    expect(within(table).getByText('Deleted')).toBeInTheDocument();
    expect(within(table).queryByText('Active')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search users' }));
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'bulk3@load.example');
    await waitFor(() => expect(within(table).getByText('Blocked')).toBeInTheDocument());
    expect(within(table).getByRole('button', { name: 'Unblock Bulk3 Tester3' })).toBeInTheDocument();
  });

  it('blocks a user through the confirm dialog that names them, then unblocks', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/users?search=bulk5%40load.example');
    await user.click(await screen.findByRole('button', { name: 'Block Bulk5 Tester5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    expect(within(dialog).getByText('Bulk5 Tester5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(ADMIN_TEXTS.userBlocked)).toBeInTheDocument();
    const row = await screen.findByRole('button', { name: 'Unblock Bulk5 Tester5' });
    await user.click(row);
    const unblock = await screen.findByRole('dialog', { name: 'Unblock User' });
    // A question that undoes nothing opens on its answer: Enter confirms.
    expect(within(unblock).getByRole('button', { name: 'Unblock' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(ADMIN_TEXTS.userUnblocked)).toBeInTheDocument();
  });

  it('deletes with the Confirm Delete dialog text from the specification', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/users?search=bulk6%40load.example');
    await user.click(await screen.findByRole('button', { name: 'Delete Bulk6 Tester6' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user? This action cannot be undone.');
    // A destructive question opens on its safe answer: Enter cancels (WAI-ARIA's alert dialog), Tab reaches Delete.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Delete' })).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Delete Bulk6 Tester6' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ADMIN_TEXTS.userDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Deleted')).toBeInTheDocument());
  });

  it('shows one user with sections, Not provided / Not specified, role and office names, and the audit trail', async () => {
    const row = await t.db.db.selectFrom('users').select('id').where('email', '=', 'bulk6@load.example').executeTakeFirstOrThrow();
    await t.db.db.updateTable('users').set({ mobile: null, gender: null }).where('id', '=', row.id).execute();
    renderAdmin(`/admin/users/${row.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulk6 Tester6' })).toBeInTheDocument();
    expect(screen.getByText(`User ID ${String(row.id).padStart(5, '0')}`)).toBeInTheDocument();
    expect(screen.getAllByText('Not provided')).toHaveLength(2); // mobile and other names
    expect(screen.getByText('Not specified')).toBeInTheDocument();
    expect(screen.getByText('Customer')).toBeInTheDocument();
    expect(screen.getByText('Trinidad, Port of Spain')).toBeInTheDocument();
    expect(screen.getByText('Last login: Never')).toBeInTheDocument();
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const trail = screen.getByRole('region', { name: 'Audit Trail' });
    expect(within(trail).getByText(/^Deleted by Ava Administrator on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(trail).not.toHaveTextContent(/is_deleted|true|→/);
  });

  it('disables Block and Delete on the administrator\'s own row and page, saying why', async () => {
    const me = await t.db.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('email', '=', 'admin@cu.example').executeTakeFirstOrThrow();
    const name = `${me.first_name} ${me.last_name}`;
    const router = renderAdmin('/admin/users?search=cu.example');
    expect(await screen.findByRole('button', { name: `Block ${name}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Block Grace Ramdial' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Grace Ramdial' })).toBeEnabled();
    await router.navigate(`/admin/users/${me.id}`);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Block' })).toHaveAccessibleDescription(ADMIN_TEXTS.selfLockout);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('shows the empty message for an unknown user id', async () => {
    renderAdmin('/admin/users/999999');
    expect(await screen.findByRole('alert')).toHaveTextContent(messagePattern(ADMIN_TEXTS.userNotLoaded));
  });
});

describe('a user status', () => {
  it('reads Deleted and Blocked for a deleted user who is blocked, Deleted alone otherwise, never Active beside Deleted', () => {
    const { rerender } = render(<UserStatusChip isDeleted isBlocked />);
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    rerender(<UserStatusChip isDeleted isBlocked={false} />);
    expect(screen.queryByText('Blocked')).not.toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    rerender(<UserStatusChip isDeleted={false} isBlocked={false} />);
    expect(screen.getByText('Active')).toBeInTheDocument();
  });
});
