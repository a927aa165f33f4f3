import type { StepBanner, StepRef } from './flow-types';
import { matchesCondition } from './matches-condition';

/** The step's banners (the flow file's `banners`) whose `when` holds over the applicant's facts; those without one always. */
export function bannersFor(step: Pick<StepRef, 'banners'>, facts: Record<string, unknown>): StepBanner[] {
  return (step.banners ?? []).filter((banner) => !banner.when || matchesCondition(banner.when, facts));
}
