import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { stepForPage, type StepRef } from '../../../shared/flow/flow-types';
import { today as creditUnionToday } from '../../../shared/dates/today';
import { previousStep, progressPercent, rememberedValues, restartRouteFor, resumeStep } from '../../../engine/navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { clearOnboarding, flowActor, onboardingFlow, useFlowSnapshot } from './flow-actor';
import { WizardLayout } from './wizard-layout';
import { reportStep } from './funnel-events';
import { computeFacts } from '../../../shared/facts/declared-facts';
import { StepKindSlot } from './step-kind-slot';
import { bannersFor } from '../../../shared/flow/banners';

type Data = Record<string, unknown>;

/**
 * The generic step page: checks the navigation rules, then renders the page of the step's kind (steps/: form,
 * checklist, otp, info, choice, success) from the flow file, and moves along the flow when the step is done.
 */
export default function StepPage({ stepId }: { stepId: string }) {
  const step: StepRef = stepForPage(onboardingFlow, stepId);
  usePageTitle(step.title);
  const snapshot = useFlowSnapshot();
  const navigate = useNavigate();
  // The continue page's welcome back, on the step the applicant lands on.
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const { applicant, completed } = snapshot.context;
  const today = creditUnionToday();
  // The wizard ended (application received): home, and no step's redirect may take the applicant elsewhere.
  const [finished, setFinished] = useState(false);

  const restart = restartRouteFor(onboardingFlow, step, applicant);
  // The machine's own navigation rule (its step.goto guard), not a second computation beside it.
  const allowed = snapshot.can({ type: 'step.goto', stepId });
  useEffect(() => {
    if (!restart && allowed && String(snapshot.value) !== stepId) flowActor().send({ type: 'step.goto', stepId });
  }, [restart, allowed, stepId, snapshot.value]);
  // The funnel: this step entered (with the applicant's facts so far) and left, also when the tab closes.
  const shown = !finished && !(restart && restart !== step.route) && allowed;
  useEffect(() => {
    if (!shown) return undefined;
    const snapshotNow = flowActor().getSnapshot();
    reportStep('entered', stepId, computeFacts(onboardingFlow.facts, snapshotNow.context.applicant, creditUnionToday()));
    const leave = () => reportStep('left', stepId);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [shown, stepId]);

  if (finished) return <Navigate to="/" replace />;
  if (restart && restart !== step.route) return <Navigate to={restart} replace />;
  if (!allowed) {
    const target = resumeStep(onboardingFlow, { applicant, completed }, today);
    if (target && target.id !== stepId) return <Navigate to={target.route} replace />;
  }

  /** Marks the step done with what it remembered and goes where the flow says. */
  const finish = (remember: Data, skipped = false) => {
    // A step without a call of its own is counted done here; the server counts the others' calls.
    if (!skipped && !step.submit) reportStep('submitted', stepId);
    const actor = flowActor();
    actor.send(skipped ? { type: 'step.skipped', stepId } : { type: 'step.completed', stepId, remember });
    const next = String(actor.getSnapshot().value);
    if (next !== stepId) navigate(onboardingFlow.steps[next].route);
  };
  const back = previousStep(onboardingFlow, applicant, stepId, today);
  // The first step: back where the applicant came from, or home when the wizard is the first page of this visit (a
  // link or bookmark: history's step back would leave the site).
  const firstPageOfVisit = location.key === 'default';
  const onBack = back ? () => navigate(back.route) : () => (firstPageOfVisit ? navigate('/') : navigate(-1));

  return (
    <WizardLayout flowTitle={onboardingFlow.title} title={step.title} description={step.description} progress={progressPercent(onboardingFlow, applicant, stepId, today)} onBack={onBack} backLabel={step.texts?.back ?? ''} notice={notice} banners={bannersFor(step, computeFacts(onboardingFlow.facts, applicant, today))}>
      <StepKindSlot
          key={stepId}
          step={step}
          applicant={applicant}
          today={today}
          resumeAt={completed.length ? resumeStep(onboardingFlow, { applicant, completed }, today) : undefined}
          sent={completed.includes(stepId)}
          finish={finish}
          finishWith={(response) => finish(rememberedValues(step.remember, {}, response))}
          onFinished={() => {
            setFinished(true);
            clearOnboarding();
          }}
      />
    </WizardLayout>
  );
}
