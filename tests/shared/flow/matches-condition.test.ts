import { createAjv } from '../../../src/shared/create-ajv';
import { matchesCondition, unsupportedConditionKeywords } from '../../../src/shared/flow/matches-condition';

/** Every combination of true/false for the named facts (2^n records). */
const everyCombination = (names: string[]) => Array.from({ length: 2 ** names.length }, (_, mask) => Object.fromEntries(names.map((n, i) => [n, Boolean(mask & (1 << i))])));

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
      for (const facts of everyCombination(['isMinor', 'isExistingCustomer', 'isForeignNational', 'hasSignupId'])) {
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

