import { onboardingFlow } from '../../lib/onboarding-flow.js';
import { stepsInWalkOrder } from '../../../shared/flow/walk-flow.js';

/**
 * Stored steps in the order applicants walk them (stepsInWalkOrder), each with its title and form id from the flow file, so the
 * review page renders every step with the same schema the applicant filled in.
 */
export function stepsInFlowOrder<T extends { step: string }>(steps: T[]): Array<T & { title: string; form: string | null }> {
  const flow = onboardingFlow();
  const index = new Map(stepsInWalkOrder(flow).map((id, i) => [id, i]));
  const info = new Map(Object.entries(flow.steps));
  return [...steps]
    .sort((a, b) => (index.get(a.step) ?? 999) - (index.get(b.step) ?? 999) || a.step.localeCompare(b.step))
    .map((s) => ({ ...s, title: info.get(s.step)?.title ?? s.step, form: info.get(s.step)?.form ?? null }));
}
