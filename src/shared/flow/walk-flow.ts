import type { FlowDefinition, FlowStep, StepRef, Transition } from './flow-types';
import { matchesCondition } from './matches-condition';
import { factProfiles, factsInCondition, type FactProfile } from '../facts/declared-facts';

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

/** The facts the flow's conditions test, in the order the flow declares them. */
export function factsUsedByConditions(flow: FlowDefinition): string[] {
  const used = new Set<string>();
  for (const step of Object.values(flow.steps)) for (const t of step.next ?? []) factsInCondition(t.when, used);
  return Object.keys(flow.facts ?? {}).filter((name) => used.has(name));
}

/**
 * The kinds of applicant the flow tells apart: every combination of the facts its conditions test that an
 * applicant can have (the declarations exclude the rest: a minor is never a senior), named in words; `day`
 * dates their example contexts (the studio's ready-made personas use today).
 */
export function applicantProfiles(flow: FlowDefinition, day?: string): FactProfile[] {
  return factProfiles(flow.facts ?? {}, factsUsedByConditions(flow), day);
}

/** The steps of a path whose data the server must hold before final submission: submitted, not skippable, not marked optional. */
export function requiredSubmissions(path: StepRef[]): StepRef[] {
  return path.filter((s) => s.submit && !s.skippable && s.requiredForSubmission !== false && s.kind !== 'success' && s.kind !== 'otp');
}

/**
 * Every step in the order applicants meet them: each step after every step that can lead to it (a topological
 * order of the transitions), ties in file order; steps on a cycle or unreachable keep file order at the end.
 */
export function stepsInWalkOrder(flow: FlowDefinition): string[] {
  const ids = Object.keys(flow.steps);
  const incoming = new Map(ids.map((id) => [id, 0]));
  for (const id of ids) for (const t of new Set((flow.steps[id].next ?? []).map((n) => n.to))) if (incoming.has(t)) incoming.set(t, incoming.get(t)! + 1);
  const order: string[] = [];
  const ready = ids.filter((id) => incoming.get(id) === 0);
  while (ready.length) {
    ready.sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
    const id = ready.shift()!;
    order.push(id);
    for (const t of new Set((flow.steps[id].next ?? []).map((n) => n.to))) {
      if (!incoming.has(t)) continue;
      incoming.set(t, incoming.get(t)! - 1);
      if (incoming.get(t) === 0) ready.push(t);
    }
  }
  return [...order, ...ids.filter((id) => !order.includes(id))];
}
