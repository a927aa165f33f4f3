// A step as its page shows it: its own texts over the flow's stepTexts (flows/README.md "Texts").
import flowJson from '../../../flows/onboarding.flow.json';
import { skipLabelOf, stepForPage, type FlowDefinition } from '../../../src/shared/flow/flow-types';

const flow = structuredClone(flowJson) as unknown as FlowDefinition;
const skippable = Object.keys(flow.steps).find((id) => flow.steps[id].skippable)!;

describe('stepForPage', () => {
  it("gives every step the flow's stepTexts, under the step's own texts", () => {
    flow.stepTexts = { ...flow.stepTexts, back: 'Go back', next: 'Onward' };
    const id = Object.keys(flow.steps).find((s) => !flow.steps[s].texts?.back)!;
    expect(stepForPage(flow, id).texts).toMatchObject({ back: 'Go back', next: 'Onward' });
    flow.steps[id].texts = { ...flow.steps[id].texts, back: 'Previous page' };
    expect(stepForPage(flow, id).texts?.back).toBe('Previous page');
    // The flow file itself is left as it was.
    expect(flow.steps[id].texts?.next).toBeUndefined();
  });

  it("words a skip button by the step's skipLabel, else the flow's skip text (which the checker requires: no words of its own)", () => {
    const step = { ...flow.steps[skippable], skipLabel: undefined };
    flow.stepTexts = { ...flow.stepTexts, skip: 'Not now' };
    expect(skipLabelOf({ ...stepForPage(flow, skippable), skipLabel: undefined })).toBe('Not now');
    expect(skipLabelOf({ ...step, skipLabel: 'Skip this step' })).toBe('Skip this step');
    expect(skipLabelOf({ skipLabel: undefined, texts: {} })).toBe('');
  });
});
