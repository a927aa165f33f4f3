import type { FlowDefinition, FlowStep, StepRef, Transition } from './flow-types';
import { matchesCondition } from './matches-condition';

/** The transition a step takes for these facts: the first whose `when` holds, else undefined. */
export function chooseTransition(transitions: Transition[] | undefined, facts: Record<string, unknown>): Transition | undefined {
  return (transitions ?? []).find((t) => !t.when || matchesCondition(t.when, facts));
}

/**
 * The steps one applicant walks from `from` (default the initial step) for fixed facts. Stops at a step
 * with no transition that holds, at a missing step, or on a loop (the checker reports those).
 */
export function walkFlow(flow: FlowDefinition, facts: Record<string, unknown>, from: string = flow.initial): StepRef[] {
  const path: StepRef[] = [];
  const seen = new Set<string>();
  let id: string | undefined = from;
  while (id && !seen.has(id) && flow.steps[id]) {
    seen.add(id);
    const step: FlowStep = flow.steps[id];
    path.push({ id, ...step });
    id = chooseTransition(step.next, facts)?.to;
  }
  return path;
}

/** Every combination of true/false for the named facts (2^n records). */
export function factCombinations(names: readonly string[]): Array<Record<string, boolean>> {
  return Array.from({ length: 2 ** names.length }, (_, mask) => Object.fromEntries(names.map((n, i) => [n, Boolean(mask & (1 << i))])));
}

/** The applicant profiles of `npm run flow:paths`: minor/adult x new/existing x local/foreign, signup id held. */
export function applicantProfiles(): Array<{ name: string; facts: Record<string, boolean> }> {
  const out: Array<{ name: string; facts: Record<string, boolean> }> = [];
  for (const isMinor of [false, true])
    for (const isExistingCustomer of [false, true])
      for (const isForeignNational of [false, true])
        out.push({
          name: `${isMinor ? 'minor' : 'adult'}, ${isExistingCustomer ? 'existing' : 'new'}, ${isForeignNational ? 'foreign' : 'local'}`,
          facts: { isMinor, isExistingCustomer, isForeignNational, hasSignupId: true },
        });
  return out;
}

/** The steps of a path whose data the server must hold before final submission: submitted, not skippable. */
export function requiredSubmissions(path: StepRef[]): StepRef[] {
  return path.filter((s) => s.submit && !s.skippable && s.kind !== 'success' && s.kind !== 'otp');
}
