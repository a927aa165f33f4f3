import { optionRuleErrors, restrictOptionsInUiSchema, withAllowedOptions } from '../../../src/shared/forms/option-rules';

// A list with a rule on the facts and one on a sibling field (forms/README.md "Option rules").
const schema = {
  type: 'object',
  properties: {
    kind: { type: 'string' },
    status: {
      type: 'string',
      oneOf: [{ const: 'Single' }, { const: 'Married' }, { const: 'Engaged' }],
      optionsWhen: [
        { when: { properties: { isMinor: { const: true } }, required: ['isMinor'] }, only: ['Single'], default: 'Single', message: 'Only Single for a minor' },
        { whenData: { properties: { kind: { const: 'joint' } }, required: ['kind'] }, only: ['Married', 'Engaged'], message: 'Not for a joint account' },
      ],
    },
  },
};

describe('option rules (optionsWhen)', () => {
  it('refuses a value the rule in force does not allow, with the rule\'s message', () => {
    expect(optionRuleErrors(schema, { status: 'Married' }, { isMinor: true })).toEqual({ status: 'Only Single for a minor' });
    expect(optionRuleErrors(schema, { status: 'Married' }, { isMinor: false })).toEqual({});
    expect(optionRuleErrors(schema, { kind: 'joint', status: 'Single' }, { isMinor: false })).toEqual({ status: 'Not for a joint account' });
    expect(optionRuleErrors(schema, { kind: 'joint', status: 'Engaged' }, {})).toEqual({});
  });
  it('resets a value no longer allowed to the rule\'s default, or clears it when the rule has none', () => {
    expect(withAllowedOptions(schema, { status: 'Married' }, { isMinor: true })).toEqual({ status: 'Single' });
    expect(withAllowedOptions(schema, {}, { isMinor: true })).toEqual({ status: 'Single' });
    expect(withAllowedOptions(schema, { kind: 'joint', status: 'Single' }, {})).toEqual({ kind: 'joint' });
    const adult = { status: 'Engaged' };
    expect(withAllowedOptions(schema, adult, { isMinor: false })).toBe(adult);
  });
  it('gives the field under a rule in force the wrapper widget with the allowed values and its own widget', () => {
    const ui = { status: { 'ui:widget': 'radio' } };
    expect(restrictOptionsInUiSchema(schema, ui, {}, { isMinor: true }, 'allowed-options')).toEqual({
      status: { 'ui:widget': 'allowed-options', 'ui:options': { optionsWidget: 'radio', allowedOptions: ['Single'] } },
    });
    expect(restrictOptionsInUiSchema(schema, ui, {}, { isMinor: false }, 'allowed-options')).toBe(ui);
  });
});
