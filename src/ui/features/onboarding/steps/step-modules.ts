import type { StepKind, StepRef } from '../../../../shared/flow/flow-types';

// Each kind loads with the first step of its kind: the choice, info and code steps do without the form renderer.
// (This module is part of the first page, through the route table, so it holds only the loaders: the kinds' pages
// are in ./index.tsx, which loads with the step page.)
export const stepModules = {
  choice: () => import('./choice-step'),
  info: () => import('./info-step'),
  form: () => import('./form-step'),
  otp: () => import('./otp-step'),
  success: () => import('./success-step'),
};
const moduleOfKind: Record<StepKind, () => Promise<unknown>> = { ...stepModules, checklist: stepModules.form };

/**
 * Starts loading the page of a step's kind and its form together with the step page, instead of each waiting for
 * the one before it (three round trips on a phone become one). A failed load shows where the step renders.
 */
export function preloadStep(step: Pick<StepRef, 'kind' | 'form'>): void {
  void moduleOfKind[step.kind]?.().catch(() => undefined);
  if (step.form) void import('../../../forms/load-form').then((m) => m.loadForm(step.form!)).catch(() => undefined);
}
