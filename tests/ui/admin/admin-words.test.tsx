// The administrator lists' own words are forms/messages/admin.json's: an analyst's rewording shows in the headings,
// the columns, the filters, the actions and the way back. Screens against the real server in this process.
import './install-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { insertSubmittedSignup } from '../../server/admin/admin-helpers';
import { adminScreenSuite } from './render-admin';
import { ADMIN_TEXTS } from '../../../src/shared/messages';

const reworded = {
  signupApprovals: 'Applications to decide',
  columnName: 'Full name',
  columnRegistered: 'Applied on',
  assignedToMe: 'Only mine',
  searchApplications: 'Find an application',
  actionsFor: 'What to do with {name}',
  reviewApplication: 'Open the application',
  reviewApplicationOf: 'Open {id} ({name})',
  backToSignupApprovals: 'Back to the applications',
  users: 'Staff and members',
  createUser: 'Add someone',
  columnLastSignedIn: 'Last seen',
  searchUsers: 'Find a user',
  viewUser: 'See {name}',
  backToUsers: 'Back to everyone',
  contactSection: 'How to reach them',
  lastLogin: 'Last here: {when}',
  roleLabel: 'Job',
  requestChanges: 'Ask for changes',
  applicationSummary: 'In short',
  consents: 'What they agreed to',
  newCustomer: 'Not yet a member',
  rejectTitle: 'Turn down',
  rejectBody: 'Say no to {name}?',
  cancel: 'Never mind',
  onboardingFunnel: 'Where applicants stop',
  complianceSection: 'Rules',
  funnelShow: 'Update',
  funnelAllVersions: 'Every version',
  funnelPeriod: 'Between {from} and {to}',
  funnelStarted: 'Began',
  funnelStepsTable: 'Each step',
  funnelColumnGaveUp: 'Left here',
  funnelPaths: 'By kind of applicant',
  durationSeconds: '{seconds} sec',
  customerClaimTitle: 'Says they are a member',
  customerClaimProvenMobile: 'Proven with the code sent to {contact} on {when}.',
  customerClaimTable: 'Typed and on file',
  customerClaimColumnApplicant: 'They typed',
  customerClaimDob: 'Born',
  customerClaimDiffers: 'Not the same',
  customerClaimOneAttempt: 'a single account number tried',
  customerClaimAttempts: '{count} account numbers typed',
};

describe("the administrator lists' words (real API, PGlite)", () => {
  const { t, renderAdmin } = adminScreenSuite({
    prepare: (db) => insertSubmittedSignup(db.db, { email: 'words@example.com', mobile: '+18687001077', firstName: 'Wren', lastName: 'Words' }),
  });
  // After the suite's server started: it sets the shared messages from the configuration's files, as it does at start.
  const before = { ...ADMIN_TEXTS };
  beforeAll(() => void Object.assign(ADMIN_TEXTS, reworded));
  afterAll(() => void Object.assign(ADMIN_TEXTS, before));

  it("come from the message file: the applications list, its menu, an application's page and the way back from it", async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/signup-approvals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications to decide' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Full name' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Applied on' })).toBeInTheDocument();
    expect(screen.getByLabelText('Only mine')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Find an application' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /^Open [0-9a-f]{8} \(Wren Words\)$/ })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'What to do with Wren Words' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Open the application' }));
    expect(await screen.findByRole('button', { name: 'Ask for changes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'In short' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What they agreed to' })).toBeInTheDocument();
    expect(screen.getByText('Not yet a member')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn down' });
    expect(dialog).toHaveTextContent('Say no to Wren Words?');
    expect(within(dialog).getByText('Wren Words').tagName).toBe('STRONG');
    await user.click(within(dialog).getByRole('button', { name: 'Never mind' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('link', { name: 'Back to the applications' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications to decide' })).toBeInTheDocument();
  });

  it("come from the message file: the users list, a user's page and the way back from it", async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff and members' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Where applicants stop' })).toBeInTheDocument();
    expect(screen.getByText('Rules')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add someone' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Find a user' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Last seen' })).toBeInTheDocument();
    await user.click((await within(table).findAllByRole('link', { name: /^See / }))[0]);
    expect(await screen.findByRole('heading', { level: 2, name: 'How to reach them' })).toBeInTheDocument();
    expect(screen.getByText(/^Last here: /)).toBeInTheDocument();
    expect(screen.getByText('Job')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Back to everyone' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff and members' })).toBeInTheDocument();
  });

  it('come from the message file: the onboarding funnel', async () => {
    const facts = { isMinor: false, isExistingCustomer: false, isForeignNational: false };
    t.app.funnel.record({ visit: 'visit-words-0001', step: 'new-or-existing-customer', event: 'entered', facts });
    t.app.funnel.record({ visit: 'visit-words-0001', step: 'new-or-existing-customer', event: 'submitted' });
    await t.app.funnel.flush();
    renderAdmin('/admin/onboarding-funnel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Where applicants stop' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Every version' })).toBeInTheDocument();
    expect(await screen.findByText(/^Between \d\d\.\d\d\.\d{4} and \d\d\.\d\d\.\d{4}$/)).toBeInTheDocument();
    expect(screen.getByText('Began')).toBeInTheDocument();
    const steps = screen.getByRole('table', { name: 'Each step' });
    expect(within(steps).getByRole('columnheader', { name: 'Left here' })).toBeInTheDocument();
    const first = within(steps).getByRole('rowheader', { name: 'New or Existing Customer' }).closest('tr')!;
    expect(first.querySelectorAll('td')[4]).toHaveTextContent(/^\d+ sec$/);
    expect(screen.getByRole('table', { name: 'By kind of applicant' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'By kind of applicant' })).toBeInTheDocument();
  });

  it("come from the message file: an existing customer's claim on the review page", async () => {
    const priya = await t.db.db.selectFrom('members').select('id').where('member_number', '=', 'M000203').executeTakeFirstOrThrow();
    const id = await insertSubmittedSignup(t.db.db, { email: 'claim.words@example.com', mobile: '+18687001078', firstName: 'Priya', lastName: 'Singh', existingMemberId: priya.id });
    renderAdmin(`/admin/signup-approvals/${id}`);
    const section = await screen.findByRole('region', { name: 'Says they are a member' });
    expect(within(section).getByText(/^Proven with the code sent to \+18684000003 on .+\.$/)).toBeInTheDocument();
    expect(section).toHaveTextContent('a single account number tried');
    const table = within(section).getByRole('table', { name: 'Typed and on file' });
    expect(within(table).getByRole('columnheader', { name: 'They typed' })).toBeInTheDocument();
    const born = within(table).getByRole('rowheader', { name: 'Born' }).closest('tr')!;
    expect(born).toHaveAttribute('data-differs', 'true');
    expect(born).toHaveTextContent('Not the same');
  });
});
