import { and, assign, setup } from 'xstate';
import type { FlowDefinition, JsonSchema } from '../shared/flow/flow-types';
import { matchesCondition } from '../shared/flow/matches-condition';
import { computeFacts } from '../shared/facts/declared-facts';
import { today as creditUnionToday } from '../shared/dates/today';
import type { ApplicantContext } from '../shared/facts/applicant-context';
import { canVisit } from './navigation';

export interface FlowContext {
  applicant: ApplicantContext;
  completed: string[];
  sessionId: string;
}

export type FlowEvent =
  | { type: 'step.completed'; stepId: string; remember?: ApplicantContext }
  | { type: 'step.skipped'; stepId: string }
  | { type: 'step.goto'; stepId: string }
  | { type: 'applicant.set'; values: ApplicantContext }
  | { type: 'flow.reset' };

export interface FlowMachineOptions {
  /** Today as YYYY-MM-DD (facts such as isMinor depend on it); default: the real today. */
  today?: () => string | undefined;
  newSessionId?: () => string;
}

const randomId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `s-${Date.now()}-${Math.random().toString(16).slice(2)}`);

/**
 * The flow file as an XState v5 machine: one state per step; `step.completed` takes the first transition
 * whose condition holds for the applicant's facts (with what the step just remembered), `step.goto`
 * moves to a step the navigation rules allow, `flow.reset` starts over. No React here.
 */
export function buildFlowMachine(flow: FlowDefinition, options: FlowMachineOptions = {}) {
  const today = () => options.today?.() ?? creditUnionToday();
  const newSessionId = options.newSessionId ?? randomId;
  const merged = (context: FlowContext, event: FlowEvent) => ({ ...context.applicant, ...(event.type === 'step.completed' ? event.remember : {}) });

  const flowSetup = setup({
    types: { context: {} as FlowContext, events: {} as FlowEvent, input: {} as Partial<FlowContext> },
    guards: {
      isStep: ({ event }, params: { stepId: string }) => 'stepId' in event && event.stepId === params.stepId,
      completesAndHolds: ({ context, event }, params: { stepId: string; when: JsonSchema | true }) =>
        event.type === 'step.completed' && event.stepId === params.stepId && matchesCondition(params.when, computeFacts(flow.facts, merged(context, event), today())),
      skipsAndHolds: ({ context, event }, params: { stepId: string; when: JsonSchema | true }) =>
        event.type === 'step.skipped' && event.stepId === params.stepId && matchesCondition(params.when, computeFacts(flow.facts, context.applicant, today())),
      mayVisit: ({ context }, params: { stepId: string }) => canVisit(flow, context, params.stepId, today()),
    },
    actions: {
      complete: assign(({ context, event }) => {
        if (event.type !== 'step.completed') return {};
        return {
          applicant: { ...context.applicant, ...event.remember },
          completed: context.completed.includes(event.stepId) ? context.completed : [...context.completed, event.stepId],
        };
      }),
      skip: assign(({ context, event }) => (event.type === 'step.skipped' && !context.completed.includes(event.stepId) ? { completed: [...context.completed, event.stepId] } : {})),
      setApplicant: assign(({ context, event }) => (event.type === 'applicant.set' ? { applicant: { ...context.applicant, ...event.values } } : {})),
      resetAll: assign(() => ({ applicant: {}, completed: [], sessionId: newSessionId() })),
    },
  });

  // One state per step, typed by the machine's own setup (its guards and actions by name).
  const states: NonNullable<Parameters<typeof flowSetup.createMachine>[0]['states']> = {};
  for (const [id, step] of Object.entries(flow.steps)) {
    // Each transition also checks that the event names this step, so a late event from a page being left is ignored.
    const onward = (kind: 'completesAndHolds' | 'skipsAndHolds', action: 'complete' | 'skip') =>
      (step.next ?? []).map((t) => ({ target: t.to, guard: { type: kind, params: { stepId: id, when: t.when ?? (true as const) } }, actions: action }));
    states[id] = {
      on: {
        'step.completed': step.next?.length ? onward('completesAndHolds', 'complete') : [{ guard: { type: 'isStep', params: { stepId: id } }, actions: 'complete' }],
        ...(step.skippable ? { 'step.skipped': onward('skipsAndHolds', 'skip') } : {}),
      },
    };
  }

  return flowSetup.createMachine({
    id: flow.id,
    initial: flow.initial,
    context: ({ input }) => ({ applicant: input?.applicant ?? {}, completed: input?.completed ?? [], sessionId: input?.sessionId ?? newSessionId() }),
    on: {
      'step.goto': Object.keys(flow.steps).map((stepId) => ({
        target: `.${stepId}`,
        guard: and([{ type: 'isStep', params: { stepId } }, { type: 'mayVisit', params: { stepId } }]),
      })),
      'applicant.set': { actions: 'setApplicant' },
      'flow.reset': { target: `.${flow.initial}`, actions: 'resetAll' },
    },
    states,
  });
}

export type FlowMachine = ReturnType<typeof buildFlowMachine>;
