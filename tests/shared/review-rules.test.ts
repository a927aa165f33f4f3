import { reviewContext, riskFlagsFor, unusualDocument, type ReviewRules } from '../../src/shared/review/review-rules';
import { specSignupStatus, SIGNUP_STATUS_FILTERS, SIGNUP_STATUS_LABELS } from '../../src/shared/statuses';
import { describeAuditEntry } from '../../src/shared/audit-words';
import type { AuditEntry } from '../../src/shared/api-types';

const rules: ReviewRules = {
  riskFlags: {
    politically_exposed: { label: 'Politically exposed', rule: { answer: 'politically-exposed-persons.is_pep' } },
    minor: { label: 'Minor', rule: { answer: 'isMinor' } },
    unusual_documents: { label: 'Unusual documents', documents: { tinyBelowBytes: 1024, nearLimitFraction: 0.9 } },
  },
  consents: {},
};
const doc = (over: Partial<Parameters<typeof unusualDocument>[0]> = {}) => ({ originalName: 'id.pdf', contentType: 'application/pdf', sizeBytes: 200_000, accepted: ['pdf', 'jpg', 'jpeg', 'png'], maxBytes: 20 * 1024 * 1024, ...over });

describe('review rules (flows/review.json)', () => {
  it('flags from the stored answers and the facts, each by its rule', () => {
    const context = reviewContext([{ step: 'politically-exposed-persons', data: { is_pep: true } }], { isMinor: false });
    expect(riskFlagsFor(rules, context, [doc()], '2026-11-25')).toEqual(['politically_exposed']);
    expect(riskFlagsFor(rules, reviewContext([], { isMinor: true }), [], '2026-11-25')).toEqual(['minor']);
    // The server's own values win over an answer stored under the same name.
    expect(reviewContext([{ step: 'x', data: { y: 1 } }], { 'x.y': 2 })['x.y']).toBe(2);
  });

  it('calls a document unusual when its type is not accepted or not its name\'s, when tiny, or near its limit; exactly the bounds decide', () => {
    const limits = rules.riskFlags.unusual_documents.documents!;
    expect(unusualDocument(doc(), limits)).toBeNull();
    expect(unusualDocument(doc({ contentType: 'image/webp', originalName: 'id.webp' }), limits)).toBe('type not accepted');
    expect(unusualDocument(doc({ contentType: 'text/html' }), limits)).toBe('type not accepted');
    expect(unusualDocument(doc({ contentType: 'image/png' }), limits)).toBe('type does not match its name');
    expect(unusualDocument(doc({ originalName: 'scan.JPG', contentType: 'image/jpeg' }), limits)).toBeNull();
    expect(unusualDocument(doc({ sizeBytes: 1023 }), limits)).toBe('unusually small');
    expect(unusualDocument(doc({ sizeBytes: 1024 }), limits)).toBeNull();
    expect(unusualDocument(doc({ sizeBytes: Math.ceil(0.9 * 20 * 1024 * 1024) }), limits)).toBe('near the size limit');
    expect(unusualDocument(doc({ sizeBytes: Math.ceil(0.9 * 20 * 1024 * 1024) - 1 }), limits)).toBeNull();
  });

  it('gives the specification\'s three statuses to the applicant and the spec\'s client: every other one is pending', () => {
    expect(specSignupStatus('approved')).toBe('approved');
    expect(specSignupStatus('rejected')).toBe('rejected');
    for (const status of ['pending_approval', 'awaiting_second_approval', 'referred', 'changes_requested', 'something_new']) expect(specSignupStatus(status)).toBe('pending');
    // Every list filter has words for its chip and filter menu.
    for (const stored of Object.values(SIGNUP_STATUS_FILTERS)) expect(SIGNUP_STATUS_LABELS[stored]).toMatch(/^[A-Z]/);
  });

  it('says the review queue\'s actions in words', () => {
    const entry = (action: string, before: unknown, after: unknown): AuditEntry<Date> => ({ id: 1, action, actor_user_id: 7, actor_name: 'Ada Admin', actor_email: null, before, after, created_on: new Date('2026-11-23T14:04:00Z') /* 10:04 in Port of Spain */ });
    expect(describeAuditEntry(entry('signup.approve_first', { status: 'pending_approval' }, { status: 'awaiting_second_approval' }))).toBe('First approval given by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry('signup.refer', null, { status: 'referred', reason: 'Source of funds' }))).toBe('Referred by Ada Admin on 23.11.2026 10:04 (Source of funds)');
    expect(describeAuditEntry(entry('signup.claim', { assignee_name: null }, { assignee_name: 'Ada Admin' }))).toBe('Claimed by Ada Admin on 23.11.2026 10:04');
    expect(describeAuditEntry(entry('signup.reassign', { assignee_name: 'Ada Admin' }, { assignee_name: 'Ben Checker' }))).toBe('Reassigned by Ada Admin on 23.11.2026 10:04 (from Ada Admin to Ben Checker)');
    expect(describeAuditEntry(entry('signup.risk_flags', { risk_flags: [] }, { risk_flags: ['minor', 'foreign'] }))).toBe('Risk flags recomputed by Ada Admin on 23.11.2026 10:04 (from none to minor, foreign)');
  });
});
