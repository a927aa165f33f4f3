import { withBranchConsts } from '../../../src/shared/forms/branch-consts';
import { stepPayload } from '../../../src/shared/transforms/step-payload';
import { resolveForm, type JsonObject } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { listSteps } from '../../../src/shared/flow/flow-types';
import { loadFlow } from '../../../scripts/lib/replay-journey';

/** A form's branch pins fields for some answers: the body carries them, whatever the answers that make the branch. */
const minimal: JsonObject = {
  type: 'object',
  properties: { status: { type: 'string' }, employer: { type: 'string' }, country: { type: 'string' } },
  allOf: [
    {
      if: { properties: { status: { enum: ['student', 'retired'] } }, required: ['status'] },
      then: { properties: { employer: { const: 'Not Applicable' }, country: { const: 'TT' } } },
      else: { required: ['employer'] },
    },
  ],
};

describe('the fields a branch pins (withBranchConsts)', () => {
  it('fills the pinned fields the data lacks, for the answers that make the branch', () => {
    expect(withBranchConsts(minimal, { status: 'student' })).toEqual({ status: 'student', employer: 'Not Applicable', country: 'TT' });
    expect(withBranchConsts(minimal, { status: 'employed' })).toEqual({ status: 'employed' });
  });

  it("follows the analyst's list: a status added to the branch's condition in JSON is filled too", () => {
    const edited = structuredClone(minimal);
    edited.allOf[0].if.properties.status.enum.push('homemaker');
    expect(withBranchConsts(edited, { status: 'homemaker' })).toMatchObject({ employer: 'Not Applicable', country: 'TT' });
  });

  it("keeps an applicant's own answer, so the form still refuses a different value with the branch's message", () => {
    expect(withBranchConsts(minimal, { status: 'retired', employer: 'Old Job' })).toMatchObject({ employer: 'Old Job', country: 'TT' });
  });

  it('reads a root if/then as well as the branches in allOf', () => {
    const { allOf, ...root } = minimal;
    expect(withBranchConsts({ ...root, ...allOf[0] }, { status: 'student' })).toMatchObject({ employer: 'Not Applicable' });
  });
});

describe("the wizard's body of every form step whose form pins fields (stepPayload)", () => {
  const flow = loadFlow();
  const sources = readFormsDir();
  const pinning = listSteps(flow).filter((step) => step.form && step.submit && (resolveForm(sources, step.form).schema.allOf ?? []).some((b: JsonObject) => b?.if && (b.then?.properties || b.else?.properties)));

  it('has such a step to check', () => expect(pinning.length).toBeGreaterThan(0));

  it.each(pinning.map((step) => [step.id, step] as const))("%s: the answers that make a branch send the values it pins", (_id, step) => {
    const { schema } = resolveForm(sources, step.form!);
    for (const branch of (schema.allOf ?? []) as JsonObject[]) {
      const condition = branch?.if;
      const pinned = Object.entries<JsonObject>(branch?.then?.properties ?? {}).filter(([, rule]) => rule && 'const' in rule);
      if (!condition || !pinned.length) continue;
      // The answers the condition names (the first value of each enum or its const): the branch applies to them.
      const answers = Object.fromEntries(Object.entries<JsonObject>(condition.properties ?? {}).map(([field, rule]) => [field, 'const' in rule ? rule.const : rule.enum?.[0]]));
      const body = stepPayload(step.submit!.transform, { schema }, answers, { today: '2026-11-28', facts: {} });
      for (const [field, rule] of pinned) expect(body[field], `${step.id}.${field}`).toEqual(rule.const);
    }
  });
});
