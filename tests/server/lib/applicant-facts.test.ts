// The server's facts about an applicant come from the signups columns (copies of basic info's answers) and the stored
// steps' remembered answers. The analyst review moved "I have a foreign bank account" from basic info to the mailing
// address step in JSON (its remember entry with it): the browser walked a local applicant with a foreign account
// through the foreign bank step, but the server kept reading the column, which basic info no longer fills (false), so
// the application was submitted without its "foreign" risk flag (one approval instead of two).
import { copyConfig, useConfigRoot } from '../../scripts/config-copy';
import { columnNames, factsReadStoredAnswers, serverContext, serverFacts, type ContextRow } from '../../../src/server/lib/applicant-facts';
import { onboardingFlow } from '../../../src/server/lib/onboarding-flow';

const row = (over: Partial<ContextRow> = {}): ContextRow => ({ id: 's1', is_existing_customer: false, dob: '1990-01-01' as never, nationality: 'TT', has_foreign_bank_account: false, ...over });
const DAY = '2026-11-28';

describe('the applicant context of the repository\'s flow', () => {
  it('reads basic info\'s answers from the columns, and needs no stored step for a step call', () => {
    expect([...columnNames(onboardingFlow())].sort()).toEqual(['customerType', 'dob', 'hasForeignBankAccount', 'nationality', 'signupId']);
    expect(factsReadStoredAnswers()).toBe(false);
    expect(serverFacts(row({ has_foreign_bank_account: true }), DAY).isForeignNational).toBe(true);
  });
});

describe('an answer a fact reads, moved off basic info to a later step (JSON only)', () => {
  const config = copyConfig('repository');
  config.edit('flows/onboarding.flow.json', (f) => {
    delete f.steps['basic-info'].remember.hasForeignBankAccount;
    f.steps['mailing-address'].remember = { hasForeignBankAccount: 'data.has_foreign_bank_account' };
  });
  useConfigRoot(config.root);

  it('is read from the step that now keeps it, not from the column basic info no longer fills', () => {
    expect(columnNames(onboardingFlow()).has('hasForeignBankAccount')).toBe(false);
    expect(factsReadStoredAnswers()).toBe(true);
    const steps = new Map([['mailing-address', { address_type: 'mailing', has_foreign_bank_account: true }]]);
    expect(serverContext(row(), steps).hasForeignBankAccount).toBe(true);
    expect(serverFacts(row(), DAY, steps).isForeignNational).toBe(true);
    expect(serverFacts(row(), DAY, new Map([['mailing-address', { has_foreign_bank_account: false }]])).isForeignNational).toBe(false);
    // The columns basic info still fills keep counting: another nationality is foreign without any stored step.
    expect(serverFacts(row({ nationality: 'CA' }), DAY).isForeignNational).toBe(true);
  });
});
