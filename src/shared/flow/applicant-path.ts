import type { FlowDefinition, FlowStep, JsonSchema, StepRef } from './flow-types';

/** Evaluates a transition's `when` (a JSON Schema) against the facts; each side passes its own ajv. */
export type ConditionMatcher = (when: JsonSchema, facts: Record<string, unknown>) => boolean;

/**
 * The steps one applicant walks, from the flow's initial step, taking at each step the first
 * transition whose `when` holds (the last, without `when`, is the default). Stops at a step with no
 * transitions, or at a step already visited (a loop is a flow error the checker reports).
 */
export function applicantPath(flow: FlowDefinition, facts: Record<string, unknown>, matches: ConditionMatcher): StepRef[] {
  const path: StepRef[] = [];
  const seen = new Set<string>();
  let id: string | undefined = flow.initial;
  while (id && !seen.has(id) && flow.steps[id]) {
    seen.add(id);
    const step: FlowStep = flow.steps[id];
    path.push({ id, ...step });
    id = (step.next ?? []).find((t) => !t.when || matches(t.when, facts))?.to;
  }
  return path;
}

/** The steps of a path whose data the server must hold before final submission: submitted, not skippable. */
export function requiredSubmissions(path: StepRef[]): StepRef[] {
  return path.filter((s) => s.submit && !s.skippable && s.kind !== 'success' && s.kind !== 'otp');
}
