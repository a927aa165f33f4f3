import type { RouteObject } from 'react-router-dom';
import steps from '../../../../flows/onboarding.flow.json?step-routes';
import { muiPage } from '../../components/mui-page';
import { preloadStep } from './steps/step-modules';

const StepPage = muiPage(() => import('./step-page'));

type StepRoute = (typeof steps)[number];

/** A step's route: the step page, with its kind's page and its form loading at the same time. */
function StepRoute({ step }: { step: StepRoute }) {
  preloadStep(step);
  return <StepPage stepId={step.id} />;
}

/**
 * The public onboarding wizard: one route per step of flows/onboarding.flow.json (its routes only: the whole flow
 * loads with the step page).
 */
export const onboardingRoutes: RouteObject[] = steps.map((step) => ({
  path: step.route,
  element: <StepRoute key={step.id} step={step} />,
}));
