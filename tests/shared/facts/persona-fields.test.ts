// The studio's persona inputs come from the fact declarations alone: a fact added in JSON brings its input.
import { personaFields } from '../../../src/shared/facts/persona-fields';
import { flow } from '../../helpers/journey-bodies';

describe('persona fields', () => {
  it('gives the flow file\'s facts a date, a choice, a yes/no and a choice input, each naming the facts it decides', () => {
    const fields = personaFields(flow.facts);
    // arrayContaining: a fact an analyst adds on one of these fields joins its list.
    expect(fields.map((f) => [f.field, f.kind, f.facts])).toEqual(expect.arrayContaining([
      ['dob', 'date', expect.arrayContaining(['isMinor'])],
      ['customerType', 'choice', expect.arrayContaining(['isExistingCustomer'])],
      ['hasForeignBankAccount', 'yesno', expect.arrayContaining(['isForeignNational'])],
      ['nationality', 'choice', expect.arrayContaining(['isForeignNational'])],
    ]));
    expect(fields.find((f) => f.field === 'nationality')!.values).toEqual(expect.arrayContaining(['Trinidad and Tobago', 'TT', 'TTO']));
  });

  it('a new fact on a field already read adds to its input; one on a new field brings its own', () => {
    const fields = personaFields({
      ...flow.facts,
      isSenior: { label: 'a senior', rule: { age: { of: 'dob', atLeast: 65 } } },
      isStaff: { label: 'a staff member', rule: { answer: 'worksHere' } },
    });
    expect(fields.find((f) => f.field === 'dob')!.facts).toEqual(['isMinor', 'isSenior']);
    expect(fields.find((f) => f.field === 'worksHere')).toMatchObject({ kind: 'yesno', facts: ['isStaff'] });
  });
});

describe('a number rule', () => {
  it('gives its field a number input', () => {
    const fields = personaFields({ ...flow.facts, isHighNetWorth: { label: 'a high-net-worth applicant', rule: { number: { of: 'netWorth', atLeast: 1000000 } } } });
    expect(fields.find((f) => f.field === 'netWorth')).toMatchObject({ kind: 'number', facts: ['isHighNetWorth'] });
  });
});
