import { createActor } from 'xstate';
import { buildFlowMachine } from '../../src/engine/build-flow-machine';
import { canVisit, progressPercent, previousStep, restartRouteFor, rememberedValues, resumeStep } from '../../src/engine/navigation';
import { clearProgress, loadProgress, saveProgress, PROGRESS_TTL_MS } from '../../src/engine/saved-progress';
import { loadMiniFlow } from '../fixtures/config/load-mini';

const TODAY = '2026-11-22';
const flow = loadMiniFlow();
const start = () => createActor(buildFlowMachine(flow, { today: () => TODAY, newSessionId: () => 'session-1' }), { input: {} }).start();

describe('buildFlowMachine', () => {
  it('starts at the initial step and follows the default branch for an adult', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('start');
    actor.send({ type: 'step.completed', stepId: 'start', remember: { customerType: 'new' } });
    expect(actor.getSnapshot().value).toBe('about-you');
    actor.send({ type: 'step.completed', stepId: 'about-you', remember: { dob: '1990-01-01', signupId: 'S1' } });
    expect(actor.getSnapshot().value).toBe('documents');
    expect(actor.getSnapshot().context.completed).toEqual(['start', 'about-you']);
    expect(actor.getSnapshot().context.applicant).toMatchObject({ customerType: 'new', dob: '1990-01-01', signupId: 'S1' });
  });

  it('takes the minor branch using what the step just remembered (under 18 on the day)', () => {
    const actor = start();
    actor.send({ type: 'step.completed', stepId: 'start' });
    actor.send({ type: 'step.completed', stepId: 'about-you', remember: { dob: '2008-11-23', signupId: 'S1' } });
    expect(actor.getSnapshot().value).toBe('guardian');
  });

  it('18 today is an adult', () => {
    const actor = start();
    actor.send({ type: 'step.completed', stepId: 'start' });
    actor.send({ type: 'step.completed', stepId: 'about-you', remember: { dob: '2008-11-22', signupId: 'S1' } });
    expect(actor.getSnapshot().value).toBe('documents');
  });

  it('ignores a completion naming another step', () => {
    const actor = start();
    actor.send({ type: 'step.completed', stepId: 'about-you' });
    expect(actor.getSnapshot().value).toBe('start');
  });

  it('skips only skippable steps', () => {
    const actor = start();
    actor.send({ type: 'step.completed', stepId: 'start' });
    actor.send({ type: 'step.skipped', stepId: 'about-you' });
    expect(actor.getSnapshot().value).toBe('about-you');
    actor.send({ type: 'step.completed', stepId: 'about-you', remember: { dob: '1990-01-01', signupId: 'S1' } });
    actor.send({ type: 'step.skipped', stepId: 'documents' });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('allows going back and at most one step past the furthest completed', () => {
    const actor = start();
    actor.send({ type: 'step.goto', stepId: 'documents' });
    expect(actor.getSnapshot().value).toBe('start');
    actor.send({ type: 'step.completed', stepId: 'start' });
    actor.send({ type: 'step.completed', stepId: 'about-you', remember: { dob: '1990-01-01', signupId: 'S1' } });
    actor.send({ type: 'step.goto', stepId: 'start' });
    expect(actor.getSnapshot().value).toBe('start');
    actor.send({ type: 'step.goto', stepId: 'documents' });
    expect(actor.getSnapshot().value).toBe('documents');
    actor.send({ type: 'step.goto', stepId: 'done' });
    expect(actor.getSnapshot().value).toBe('documents');
    // Not on an adult's path at all.
    actor.send({ type: 'step.goto', stepId: 'guardian' });
    expect(actor.getSnapshot().value).toBe('documents');
  });

  it('starts over on flow.reset with a new session', () => {
    let n = 0;
    const actor = createActor(buildFlowMachine(flow, { today: () => TODAY, newSessionId: () => `s${++n}` }), { input: {} }).start();
    actor.send({ type: 'step.completed', stepId: 'start', remember: { customerType: 'new' } });
    actor.send({ type: 'flow.reset' });
    expect(actor.getSnapshot().value).toBe('start');
    expect(actor.getSnapshot().context).toEqual({ applicant: {}, completed: [], sessionId: 's2' });
  });

  it('resumes from saved context', () => {
    const machine = buildFlowMachine(flow, { today: () => TODAY });
    const snapshot = machine.resolveState({ value: 'documents', context: { applicant: { signupId: 'S1', dob: '1990-01-01' }, completed: ['start', 'about-you'], sessionId: 'x' } });
    const actor = createActor(machine, { snapshot, input: {} }).start();
    actor.send({ type: 'step.completed', stepId: 'documents' });
    expect(actor.getSnapshot().value).toBe('done');
  });
});

describe('navigation', () => {
  const adult = { applicant: { dob: '1990-01-01', signupId: 'S1' }, completed: ['start', 'about-you'] };
  it('measures progress along the applicant’s own path', () => {
    expect(progressPercent(flow, adult.applicant, 'start', TODAY)).toBe(0);
    expect(progressPercent(flow, adult.applicant, 'documents', TODAY)).toBe(50);
    expect(progressPercent(flow, { dob: '2010-01-01' }, 'documents', TODAY)).toBe(60);
    // The final step is not complete before it is submitted.
    expect(progressPercent(flow, adult.applicant, 'done', TODAY)).toBe(75);
  });
  it('knows the previous step and where to resume', () => {
    expect(previousStep(flow, adult.applicant, 'documents', TODAY)?.id).toBe('about-you');
    expect(previousStep(flow, { dob: '2010-01-01' }, 'documents', TODAY)?.id).toBe('guardian');
    expect(resumeStep(flow, adult, TODAY).id).toBe('documents');
    expect(canVisit(flow, adult, 'done', TODAY)).toBe(false);
  });
  it('sends a step that needs a signup id to the restart route when none is held', () => {
    expect(restartRouteFor({ ...flow, restartRoute: undefined }, { id: 'guardian', ...flow.steps.guardian }, {})).toBe('/basic-info');
    expect(restartRouteFor(flow, { id: 'guardian', ...flow.steps.guardian }, { signupId: 'S1' })).toBeNull();
    expect(restartRouteFor({ ...flow, restartRoute: '/mini/about-you' }, { id: 'guardian', ...flow.steps.guardian }, {})).toBe('/mini/about-you');
  });
  it('reads remembered values from the data and the response', () => {
    expect(rememberedValues(flow.steps['about-you'].remember, { dob: '1990-01-01', nationality: 'Canada' }, { signup_id: 'S9', applicant_token: 't' })).toEqual({
      dob: '1990-01-01',
      nationality: 'Canada',
      signupId: 'S9',
      applicantToken: 't',
    });
  });
});

describe('saved progress', () => {
  it('keeps progress for 24 hours, then drops it; clears on demand', () => {
    saveProgress(localStorageLike, 'k', { currentStep: 'documents', completedSteps: ['start'], sessionId: 's', applicant: { signupId: 'S1' } }, 1000);
    expect(loadProgress(localStorageLike, 'k', 1000 + PROGRESS_TTL_MS - 1)?.currentStep).toBe('documents');
    expect(loadProgress(localStorageLike, 'k', 1000 + PROGRESS_TTL_MS)).toBeNull();
    expect(localStorageLike.getItem('k')).toBeNull();
    saveProgress(localStorageLike, 'k', { currentStep: 'x', completedSteps: [], sessionId: 's', applicant: {} }, 1000);
    clearProgress(localStorageLike, 'k');
    expect(loadProgress(localStorageLike, 'k', 1000)).toBeNull();
  });
  it('treats broken entries as absent', () => {
    localStorageLike.setItem('k', '{not json');
    expect(loadProgress(localStorageLike, 'k')).toBeNull();
  });
});

const store = new Map<string, string>();
const localStorageLike = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
