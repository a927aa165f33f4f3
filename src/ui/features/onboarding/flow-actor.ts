import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import flowJson from '../../../../flows/onboarding.flow.json';
import type { FlowDefinition } from '../../../shared/flow/flow-types';
import { buildFlowMachine, type FlowContext } from '../../../engine/build-flow-machine';
import { clearProgress, loadProgress, ONBOARDING_PROGRESS_KEY, progressStorage, saveProgress } from '../../../engine/saved-progress';
import type { DraftState } from '../../../shared/onboarding/draft-types';
import { APPLICANT_TOKEN_HEADER } from '../../../shared/product';
import { api } from '../../lib/api-client';

/** The onboarding flow, straight from flows/onboarding.flow.json. */
export const onboardingFlow = flowJson as unknown as FlowDefinition;
export const PROGRESS_KEY = ONBOARDING_PROGRESS_KEY;
// A step's sent values (flow `keepValues`) live under this prefix too (`kept.<key>`), so clearing the wizard clears them.
const DRAFT_PREFIX = 'cu.onboarding.draft.';

const machine = buildFlowMachine(onboardingFlow);

/** Progress an earlier version kept in localStorage, where it outlived the tab (saved-progress.ts progressStorage): removed. */
export function forgetProgressOutsideTheTab(): void {
  if (typeof localStorage !== 'undefined') localStorage.removeItem(PROGRESS_KEY);
}

function startActor() {
  forgetProgressOutsideTheTab();
  const saved = typeof sessionStorage === 'undefined' ? null : loadProgress(progressStorage(), PROGRESS_KEY);
  const input: Partial<FlowContext> = saved ? { applicant: saved.applicant, completed: saved.completedSteps, sessionId: saved.sessionId } : {};
  const snapshot =
    saved && onboardingFlow.steps[saved.currentStep]
      ? machine.resolveState({ value: saved.currentStep, context: { applicant: saved.applicant, completed: saved.completedSteps, sessionId: saved.sessionId } })
      : undefined;
  const actor = createActor(machine, { input, snapshot }).start();
  // Every change is saved (spec 1 section 4): current step, completed steps, session id, critical data.
  actor.subscribe((state) => {
    const currentStep = String(state.value);
    saveProgress(progressStorage(), PROGRESS_KEY, { currentStep, currentRoute: onboardingFlow.steps[currentStep]?.route, completedSteps: state.context.completed, sessionId: state.context.sessionId, applicant: state.context.applicant });
  });
  return actor;
}

let actor: ReturnType<typeof startActor> | null = null;

/** The one running flow actor of this browser tab (created on first use, resumed from saved progress). */
export function flowActor() {
  actor ??= startActor();
  return actor;
}

/** The flow's current state, re-rendering on change. */
export function useFlowSnapshot() {
  return useSelector(flowActor(), (s) => s);
}

/** Clears everything the wizard saved (spec 1 section 4) and starts over. */
export function clearOnboarding(): void {
  flowActor().send({ type: 'flow.reset' });
  clearProgress(progressStorage(), PROGRESS_KEY);
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(key);
}

const SUBMITTED_KEY = `${DRAFT_PREFIX}submitted`;
/**
 * The application this tab sent (its signup id) until the wizard is cleared: a reload of the last step before the
 * wizard ends shows it received, instead of offering to send it again (the server would refuse it: 409).
 */
export const sentApplication = {
  mark(signupId: unknown): void {
    if (typeof signupId === 'string') sessionStorage.setItem(SUBMITTED_KEY, signupId);
  },
  is(signupId: unknown): boolean {
    return typeof signupId === 'string' && sessionStorage.getItem(SUBMITTED_KEY) === signupId;
  },
};

/** Why a step needs the applicant again after a resume (reopened under a new configuration, or new). */
export interface StepNotice {
  reason?: string;
  fields?: Record<string, string>;
  /** The documents the server holds for the step, by name. */
  files?: string[];
}
const NOTICE_PREFIX = `${DRAFT_PREFIX}notice.`;
export const stepNotices = {
  load(stepId: string): StepNotice | undefined {
    try {
      const raw = sessionStorage.getItem(NOTICE_PREFIX + stepId);
      return raw ? (JSON.parse(raw) as StepNotice) : undefined;
    } catch {
      return undefined;
    }
  },
  clear(stepId: string): void {
    sessionStorage.removeItem(NOTICE_PREFIX + stepId);
  },
};

/**
 * Continues an application the server holds (the continue page, DESIGN.md "Resume anywhere"): the wizard's saved
 * progress becomes the server's (its path, the steps done, the landing step, the remembered values and the fresh
 * token), each step's stored answers fill its form, and a reopened or new step keeps its reason for the step page.
 */
export function resumeApplication(state: DraftState, applicantToken: string): string {
  clearOnboarding();
  keepSentAnswers(state);
  for (const s of state.steps) {
    if (s.reason || s.fields || s.files) sessionStorage.setItem(NOTICE_PREFIX + s.step, JSON.stringify({ reason: s.reason, fields: s.fields, files: s.files?.map((f) => f.name) }));
  }
  const route = onboardingFlow.steps[state.landing]?.route ?? '/';
  actor?.stop();
  actor = null;
  saveProgress(progressStorage(), PROGRESS_KEY, {
    currentStep: state.landing,
    currentRoute: route,
    completedSteps: state.completed,
    sessionId: globalThis.crypto?.randomUUID?.() ?? `s-${Date.now()}`,
    applicant: { ...state.applicant, applicantToken },
  });
  return route;
}

