import flowJson from '../../../flows/onboarding.flow.json';
import { computeFacts, factProfiles, factsWithStepData, impossiblePairs, type FactDeclarations } from '../../../src/shared/facts/declared-facts';
import type { FlowDefinition } from '../../../src/shared/flow/flow-types';
import { applicantProfiles } from '../../../src/shared/flow/walk-flow';

const flow = flowJson as unknown as FlowDefinition;
const day = '2026-11-22';

describe("the onboarding flow's declared facts", () => {
  it('isMinor: under 18 on the day; a future or missing birth date is not a minor', () => {
    expect(computeFacts(flow.facts, { dob: '2008-11-23' }, day).isMinor).toBe(true);
    expect(computeFacts(flow.facts, { dob: '2008-11-22' }, day).isMinor).toBe(false);
    expect(computeFacts(flow.facts, { dob: '2030-01-01' }, day).isMinor).toBe(false);
    expect(computeFacts(flow.facts, {}, day).isMinor).toBe(false);
  });

  it('isForeignNational: a nationality other than Trinidad and Tobago (name or code), or a foreign bank account', () => {
    const foreign = (context: Record<string, unknown>) => computeFacts(flow.facts, context, day).isForeignNational;
    expect(foreign({ nationality: 'Trinidad and Tobago' })).toBe(false);
    expect(foreign({ nationality: 'tt' })).toBe(false);
    expect(foreign({ nationality: 'Canada' })).toBe(true);
    expect(foreign({})).toBe(false);
    expect(foreign({ nationality: 'Trinidad and Tobago', hasForeignBankAccount: true })).toBe(true);
  });

  it('isExistingCustomer: the first step chose existing', () => {
    expect(computeFacts(flow.facts, { customerType: 'existing' }, day).isExistingCustomer).toBe(true);
    expect(computeFacts(flow.facts, { customerType: 'new' }, day).isExistingCustomer).toBe(false);
  });

  it("counts a step's own data: the date of birth typed at basic info makes a minor before the step is sent", () => {
    expect(factsWithStepData(flow, 'onboarding/basic-info', { customerType: 'new' }, { dob: '2014-02-20' }, day).isMinor).toBe(true);
    expect(factsWithStepData(flow, 'onboarding/branch', { dob: '1990-01-01' }, { dob: '2014-02-20' }, day).isMinor).toBe(false);
  });

  it('the paths the flow tells apart: minor/adult x new/existing x local/foreign, named in words', () => {
    const names = applicantProfiles(flow).map((p) => p.name);
    // At least the three facts' eight kinds, each once (a fact an analyst adds to a branch adds kinds).
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('a minor, an existing customer, a foreign national');
    expect(names).toContain('not a minor, not an existing customer, not a foreign national');
  });
});

describe('fact rules', () => {
  const withSenior: FactDeclarations = {
    isMinor: { label: 'a minor', rule: { age: { of: 'dob', below: 18 } } },
    isSenior: { label: 'a senior', rule: { age: { of: 'dob', atLeast: 65 } } },
    isExistingCustomer: { label: 'an existing customer', rule: { equals: { of: 'customerType', value: 'existing' } } },
  };

  it('enumerates only the combinations an applicant can have: a minor is never a senior', () => {
    const profiles = factProfiles(withSenior);
    expect(profiles).toHaveLength(6);
    expect(profiles.some((p) => p.facts.isMinor && p.facts.isSenior)).toBe(false);
    expect(impossiblePairs(withSenior)).toEqual(['a minor and a senior']);
  });

  it('reads answers, presence, membership without case, and combines with not / allOf / anyOf', () => {
    const declarations: FactDeclarations = {
      asked: { rule: { answer: 'wantsCard' } },
      known: { rule: { present: 'email' } },
      caribbean: { rule: { in: { of: 'country', values: ['Jamaica', 'Barbados'], ignoreCase: true } } },
      eitherWay: { rule: { anyOf: [{ answer: 'wantsCard' }, { not: { present: 'email' } }] } },
      both: { rule: { allOf: [{ answer: 'wantsCard' }, { present: 'email' }] } },
    };
    expect(computeFacts(declarations, { wantsCard: true, email: 'a@b.co', country: 'BARBADOS' }, day)).toEqual({ asked: true, known: true, caribbean: true, eitherWay: true, both: true });
    expect(computeFacts(declarations, { wantsCard: 'yes', email: '', country: 'Canada' }, day)).toEqual({ asked: false, known: false, caribbean: false, eitherWay: true, both: false });
  });

  it('reads a list answer (several options ticked) by its items: one of them among the values, and present with one', () => {
    // The analyst review branched on the PEP step's positions (a list of ticked options) with "in": a Head of State
    // ticked among others never held, and no journey could walk the branch.
    const declarations: FactDeclarations = {
      seniorPep: { rule: { in: { of: 'pepRoles', values: ['Head of State or Government', 'Government Minister'] } } },
      minister: { rule: { equals: { of: 'pepRoles', value: 'Government Minister' } } },
      anyRole: { rule: { present: 'pepRoles' } },
    };
    expect(computeFacts(declarations, { pepRoles: ['Ambassador', 'Head of State or Government'] }, day)).toEqual({ seniorPep: true, minister: false, anyRole: true });
    expect(computeFacts(declarations, { pepRoles: ['Government Minister'] }, day)).toEqual({ seniorPep: true, minister: true, anyRole: true });
    expect(computeFacts(declarations, { pepRoles: ['Ambassador'] }, day)).toEqual({ seniorPep: false, minister: false, anyRole: true });
    expect(computeFacts(declarations, { pepRoles: [] }, day)).toEqual({ seniorPep: false, minister: false, anyRole: false });
  });
});

