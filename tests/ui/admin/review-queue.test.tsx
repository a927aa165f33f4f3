// Screens against the real server in this process: browser globals come from install-dom (imported first).
import './install-dom';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auth, ensureSecondAdmin, insertSubmittedSignup, tokenFor } from '../../server/admin/admin-helpers';
import { adminScreenSuite, renderAsAdmin } from './render-admin';
import { ADMIN_TEXTS } from '../../../src/shared/messages';
import { messagePattern } from '../../helpers/form-messages';
import { installMatchMedia } from '../../helpers/match-media';
import { clearSession } from '../../../src/ui/features/auth/session-store';
import { pageAfterSignIn } from '../../../src/ui/features/auth/return-page';
import { ROLES } from '../../../src/shared/product';

describe('review queue screens: risk chips, assignment, "Assigned to me", second approval, consents (real API, PGlite)', () => {
  const { t, renderAdmin } = adminScreenSuite();
  let flaggedId = '';
  let plainId = '';

  beforeAll(async () => {
    flaggedId = await insertSubmittedSignup(t.db.db, { email: 'flagged@example.com', mobile: '+18687002001', firstName: 'Fiona', lastName: 'Flagged', createdOn: new Date(2026, 2, 5, 10, 0) });
    await t.db.db.updateTable('signups').set({ risk_flags: ['politically_exposed', 'foreign'] }).where('id', '=', flaggedId).execute();
    plainId = await insertSubmittedSignup(t.db.db, { email: 'plain@example.com', mobile: '+18687002002', firstName: 'Paul', lastName: 'Plain', createdOn: new Date(2026, 2, 4, 10, 0) });
  });

  const rowOf = async (name: string) => (await within(await screen.findByRole('table', { name: 'Signups' })).findByText(name)).closest('tr')!;

  it('shows risk flags as chips and the assignee; Claim from the menu makes it mine, and "Assigned to me" lists only mine', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    const flagged = await rowOf('Fiona Flagged');
    const chips = within(flagged).getByRole('list', { name: 'Risk flags' });
    expect(within(chips).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Politically exposed', 'Foreign national or account']);
    expect(flagged).toHaveTextContent('Unassigned');
    expect(await rowOf('Paul Plain')).toHaveTextContent('None');

    await user.click(screen.getByRole('button', { name: 'Actions for Fiona Flagged' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Claim' }));
    expect(await screen.findByText(ADMIN_TEXTS.claimed)).toBeInTheDocument();
    await waitFor(async () => expect(await rowOf('Fiona Flagged')).toHaveTextContent('Ava Administrator (you)'));

    await user.click(screen.getByRole('switch', { name: 'Assigned to me' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Signups' })).queryByText('Paul Plain')).not.toBeInTheDocument());
    expect(await rowOf('Fiona Flagged')).toBeInTheDocument();
  });

  it('filters by the new statuses in words, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    await rowOf('Paul Plain');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', 'Pending', 'Awaiting second approval', 'Referred', 'Changes requested', 'Approved', 'Rejected']);
    await user.click(screen.getByRole('option', { name: 'Referred' }));
    expect(await screen.findByText(ADMIN_TEXTS.noApplicationsMatch)).toBeInTheDocument();
  });

  it('a flagged application: the first approval leaves it awaiting a second approval, which the same administrator cannot give', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(`/admin/signup-approvals/${flaggedId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fiona Flagged' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Risk flags' })).getByText('Politically exposed')).toBeInTheDocument();
    const queue = screen.getByRole('region', { name: 'Assignment and approvals' });
    expect(queue).toHaveTextContent('0 of 2');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Signup' });
    expect(dialog).toHaveTextContent('a second administrator must approve it too');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(ADMIN_TEXTS.firstApproval)).toBeInTheDocument();
    // The focus goes to the outcome, not back to Approve (disabled once the page reloads, which dropped the focus).
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(await screen.findByText(ADMIN_TEXTS.firstApprovalByYou)).toBeInTheDocument();
    // The closing dialog keeps the page aria-hidden for a moment; findBy waits until it is reachable again.
    expect(await screen.findByRole('button', { name: 'Give Second Approval' })).toBeDisabled();
    expect(screen.getAllByText('Awaiting second approval').length).toBeGreaterThan(0);
    expect(await screen.findByRole('region', { name: 'Assignment and approvals' })).toHaveTextContent('1 of 2: Ava Administrator');
    expect(await screen.findByText(/^First approval given by Ava Administrator on /)).toBeInTheDocument();
  });

  it("the list's Actions menu offers the first approver no second approval, saying why", async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    await rowOf('Fiona Flagged');
    await user.click(screen.getByRole('button', { name: 'Actions for Fiona Flagged' }));
    const item = await screen.findByRole('menuitem', { name: /Give Second Approval/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveTextContent('A different administrator must give the second approval.');
  });

  it('another administrator sees the second-approval state and can give it', async () => {
    const ben = await ensureSecondAdmin(t.db.db);
    // The first approval was given in the previous test; Ben signs in to give the second.
    expect((await t.db.db.selectFrom('signups').select('status').where('id', '=', flaggedId).executeTakeFirstOrThrow()).status).toBe('awaiting_second_approval');
    const token = await tokenFor(t.app, ben.email);
    const user = userEvent.setup({ delay: null });
    renderAsAdmin(`/admin/signup-approvals/${flaggedId}`, token, { id: ben.id, email: ben.email, name: 'Ben Checker' });
    expect(await screen.findByText(/needs your second approval to open the accounts/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give Second Approval' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Give Second Approval' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(ADMIN_TEXTS.approved)).toBeInTheDocument();
    await waitFor(async () => expect(await screen.findByRole('region', { name: 'Assignment and approvals' })).toHaveTextContent('2 of 2'));
  });

  it('an application another administrator rejects while the tab is in the background shows as rejected when it is back in view', async () => {
    const ben = await ensureSecondAdmin(t.db.db);
    const id = await insertSubmittedSignup(t.db.db, { email: 'dora@example.com', mobile: '+18687002010', firstName: 'Dora', lastName: 'Decided' });
    renderAdmin(`/admin/signup-approvals/${id}`);
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeEnabled();
    const showTab = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    showTab('hidden');
    const rejected = await t.call({ method: 'PUT', url: '/api/signups/reject', headers: auth(await tokenFor(t.app, ben.email)), payload: { signup_id: id } });
    expect(rejected.statusCode).toBe(200);
    try {
      showTab('visible');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled());
      expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
      expect(screen.getAllByText('Rejected').length).toBeGreaterThan(0);
    } finally {
      delete (document as { visibilityState?: string }).visibilityState;
    }
  });

  it('shows the consents with time, address and text version on the review page, and the referral in the history', async () => {
    const user = userEvent.setup({ delay: null });
    await t.db.db.insertInto('signup_consents').values({ signup_id: plainId, consent: 'terms', step: 'basic-info', text_version: 'abcdef0123456789', client_ip: '203.0.113.7', agreed_on: new Date('2026-03-04T13:30:00Z') /* 09:30 in Port of Spain */ }).execute();
    renderAdmin(`/admin/signup-approvals/${plainId}`);
    const consents = await screen.findByRole('region', { name: 'Consents' });
    const row = within(consents).getByText('Terms and Conditions').closest('tr')!;
    expect(row).toHaveTextContent('04.03.2026 09:30');
    expect(row).toHaveTextContent('203.0.113.7');
    expect(row).toHaveTextContent('abcdef0123456789');
    // A version that is not today's wording is marked.
    expect(row).toHaveTextContent('Earlier wording');

    await user.click(screen.getByRole('button', { name: 'Refer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refer Application' });
    // The keyboard is in the reason field, not on the dialog's frame.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Compliance should see this.');
    await user.click(within(dialog).getByRole('button', { name: 'Refer' }));
    expect(await screen.findByText(ADMIN_TEXTS.referred)).toBeInTheDocument();
    const trail = await screen.findByRole('region', { name: 'Audit Trail' });
    await waitFor(() => expect(within(trail).getByText(/^Referred by Ava Administrator on .*\(Compliance should see this\.\)$/)).toBeInTheDocument());
  });

  // On a 360 px phone the consents were a four-column table in a scrolling box the keyboard could not reach: the client
  // address and the text version were cut off at the screen's edge. As the other lists of records, they stack as cards.
  it('shows the consents as labelled cards on a phone, nothing cut off at the edge', async () => {
    await t.db.db.insertInto('signup_consents').values({ signup_id: flaggedId, consent: 'financial_declaration', step: 'basic-info', text_version: '0123456789abcdef', client_ip: '198.51.100.9', agreed_on: new Date('2026-03-05T14:00:00Z') }).execute();
    installMatchMedia(360);
    try {
      renderAdmin(`/admin/signup-approvals/${flaggedId}`);
      const consents = await screen.findByRole('region', { name: 'Consents' });
      expect(within(consents).queryByRole('table')).toBeNull();
      const card = within(within(consents).getByRole('list', { name: 'Consents' })).getAllByRole('listitem')[0];
      const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(value('Agreed')).toHaveTextContent('05.03.2026 10:00');
      expect(value('Client address')).toHaveTextContent('198.51.100.9');
      expect(value('Text version')).toHaveTextContent('0123456789abcdef');
    } finally {
      installMatchMedia();
    }
  });

  /** The session ends (its 5 minutes) on the page; the administrator signs in again and is returned to it. */
  async function sessionEndsThenSignInAgain(path: string) {
    act(() => clearSession());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument());
    cleanup();
    const me = (JSON.parse(sessionStorage.getItem('cu.auth.returnTo')!) as { userId: number }).userId;
    expect(pageAfterSignIn({ id: me, role_id: ROLES.SYSTEMS_ADMINISTRATOR })).toEqual({ path, returning: true });
    renderAdmin(path);
  }

  // The session's warning says a form keeps what was typed; the words typed in the review's dialogs were lost when the
  // session ended (a long request for changes, a comment), and the dialog was gone after signing in again.
  it('gives back the words of a request for changes and of a comment after the session ends mid-dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const id = await insertSubmittedSignup(t.db.db, { email: 'kept@example.com', mobile: '+18687002009', firstName: 'Kemi', lastName: 'Kept' });
    const path = `/admin/signup-approvals/${id}`;
    renderAdmin(path);
    await user.click(await screen.findByRole('button', { name: 'Request Changes' }));
    let dialog = await screen.findByRole('dialog', { name: 'Request Changes' });
    const step = within(dialog).getAllByRole('checkbox')[0];
    await waitFor(() => expect(step).toHaveFocus());
    const stepName = step.closest('label')!.textContent!;
    await user.click(step);
    const message = 'Please upload a clearer photo of the front of your ID.';
    await user.type(within(dialog).getByRole('textbox', { name: /Message to the applicant/ }), message);

    await sessionEndsThenSignInAgain(path);
    dialog = await screen.findByRole('dialog', { name: 'Request Changes' });
    expect(within(dialog).getByRole('textbox', { name: /Message to the applicant/ })).toHaveValue(message);
    expect(within(dialog).getByRole('checkbox', { name: stepName })).toBeChecked();
    // Cancel is the end of those words: the next visit opens no dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('cu.auth.draft.signup-action')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Comment' });
    await user.type(within(dialog).getByRole('textbox'), 'Called the applicant');
    await sessionEndsThenSignInAgain(path);
    dialog = await screen.findByRole('dialog', { name: 'Add Comment' });
    await user.type(within(dialog).getByRole('textbox'), '; the ID is on its way.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText(ADMIN_TEXTS.commentAdded)).toBeInTheDocument();
    const stored = await t.db.db.selectFrom('signups').select('comments').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.comments).toBe('Called the applicant; the ID is on its way.');
    // Sent: nothing is kept to open again.
    expect(sessionStorage.getItem('cu.auth.draft.signup-action')).toBeNull();
  });

  it('claims on the review page, then reassigns to another administrator through the dialog; the history says from whom to whom', async () => {
    const user = userEvent.setup({ delay: null });
    await ensureSecondAdmin(t.db.db);
    const id = await insertSubmittedSignup(t.db.db, { email: 'rita@example.com', mobile: '+18687002003', firstName: 'Rita', lastName: 'Reassigned' });
    renderAdmin(`/admin/signup-approvals/${id}`);
    const queue = await screen.findByRole('region', { name: 'Assignment and approvals' });
    expect(queue).toHaveTextContent('Unassigned');
    await user.click(within(queue).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText(ADMIN_TEXTS.claimed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Assignment and approvals' })).toHaveTextContent('Ava Administrator (you)'));
    await user.click(within(screen.getByRole('region', { name: 'Assignment and approvals' })).getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign Application' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Administrator' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    // The current assignee is not offered.
    expect(options).toEqual(['Ben Checker']);
    await user.click(screen.getByRole('option', { name: 'Ben Checker' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText(ADMIN_TEXTS.reassigned)).toBeInTheDocument();
    const trail = await screen.findByRole('region', { name: 'Audit Trail' });
    await waitFor(() => expect(within(trail).getByText(/^Reassigned by Ava Administrator on .*\(from Ava Administrator to Ben Checker\)$/)).toBeInTheDocument());
    expect(await screen.findByRole('region', { name: 'Assignment and approvals' })).toHaveTextContent('Ben Checker since');
  });

  it('requests changes: the dialog asks for steps and a message, then the application waits for the applicant', async () => {
    const user = userEvent.setup({ delay: null });
    const id = await insertSubmittedSignup(t.db.db, { email: 'carla@example.com', mobile: '+18687002004', firstName: 'Carla', lastName: 'Changes' });
    renderAdmin(`/admin/signup-approvals/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Request Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Back to Applicant' }));
    expect(within(dialog).getByText(ADMIN_TEXTS.noSteps)).toBeInTheDocument();
    expect(within(dialog).getByText(ADMIN_TEXTS.noMessage)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Branch Selection' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Message to the applicant/ }), 'Please choose the branch nearest your home.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Back to Applicant' }));
    expect(await screen.findByText(ADMIN_TEXTS.changesRequested)).toBeInTheDocument();
    expect(await screen.findByText(messagePattern(ADMIN_TEXTS.waitingForApplicant, { steps: 'Branch Selection', message: 'Please choose the branch nearest your home.' }))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled());
  });
});
