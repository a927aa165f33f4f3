import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { listSteps } from '../../../shared/flow/flow-types';
import flowJson from '../../../../flows/onboarding.flow.json';
import type { FlowDefinition } from '../../../shared/flow/flow-types';

const StepPage = lazy(() => import('./step-page'));

/** The public onboarding wizard: one route per step of flows/onboarding.flow.json. */
export const onboardingRoutes: RouteObject[] = listSteps(flowJson as unknown as FlowDefinition).map((step) => ({
  path: step.route,
  element: <StepPage key={step.id} stepId={step.id} />,
}));
