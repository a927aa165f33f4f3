import type { FlowDefinition, StepRef } from '../shared/flow/flow-types';
import { DEFAULT_RESTART_ROUTE } from '../shared/flow/flow-types';
import { walkFlow } from '../shared/flow/walk-flow';
export { rememberedValues } from '../shared/flow/remembered-values';
import { computeFacts } from '../shared/facts/declared-facts';
import { today as creditUnionToday } from '../shared/dates/today';
import type { ApplicantContext } from '../shared/facts/applicant-context';

/** What navigation needs to know about one applicant's progress. */
export interface ProgressState {
  applicant: ApplicantContext;
  completed: string[];
}

/** The steps this applicant walks, given what is known about them today. */
export function pathOf(flow: FlowDefinition, applicant: ApplicantContext, today?: string): StepRef[] {
  return walkFlow(flow, computeFacts(flow.facts, applicant, today ?? creditUnionToday()));
}

/** Index on the path of the furthest completed step (-1 when none). */
export function furthestCompletedIndex(path: StepRef[], completed: readonly string[]): number {
  let furthest = -1;
  path.forEach((step, index) => {
    if (completed.includes(step.id)) furthest = index;
  });
  return furthest;
}

/**
 * Spec 1 section 4: a step may be opened only if it is on the applicant's path and no more than one step
 * past the furthest one reached (completed), so a typed URL cannot skip a step.
 */
export function canVisit(flow: FlowDefinition, state: ProgressState, stepId: string, today?: string): boolean {
  const path = pathOf(flow, state.applicant, today);
  const index = path.findIndex((s) => s.id === stepId);
  return index >= 0 && index <= furthestCompletedIndex(path, state.completed) + 1;
}

/** The step an applicant should be on: the first on their path after the furthest completed one. */
export function resumeStep(flow: FlowDefinition, state: ProgressState, today?: string): StepRef {
  const path = pathOf(flow, state.applicant, today);
  return path[Math.min(furthestCompletedIndex(path, state.completed) + 1, path.length - 1)];
}

/** The step before `stepId` on the applicant's path (Back), if any. */
export function previousStep(flow: FlowDefinition, applicant: ApplicantContext, stepId: string, today?: string): StepRef | undefined {
  const path = pathOf(flow, applicant, today);
  const index = path.findIndex((s) => s.id === stepId);
  return index > 0 ? path[index - 1] : undefined;
}

/**
 * Progress in percent while on `stepId`: the steps before it on the applicant's own path over the path's length,
 * so the final (submit) step reads below 100 until the applicant submits. (Spec 1 section 3 divides the position by
 * the length minus one, which put "100% complete" on the submit step before anything was submitted.)
 */
export function progressPercent(flow: FlowDefinition, applicant: ApplicantContext, stepId: string, today?: string): number {
  const path = pathOf(flow, applicant, today);
  const index = path.findIndex((s) => s.id === stepId);
  if (index < 0 || path.length < 2) return 0;
  return Math.round((index / path.length) * 100);
}

/** Where a step that needs a signup id sends an applicant without one; null when the step may open. */
export function restartRouteFor(flow: FlowDefinition, step: StepRef | undefined, applicant: ApplicantContext): string | null {
  if (!step?.requiresSignupId || (typeof applicant.signupId === 'string' && applicant.signupId !== '')) return null;
  return flow.restartRoute ?? DEFAULT_RESTART_ROUTE;
}

