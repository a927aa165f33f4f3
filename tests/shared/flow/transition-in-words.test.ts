// Transitions in words (the studio's diagram and lists, flow:graph): from the facts' own labels, so a new fact or
// branch in the flow file reads right without code.
import { conditionInWords, transitionInWords } from '../../../src/shared/flow/transition-in-words';
import { flow } from '../../helpers/journey-bodies';


const facts = {
  isMinor: { label: 'a minor', rule: { age: { of: 'dob', below: 18 } } },
  isSenior: { label: 'a senior', rule: { age: { of: 'dob', atLeast: 65 } } },
};
const holds = (fact: string, value = true) => ({ properties: { [fact]: { const: value } }, required: [fact] });

describe('transitions in words', () => {
  it('reads the flow file\'s branches with the facts\' labels: "if a minor", then "otherwise"', () => {
    const pep = flow.steps['politically-exposed-persons'];
    expect(pep.next!.map((_, i) => transitionInWords(pep, i, flow.facts))).toEqual(['if a minor', 'otherwise']);
    expect(transitionInWords(flow.steps['basic-info'], 0, flow.facts)).toBe('always');
  });

  it('says false, and, or and not in words, and falls back to the fact name without a label', () => {
    expect(conditionInWords(holds('isMinor', false), facts)).toBe('not a minor');
    expect(conditionInWords({ allOf: [holds('isMinor'), holds('isSenior', false)] }, facts)).toBe('(a minor and not a senior)');
    expect(conditionInWords({ anyOf: [holds('isMinor'), holds('isSenior')] }, facts)).toBe('(a minor or a senior)');
    expect(conditionInWords({ not: holds('isSenior') }, facts)).toBe('not (a senior)');
    expect(conditionInWords(holds('isNew'), facts)).toBe('isNew');
  });
});