describe('a number rule (a branch on an amount, with no TypeScript)', () => {
  const declarations: FactDeclarations = {
    isHighNetWorth: { label: 'a high-net-worth applicant', rule: { number: { of: 'netWorth', atLeast: 1000000 } } },
    isMidIncome: { label: 'a middle income', rule: { number: { of: 'income', atLeast: 5000, below: 20000 } } },
  };
  it('holds from its bound up (atLeast) and under its bound (below), for a number or a numeric text; anything else is false', () => {
    const holds = (context: Record<string, unknown>) => computeFacts(declarations, context, day);
    expect(holds({ netWorth: 1000000 }).isHighNetWorth).toBe(true);
    expect(holds({ netWorth: 999999.99 }).isHighNetWorth).toBe(false);
    expect(holds({ netWorth: '2500000' }).isHighNetWorth).toBe(true);
    expect(holds({ netWorth: 'a lot' }).isHighNetWorth).toBe(false);
    expect(holds({ netWorth: '' }).isHighNetWorth).toBe(false);
    expect(holds({}).isHighNetWorth).toBe(false);
    expect([4999, 5000, 19999.5, 20000].map((income) => holds({ income }).isMidIncome)).toEqual([false, true, true, false]);
  });

  it('is enumerated on both sides of each bound, so every path is walked', () => {
    expect(factProfiles(declarations).map((p) => p.facts)).toEqual(expect.arrayContaining([
      { isHighNetWorth: true, isMidIncome: true },
      { isHighNetWorth: true, isMidIncome: false },
      { isHighNetWorth: false, isMidIncome: true },
      { isHighNetWorth: false, isMidIncome: false },
    ]));
  });
});

describe('a days rule (a branch on a date other than an age, with no TypeScript)', () => {
  const declarations: FactDeclarations = {
    isIdExpiringSoon: { label: 'an ID that expires within six months', rule: { days: { of: 'idExpiry', below: 183 } } },
    isMovingIn: { label: 'a move within the next month', rule: { days: { of: 'moveDate', atLeast: 0, below: 31 } } },
  };
  const holds = (context: Record<string, unknown>) => computeFacts(declarations, context, day);

  it('counts whole days from the day to the date, negative once it has passed; no date or not a calendar day is false', () => {
    // day is 2026-11-22: 2027-05-24 is 183 days on.
    expect(['2027-05-23', '2027-05-24', '2026-01-01'].map((idExpiry) => holds({ idExpiry }).isIdExpiringSoon)).toEqual([true, false, true]);
    expect(['2026-11-21', '2026-11-22', '2026-12-22', '2026-12-23'].map((moveDate) => holds({ moveDate }).isMovingIn)).toEqual([false, true, true, false]);
    expect(holds({ idExpiry: new Date('2027-01-01T00:00:00Z') }).isIdExpiringSoon).toBe(true);
    expect(holds({ idExpiry: '2027-02-30' }).isIdExpiringSoon).toBe(false);
    expect(holds({ idExpiry: 'soon' }).isIdExpiringSoon).toBe(false);
    expect(holds({}).isIdExpiringSoon).toBe(false);
  });

  it('is enumerated on both sides of each bound, so every path is walked', () => {
    expect(factProfiles(declarations).map((p) => p.facts)).toEqual(expect.arrayContaining([
      { isIdExpiringSoon: true, isMovingIn: true },
      { isIdExpiringSoon: true, isMovingIn: false },
      { isIdExpiringSoon: false, isMovingIn: true },
      { isIdExpiringSoon: false, isMovingIn: false },
    ]));
  });
});
