// The wizard's step kinds (issue "One source for every fact": one file per kind, chosen through a registry that
// fails loudly on an unknown kind), and every kind the flow schema allows has a page.
import flowSchema from '../../../../flows/flow.schema.json';
import { STEP_KINDS, stepKindPage } from '../../../../src/ui/features/onboarding/steps';

describe('step kinds', () => {
  it('has a page for every kind flows/flow.schema.json allows, and no other', () => {
    const allowed: string[] = flowSchema.definitions.step.properties.kind.enum;
    expect(Object.keys(STEP_KINDS).sort()).toEqual([...allowed].sort());
    for (const kind of allowed) expect(stepKindPage(kind)).toBe(STEP_KINDS[kind as keyof typeof STEP_KINDS]);
  });

  it('refuses a kind it does not have, naming the ones it has', () => {
    expect(() => stepKindPage('quiz')).toThrow('Unknown step kind "quiz": the wizard has choice, info, form, checklist, otp, success.');
  });
});
