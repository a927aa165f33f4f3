import stepLoads from '../../../../flows/onboarding.flow.json?step-loads';
import { muiPage } from '../../components/mui-page';
import { preloadStep } from './steps/step-modules';

/**
 * A wizard page's module, once the credit union's time zone is known too (GET /api/config, asked at load and
 * answered long before the page's scripts arrive; 2 s at most): the page's "today" is then the credit union's
 * from its first render.
 */
const withTimeZone = <T,>(page: Promise<T>) => Promise.all([page, import('../auth/session-sync').then((m) => m.configKnown(2000))]).then(([m]) => m);

const StepPage = muiPage(() => withTimeZone(import('./step-page')));
/** /continue (continue-page.tsx), reached through this module so the first page does not carry its list of files. */
export const ContinuePage = muiPage(() => withTimeZone(import('./continue-page')));

/**
 * A wizard step's route: the step page, with its kind's page and its form loading at the same time. Loaded by the
 * route table (./routes.tsx) with the first step, so the first page does not carry the wizard's list of files.
 */
export default function WizardStep({ stepId }: { stepId: string }) {
  const loads = stepLoads[stepId];
  if (loads) preloadStep(loads);
  return <StepPage stepId={stepId} />;
}
