import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { listSteps } from '../../../shared/flow/flow-types';
import flowJson from '../../../../flows/onboarding.flow.json';
import type { FlowDefinition, StepRef } from '../../../shared/flow/flow-types';
import { preloadStep } from './steps';

const StepPage = lazy(() => import('./step-page'));

/** A step's route: the step page, with its kind's page and its form loading at the same time. */
function StepRoute({ step }: { step: StepRef }) {
  preloadStep(step);
  return <StepPage stepId={step.id} />;
}

/** The public onboarding wizard: one route per step of flows/onboarding.flow.json. */
export const onboardingRoutes: RouteObject[] = listSteps(flowJson as unknown as FlowDefinition).map((step) => ({
  path: step.route,
  element: <StepRoute key={step.id} step={step} />,
}));
