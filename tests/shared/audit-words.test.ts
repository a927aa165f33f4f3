import { AUDIT_ACTION_WORDS, describeAuditEntry, fieldTitles } from '../../src/shared/audit-words';
import type { AuditEntry } from '../../src/shared/api-types';
import { resolveForm } from '../../src/shared/forms/form-registry';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';

const userLabels = fieldTitles(resolveForm(readFormsDir(), 'admin/user').schema);
// 10:04 in Port of Spain (UTC-4), the credit union's time zone that times are shown in.
const at = new Date('2026-11-23T14:04:00Z');
const entry = (over: Partial<AuditEntry<Date>>): AuditEntry<Date> => ({
  id: 1,
  action: 'user.block',
  actor_user_id: 7,
  actor_name: 'Ada Admin',
  actor_email: 'ada@cu.example',
  before: null,
  after: null,
  created_on: at,
  ...over,
});

describe('the audit trail in words', () => {
  it('says who did what and when, for every action the server records', () => {
    expect(describeAuditEntry(entry({ action: 'user.block', before: { is_blocked: false }, after: { is_blocked: true } }))).toBe('Blocked by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ action: 'user.unblock', before: { is_blocked: true }, after: { is_blocked: false } }))).toBe('Unblocked by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ action: 'user.delete' }))).toBe('Deleted by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ action: 'signup.comment', after: { comments: 'Seen' } }))).toBe('Comment added by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ action: 'signup.reject' }))).toBe('Rejected by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ action: 'signup.approve', after: { status: 'approved', account_number: '10000000301' } }))).toBe(
      'Approved by Ada Admin on 23.11.2026 10:04 (savings account 10000000301)',
    );
    expect(describeAuditEntry(entry({ action: 'signup.document_download', after: { file_id: 'f1', name: 'passport.pdf' } }))).toBe('Document downloaded by Ada Admin on 23.11.2026 10:04 (passport.pdf)');
    expect(describeAuditEntry(entry({ action: 'user.create', after: { signup_id: '3f2a9c10-aaaa-bbbb-cccc-ddddeeeeffff', role_id: 2 } }))).toBe('Created by Ada Admin on 23.11.2026 10:04 (from application 3f2a9c10)');
    for (const words of Object.values(AUDIT_ACTION_WORDS)) expect(words).not.toMatch(/[._]/);
  });

  it('names the fields an edit changed with the user form\'s own labels, in the form\'s order, never the raw values', () => {
    const before = { id: 5, first_name: 'Grace', email: 'grace@cu.example', mobile: '+18683000003', role_id: 2, is_blocked: false, updated_on: '2026-11-01T00:00:00Z', name: 'Grace R' };
    const after = { ...before, mobile: '+18683000099', email: 'grace.r@cu.example', updated_on: '2026-11-23T10:04:00Z', name: 'Grace Ramdial' };
    const text = describeAuditEntry(entry({ action: 'user.update', before, after }), userLabels);
    expect(text).toBe('Details changed by Ada Admin on 23.11.2026 10:04 (Email Address, Mobile Number)');
    expect(text).not.toMatch(/->|→|true|false|@/);
    expect(userLabels).toMatchObject({ email: 'Email Address', mobile: 'Mobile Number', role_id: 'Role', office_id: 'Office', dob: 'Date of Birth' });
  });

  it("names an application's steps by their titles when a request for changes or a resubmission lists them", () => {
    const stepTitles = { 'child-id-information': 'Child ID Information', address: 'Address' };
    expect(describeAuditEntry(entry({ action: 'signup.request_changes', after: { steps: ['child-id-information', 'address'], message: 'Please upload a clearer copy' } }), stepTitles)).toBe(
      'Changes requested by Ada Admin on 23.11.2026 10:04 (Child ID Information, Address, Please upload a clearer copy)',
    );
    expect(describeAuditEntry(entry({ action: 'signup.resubmit', after: { changed: ['address', 'a-step-since-removed'] } }), stepTitles)).toBe(
      'Sent again by the applicant by Ada Admin on 23.11.2026 10:04 (changed: Address, a-step-since-removed)',
    );
  });

  it('falls back to the email, then "the system", for the actor, and to the action name for an action it does not know', () => {
    expect(describeAuditEntry(entry({ actor_name: null }))).toBe('Blocked by ada@cu.example on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ actor_name: null, actor_email: null, actor_user_id: null }))).toBe('Blocked by the system on 23.11.2026 10:04');
    expect(describeAuditEntry(entry({ action: 'user.archive' }))).toBe('user.archive by Ada Admin on 23.11.2026 10:04');
    // As the browser receives it: an ISO string.
    expect(describeAuditEntry({ ...entry({}), created_on: at.toISOString() })).toBe('Blocked by Ada Admin on 23.11.2026 10:04');
  });
});
