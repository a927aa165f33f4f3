import { bannersFor } from '../../../src/shared/flow/banners';
import { listSteps } from '../../../src/shared/flow/flow-types';
import flow from '../../../flows/onboarding.flow.json';
import type { FlowDefinition } from '../../../src/shared/flow/flow-types';

const steps = listSteps(flow as unknown as FlowDefinition);

describe("a step's banners (the flow file's `banners`)", () => {
  it('shows one only while its condition holds over the facts, and one without a condition always', () => {
    const step = { banners: [{ when: { properties: { isMinor: { const: true } }, required: ['isMinor'] }, title: 'Child' }, { text: 'Always' }] };
    expect(bannersFor(step, { isMinor: true }).map((b) => b.title ?? b.text)).toEqual(['Child', 'Always']);
    expect(bannersFor(step, { isMinor: false }).map((b) => b.title ?? b.text)).toEqual(['Always']);
    expect(bannersFor({}, { isMinor: true })).toEqual([]);
  });

  it('the repository flow tells a minor, and only a minor, "Child Account Detected" on a step (spec 4, Employment Information)', () => {
    const shown = (facts: Record<string, boolean>) => steps.flatMap((step) => bannersFor(step, facts).map((b) => `${step.id}: ${b.title}`));
    expect(shown({ isMinor: true })).toContain('employment-information: Child Account Detected');
    expect(shown({ isMinor: false })).not.toContain('employment-information: Child Account Detected');
  });
});
