import { readFileSync } from 'node:fs';
import { requiredSubmissions, walkFlow } from '../../../src/shared/flow/walk-flow';
import type { FlowDefinition } from '../../../src/shared/flow/flow-types';

const flow = JSON.parse(readFileSync(new URL('../../../flows/onboarding.flow.json', import.meta.url), 'utf8')) as FlowDefinition;
const facts = (f: Record<string, boolean>) => ({ isMinor: false, isExistingCustomer: false, isForeignNational: false, hasSignupId: true, ...f });

describe('walkFlow and requiredSubmissions (the server checks the final submission with these)', () => {
  it('requires the submitted, not skippable steps of an adult local new customer', () => {
    expect(requiredSubmissions(walkFlow(flow, facts({}))).map((s) => s.id)).toEqual([
      'getting-ready',
      'basic-info',
      'membership-declaration-agreement',
      'politically-exposed-persons',
      'id-information',
      'address',
      'mailing-address',
      'employment-information',
      'branch',
    ].filter((id) => flow.steps[id].submit));
  });

  it('adds the child ID and guardian for a minor, the account number for an existing customer, the foreign bank for a foreign national unless the flow marks it optional', () => {
    const path = walkFlow(flow, facts({ isMinor: true, isExistingCustomer: true, isForeignNational: true })).map((s) => s.id);
    const ids = requiredSubmissions(walkFlow(flow, facts({ isMinor: true, isExistingCustomer: true, isForeignNational: true }))).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['child-id-information', 'parent-guardian-information', 'id-information', 'account-number']));
    // On the path, and required unless the flow says the final submission does not wait for it (spec 4: no call for 'I do not have').
    expect(path).toContain('foreign-national-bank-information');
    expect(ids.includes('foreign-national-bank-information')).toBe(flow.steps['foreign-national-bank-information'].requiredForSubmission !== false);
    expect(ids).not.toContain('designation-of-beneficiary');
    expect(ids).not.toContain('power-of-attorney');
    expect(ids).not.toContain('success');
  });
});
