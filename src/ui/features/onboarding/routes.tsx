import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import steps from '../../../../flows/onboarding.flow.json?step-routes';
import { lazyExport } from '../../components/lazy-export';

const wizardStep = () => import('./wizard-step');
const WizardStep = lazy(wizardStep);
const ContinuePage = lazyExport(wizardStep, 'ContinuePage');

/**
 * The public onboarding wizard: one route per step of flows/onboarding.flow.json (its routes only: the whole flow
 * loads with the step page), and the page that continues an application.
 */
export const onboardingRoutes: RouteObject[] = [
  ...steps.map((step) => ({
    path: step.route,
    element: <WizardStep key={step.id} stepId={step.id} />,
  })),
  // Continue an application on any device (DESIGN.md "Resume anywhere").
  { path: '/continue', element: <ContinuePage /> },
];
