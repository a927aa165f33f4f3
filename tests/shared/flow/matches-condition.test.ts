import { createAjv } from '../../../src/shared/create-ajv';
import { matchesCondition, unsupportedConditionKeywords } from '../../../src/shared/flow/matches-condition';
import { factCombinations } from '../../../src/shared/flow/walk-flow';
import { computeFacts } from '../../../src/shared/facts';
import { ageOn } from '../../../src/shared/facts/is-minor';

const conditions = [
  { properties: { isMinor: { const: true } }, required: ['isMinor'] },
  { properties: { isMinor: { const: false } } },
  { anyOf: [{ properties: { isForeignNational: { const: true } } }, { properties: { isExistingCustomer: { enum: [true] } } }] },
  { allOf: [{ properties: { isMinor: { const: true } } }, { not: { properties: { hasSignupId: { const: false } } } }] },
  { oneOf: [{ properties: { isMinor: { const: true } } }, { properties: { isExistingCustomer: { const: true } } }] },
  { type: 'object', required: ['nope'] },
];

describe('matchesCondition', () => {
  it('agrees with ajv on every combination of facts', () => {
    const ajv = createAjv();
    for (const condition of conditions) {
      const validate = ajv.compile(condition);
      for (const facts of factCombinations(['isMinor', 'isExistingCustomer', 'isForeignNational', 'hasSignupId'])) {
        expect(matchesCondition(condition, facts), JSON.stringify({ condition, facts })).toBe(validate(facts));
      }
    }
  });
  it('agrees with ajv on list lengths in form data (minItems, maxItems)', () => {
    const ajv = createAjv();
    const conditions = [{ properties: { items: { maxItems: 0 } } }, { properties: { items: { minItems: 2 } } }, { not: { properties: { items: { maxItems: 1 } }, required: ['items'] } }];
    for (const condition of conditions) {
      const validate = ajv.compile(condition);
      for (const data of [{}, { items: [] }, { items: [1] }, { items: [1, 2] }, { items: 'text' }]) {
        expect(matchesCondition(condition, data), JSON.stringify({ condition, data })).toBe(validate(data));
      }
    }
  });
  it('names keywords it does not support', () => {
    expect(unsupportedConditionKeywords({ properties: { isMinor: { const: true, minimum: 3 } }, if: {} })).toEqual(['/properties/isMinor/minimum', '/if']);
  });
});

describe('facts', () => {
  it('isMinor is under 18 on the day', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(computeFacts({ dob: '2008-11-23' }, '2026-11-22').isMinor).toBe(true);
    expect(computeFacts({ dob: '2008-11-22' }, '2026-11-22').isMinor).toBe(false);
    expect(computeFacts({}, '2026-11-22').isMinor).toBe(false);
  });
  it('isForeignNational: nationality not Trinidad and Tobago, or a foreign bank account', () => {
    expect(computeFacts({ nationality: 'Trinidad and Tobago' }).isForeignNational).toBe(false);
    expect(computeFacts({ nationality: 'TT' }).isForeignNational).toBe(false);
    expect(computeFacts({ nationality: 'Canada' }).isForeignNational).toBe(true);
    expect(computeFacts({ nationality: 'Trinidad and Tobago', hasForeignBankAccount: true }).isForeignNational).toBe(true);
  });
  it('isExistingCustomer and hasSignupId', () => {
    expect(computeFacts({ customerType: 'existing', signupId: 'x' })).toMatchObject({ isExistingCustomer: true, hasSignupId: true });
    expect(computeFacts({ customerType: 'new' })).toMatchObject({ isExistingCustomer: false, hasSignupId: false });
  });
});
