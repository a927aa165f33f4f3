// Screens against the real server in this process: browser globals come from install-dom (imported first).
import './install-dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { insertSubmittedSignup } from '../../server/admin/admin-helpers';
import { commentPreview } from '../../../src/ui/features/admin/signups/signup-approvals-page';
import { adminScreenSuite } from './render-admin';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { ADMIN_TEXTS, ONBOARDING_TEXTS } from '../../../src/shared/messages';

describe('signup approvals and application review (real API, PGlite)', () => {
  const { t, renderAdmin } = adminScreenSuite();

  it('previews comments to 40 characters or says there are none', () => {
    expect(commentPreview(null)).toBe(ADMIN_TEXTS.noComments);
    expect(commentPreview('  ')).toBe(ADMIN_TEXTS.noComments);
    expect(commentPreview('x'.repeat(40))).toBe('x'.repeat(40));
    expect(commentPreview('y'.repeat(41))).toBe(`${'y'.repeat(40)}…`);
  });

  it('shows the empty state with Refresh, which finds a new application', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    expect(await screen.findByRole('heading', { name: 'No Signups Found' })).toBeInTheDocument();
    expect(screen.getByText('No user signups have been submitted yet.')).toBeInTheDocument();
    await insertSubmittedSignup(t.db.db, { email: 'ruth@example.com', mobile: '+18687001001', firstName: 'Ruth', lastName: 'Baptiste', createdOn: new Date('2026-03-04T13:05:00Z') /* 09:05 in Port of Spain */ });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const table = await screen.findByRole('table', { name: 'Signups' });
    const row = within(table).getByText('Ruth Baptiste').closest('tr')!;
    expect(row).toHaveTextContent('ruth@example.com');
    expect(row).toHaveTextContent('04.03.2026 09:05');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent(ADMIN_TEXTS.noComments);
  });

  it('comes back to the list as it was left (its filter and search) from an application reviewed from it', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderAdmin('/admin/signup-approvals?status=pending&search=Baptiste');
    await user.click(await screen.findByRole('link', { name: /^Review application .* of Ruth Baptiste$/ }));
    await user.click(await screen.findByRole('link', { name: 'Back to Signup Approvals' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&search=Baptiste'));
    expect(await screen.findByRole('textbox', { name: 'Search applications' })).toHaveValue('Baptiste');
    expect(within(await screen.findByRole('table', { name: 'Signups' })).getByText('Ruth Baptiste')).toBeInTheDocument();
    // Left on a page that has since emptied (its last application decided): back on the last page with rows.
    cleanup();
    const again = renderAdmin('/admin/signup-approvals?status=pending&page=4');
    await waitFor(() => expect(again.state.location.search).toBe('?status=pending'));
    expect(await screen.findByRole('link', { name: /^Review application .* of Ruth Baptiste$/ })).toBeInTheDocument();
  });

  it('adds a comment through the dialog with its 500-character counter; Add Comment is disabled while blank', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    await user.click(await screen.findByRole('button', { name: 'Actions for Ruth Baptiste' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Comment' });
    expect(within(dialog).getByText('0/500')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Comment' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), '   ');
    expect(within(dialog).getByRole('button', { name: 'Add Comment' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Documents checked against the originals at the branch today.');
    expect(within(dialog).getByText('63/500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText(ADMIN_TEXTS.commentAdded)).toBeInTheDocument();
    expect(await screen.findByText('Documents checked against the originals…')).toBeInTheDocument();
  });

  it('approves from the actions menu; the row turns Approved and Approve is no longer offered', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    await user.click(await screen.findByRole('button', { name: 'Actions for Ruth Baptiste' }));
    await user.click(screen.getByRole('menuitem', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve Signup' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(ADMIN_TEXTS.approved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Approved')).toBeInTheDocument());
    // The closing dialog keeps the page aria-hidden for a moment; findBy waits until the row is reachable again.
    await user.click(await screen.findByRole('button', { name: 'Actions for Ruth Baptiste' }));
    expect(await screen.findByRole('menuitem', { name: 'Approve' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('searches applications by name, email or mobile, kept in the address; a search that finds none says so', async () => {
    const user = userEvent.setup({ delay: null });
    await insertSubmittedSignup(t.db.db, { email: 'zainab.search@example.com', mobile: '+18687001009', firstName: 'Zainab', lastName: 'Mohammed' });
    const router = renderAdmin('/admin/signup-approvals');
    await screen.findByRole('button', { name: 'Actions for Ruth Baptiste' });
    await user.type(screen.getByRole('textbox', { name: 'Search applications' }), 'zainab.search');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Actions for Ruth Baptiste' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Actions for Zainab Mohammed' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('search=zainab.search');
    await user.clear(screen.getByRole('textbox', { name: 'Search applications' }));
    await user.type(screen.getByRole('textbox', { name: 'Search applications' }), 'nobody-by-this-name');
    expect(await screen.findByText(ADMIN_TEXTS.noApplicationsMatch)).toBeInTheDocument();
  });

  it('reviews an application: every step read-only from its form, documents to download, decision buttons, audit trail', async () => {
    const id = await insertSubmittedSignup(t.db.db, { email: 'omar@example.com', mobile: '+18687001002', firstName: 'Omar', lastName: 'Ali', homeBranch: 'port_of_spain' });
    await t.db.db
      .insertInto('signup_files')
      .values({ id: 'f-omar', signup_id: id, step: 'address', field: 'proof_of_address_files', original_name: 'utility-bill.pdf', stored_name: 'omar-stored', content_type: 'application/pdf', size_bytes: 2048, sha256: 'x' })
      .execute();
    renderAdmin(`/admin/signup-approvals/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Ali' })).toBeInTheDocument();
    for (const title of ['Basic Information', 'Address', 'Branch Selection']) expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    const branch = screen.getByRole('region', { name: 'Branch Selection' });
    await waitFor(() => expect(within(branch).getByText('Port of Spain')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Download utility-bill.pdf' })).toBeInTheDocument();
    // Under the field's title in the form, not its name.
    const title = resolveForm(readFormsDir(), 'onboarding/address').schema.properties.proof_of_address_files.title;
    expect(await within(screen.getByRole('region', { name: 'Address' })).findByText(`${title} · 2 KB`)).toBeInTheDocument();
    // The answers as sent, without the wizard's buttons: no upload button that does nothing.
    expect(screen.queryByRole('button', { name: /^Choose files/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Audit Trail' })).toBeInTheDocument();
  });

  it("shows an existing customer's claim side by side with the member record, differences marked, and the refusal of an unproven claim", async () => {
    const user = userEvent.setup({ delay: null });
    const priya = await t.db.db.selectFrom('members').select('id').where('member_number', '=', 'M000203').executeTakeFirstOrThrow();
    const id = await insertSubmittedSignup(t.db.db, { email: 'priya.new@example.com', mobile: '+18687001003', firstName: 'Priya', lastName: 'Singh', existingMemberId: priya.id, claimProven: false });
    renderAdmin(`/admin/signup-approvals/${id}`);
    const section = await screen.findByRole('region', { name: 'Existing Customer Claim' });
    expect(within(section).getByText(/^Claim not proven/)).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Applicant and member record side by side' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Name')).toHaveTextContent('Priya Singh');
    expect(row('Name')).toHaveTextContent('Same');
    // The fixture's applicant was born 1994-06-15; the member record says 2001-01-09.
    expect(row('Date of Birth')).toHaveTextContent('15.06.1994');
    expect(row('Date of Birth')).toHaveTextContent('09.01.2001');
    expect(row('Date of Birth')).toHaveTextContent('Differs');
    expect(row('Email')).toHaveTextContent('priya.new@example.com');
    expect(row('Email')).toHaveTextContent('priya.singh@example.com');
    expect(row('Mobile')).toHaveTextContent('+18684000003');
    expect(row('Mobile')).toHaveTextContent('Differs');

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve Signup' })).getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ONBOARDING_TEXTS.claimNotProven);
  });
});
