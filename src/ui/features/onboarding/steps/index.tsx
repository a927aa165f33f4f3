import { lazy, type ComponentType } from 'react';
import type { StepKind, StepRef } from '../../../../shared/flow/flow-types';
import { stepModules as modules } from './step-modules';

type Data = Record<string, unknown>;

/** What the step page gives every kind of step. */
export interface StepKindProps {
  step: StepRef;
  applicant: Data;
  /** Today in the credit union's time zone (the date rules of the forms). */
  today: string;
  /** The first open step of an application in progress on this device (a choice step offers to continue it). */
  resumeAt?: StepRef;
  /** The step was sent already, and the applicant came back to it (Back, a reload). */
  sent?: boolean;
  /** Marks the step done with what it remembered (or skipped) and goes where the flow says. */
  finish: (remember: Data, skipped?: boolean) => void;
  /** The same, remembering what the step's `remember` takes from the server's answer. */
  finishWith: (response: unknown) => void;
  /** The application was received: the wizard ends. */
  onFinished: () => void;
  /**
   * The analyst studio's preview: the page renders as the applicant sees it but calls no API (no code is sent, nothing
   * is stored, the wizard's saved progress is untouched); a form validates live and hands the body its call would
   * send to `onBody` instead of sending it.
   */
  preview?: StepPreview;
}

/** What a step page does differently in the studio's preview (see StepKindProps.preview). */
export interface StepPreview {
  /** The step's valid form: `body` as its call would send it, `data` as the form holds it. */
  onBody: (body: Data, data: Data) => void;
}

const ChoiceStep = lazy(() => modules.choice().then((m) => ({ default: m.ChoiceStep })));
const InfoStep = lazy(() => modules.info().then((m) => ({ default: m.InfoStep })));
const FormStep = lazy(() => modules.form().then((m) => ({ default: m.FormStep })));
const OtpStep = lazy(() => modules.otp().then((m) => ({ default: m.OtpStep })));
const SuccessStep = lazy(() => modules.success().then((m) => ({ default: m.SuccessStep })));

const formStep = (p: StepKindProps) => <FormStep step={p.step} applicant={p.applicant} today={p.today} onDone={p.finish} preview={p.preview} sent={p.sent} />;

/** The kinds a flow step may have (`kind` in flows/flow.schema.json), each with its page. */
export const STEP_KINDS: Record<StepKind, ComponentType<StepKindProps>> = {
  choice: (p) => <ChoiceStep step={p.step} resumeAt={p.resumeAt} onChoose={(set) => p.finish(set)} preview={Boolean(p.preview)} />,
  info: (p) => <InfoStep step={p.step} onNext={() => p.finish({})} />,
  form: formStep,
  checklist: formStep,
  otp: (p) => <OtpStep step={p.step} applicant={p.applicant} onVerified={p.finishWith} preview={Boolean(p.preview)} />,
  success: (p) => <SuccessStep step={p.step} applicant={p.applicant} onFinished={p.onFinished} preview={Boolean(p.preview)} />,
};

/** The page of a step's kind; a kind the wizard does not have is an error, not a blank page. */
export function stepKindPage(kind: string): ComponentType<StepKindProps> {
  const page = (STEP_KINDS as Record<string, ComponentType<StepKindProps> | undefined>)[kind];
  if (!page) throw new Error(`Unknown step kind "${kind}": the wizard has ${Object.keys(STEP_KINDS).join(', ')}.`);
  return page;
}
