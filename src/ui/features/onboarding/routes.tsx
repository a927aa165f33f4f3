import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import steps from '../../../../flows/onboarding.flow.json?step-routes';

const WizardStep = lazy(() => import('./wizard-step'));

/**
 * The public onboarding wizard: one route per step of flows/onboarding.flow.json (its routes only: the whole flow
 * loads with the step page).
 */
export const onboardingRoutes: RouteObject[] = steps.map((step) => ({
  path: step.route,
  element: <WizardStep key={step.id} stepId={step.id} />,
}));
