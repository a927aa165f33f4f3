import stepLoads from '../../../../flows/onboarding.flow.json?step-loads';
import { muiPage } from '../../components/mui-page';
import { preloadStep } from './steps/step-modules';

const StepPage = muiPage(() => import('./step-page'));
/** /continue (continue-page.tsx), reached through this module so the first page does not carry its list of files. */
export const ContinuePage = muiPage(() => import('./continue-page'));

/**
 * A wizard step's route: the step page, with its kind's page and its form loading at the same time. Loaded by the
 * route table (./routes.tsx) with the first step, so the first page does not carry the wizard's list of files.
 */
export default function WizardStep({ stepId }: { stepId: string }) {
  const loads = stepLoads[stepId];
  if (loads) preloadStep(loads);
  return <StepPage stepId={stepId} />;
}