/** The application as the server holds it (GET /onboarding/draft), read with the applicant's token. */
export async function readDraft(signupId: string, applicantToken: string): Promise<DraftState> {
  const { data } = await api.get<DraftState>('/onboarding/draft', { params: { signup_id: signupId }, headers: { [APPLICANT_TOKEN_HEADER]: applicantToken } });
  return data;
}

/** Each sent step's stored answers as its draft in this tab (and under its `keepValues`), where the tab has none. */
function keepSentAnswers(state: DraftState): void {
  for (const s of state.steps) {
    const step = onboardingFlow.steps[s.step];
    drafts.markSent(s.step, (s.files ?? []).map((f) => f.name));
    if (!s.data || !Object.keys(s.data).length || drafts.load(s.step)) continue;
    drafts.save(s.step, s.data, []);
    if (step?.keepValues && !drafts.loadKept(step.keepValues)) drafts.keep(step.keepValues, s.data, []);
  }
}

const ANSWERS_READ_KEY = `${DRAFT_PREFIX}answers-read`;
let reading: Promise<void> | null = null;

/**
 * A sent step's answers, for a tab that holds none: the wizard's progress is the browser's, its answers each tab's, so
 * a second tab (or a step's address opened anew) went back to sent steps that showed empty, or with their defaults,
 * and sending them again replaced the real answers. The server's stored answers are read once a tab, for every sent
 * step the tab holds nothing of. Resolves whether `stepId` now has answers.
 */
export async function sentAnswersFromServer(stepId: string): Promise<boolean> {
  const { context } = flowActor().getSnapshot();
  const { signupId, applicantToken } = context.applicant;
  if (drafts.load(stepId) || !context.completed.includes(stepId) || typeof signupId !== 'string' || typeof applicantToken !== 'string' || sessionStorage.getItem(ANSWERS_READ_KEY)) return false;
  reading ??= readDraft(signupId, applicantToken)
    .then((state) => {
      keepSentAnswers(state);
      sessionStorage.setItem(ANSWERS_READ_KEY, '1');
    })
    .catch(() => undefined)
    .finally(() => {
      reading = null;
    });
  await reading;
  return drafts.load(stepId) !== undefined;
}

/** A step's form data, unsent or sent, kept for this tab so a reload or a return to the step loses nothing (passwords and files excluded). */
export const drafts = {
  load(stepId: string): Record<string, unknown> | undefined {
    try {
      const raw = sessionStorage.getItem(DRAFT_PREFIX + stepId);
      return raw ? JSON.parse(raw) : undefined;
    } catch {
      return undefined;
    }
  },
  save(stepId: string, data: Record<string, unknown>, secretFields: string[]): void {
    const kept = Object.fromEntries(Object.entries(data).filter(([k]) => !secretFields.includes(k)));
    sessionStorage.setItem(DRAFT_PREFIX + stepId, JSON.stringify(kept));
  },
  clear(stepId: string): void {
    sessionStorage.removeItem(DRAFT_PREFIX + stepId);
    sessionStorage.removeItem(`${DRAFT_PREFIX}sent.${stepId}`);
    sessionStorage.removeItem(`${DRAFT_PREFIX}attached.${stepId}`);
  },
  /** The names of the documents attached to a step not sent yet: a reload loses the files, the page says which. */
  markAttached(stepId: string, files: string[]): void {
    if (files.length) sessionStorage.setItem(`${DRAFT_PREFIX}attached.${stepId}`, JSON.stringify(files));
    else sessionStorage.removeItem(`${DRAFT_PREFIX}attached.${stepId}`);
  },
  attachedFiles(stepId: string): string[] {
    const files = drafts.load(`attached.${stepId}`) as unknown;
    return Array.isArray(files) ? files.map(String) : [];
  },
  /**
   * That the server holds the step as sent, with the names of its documents: a step the flow counts done may have
   * been skipped, and holds nothing then.
   */
  markSent(stepId: string, files: string[]): void {
    sessionStorage.setItem(`${DRAFT_PREFIX}sent.${stepId}`, JSON.stringify(files));
  },
  /** The names of the documents the server holds for a sent step ([] for none), or undefined when it holds no such step. */
  sentFiles(stepId: string): string[] | undefined {
    const files = drafts.load(`sent.${stepId}`) as unknown;
    return Array.isArray(files) ? files.map(String) : undefined;
  },
  /** The values a step sent, under its `keepValues` key (spec 2 section 3: restored on return). */
  loadKept(key: string): Record<string, unknown> | undefined {
    return drafts.load(`kept.${key}`);
  },
  keep(key: string, data: Record<string, unknown>, secretFields: string[]): void {
    drafts.save(`kept.${key}`, data, secretFields);
  },
};
