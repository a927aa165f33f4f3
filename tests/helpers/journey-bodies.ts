// Request bodies and walks for server tests, taken from the QA journeys (tests/fixtures/journeys, or
// JOURNEYS_DIR) and the flow file of the configuration in use (CONFIG_ROOT): a field an analyst adds, with its
// value in the journeys, or a step inserted into the flow, reaches every test without a TypeScript edit.
import path from 'node:path';
import { fileContent, journeyFacts as factsOfJourney, listJourneyFiles, loadFlow, loadJourney, personalise, rememberFromData, stepBody, type Journey, type JourneyEntry } from '../../scripts/lib/replay-journey';
import { requiredSubmissions, walkFlow } from '../../src/shared/flow/walk-flow';
import type { FlowDefinition } from '../../src/shared/flow/flow-types';
import { today } from '../../src/shared/dates/today';

export interface FileSpec {
  field: string;
  name: string;
  content: Buffer;
}

/** One step's call, as the wizard sends it for a journey's entry. */
export interface StepRequest {
  step: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  encoding: 'json' | 'multipart';
  body: Record<string, unknown>;
  files: FileSpec[];
}

export const flow: FlowDefinition = loadFlow();
const journeys: Array<{ file: string; journey: Journey }> = listJourneyFiles().map((file) => ({ file: path.basename(file, '.json'), journey: loadJourney(file) }));

/** The journey a step's call comes from unless a test names another: the shortest adult walk. */
const DEFAULT_JOURNEY = 'adult-new-local';

/** A successful attempt at a step (not one the server must refuse). */
const submits = (entry: JourneyEntry, step: string) => entry.step === step && !entry.expect && !entry.skip && entry.data !== undefined;

/** The name of every journey (file name without .json) that sends `step`. */
export function journeysWith(step: string): string[] {
  return journeys.filter(({ journey }) => journey.entries.some((e) => submits(e, step))).map((j) => j.file);
}

/**
 * The call a journey's entry for `step` makes (the default journey's, else the first that sends it, or the named one's), with the
 * facts the journey has gathered before it. `n` makes the contact details unique (`{run}` in the fixtures);
 * `data` overrides fields of the entry before its transform, and again after it (so an override wins over a
 * value the transform derives, as a hand-made client's body would).
 */
export function stepRequest(step: string, options: { journey?: string; n?: number; data?: Record<string, unknown> } = {}): StepRequest {
  const candidates = options.journey ? journeys.filter((j) => j.file === options.journey) : [...journeys].sort((a, b) => Number(b.file === DEFAULT_JOURNEY) - Number(a.file === DEFAULT_JOURNEY));
  const found = candidates.find(({ journey }) => journey.entries.some((e) => submits(e, step)));
  if (!found) throw new Error(`No journey${options.journey ? ` named ${options.journey}` : ''} sends the step ${step}: add it to tests/fixtures/journeys`);
  const n = options.n ?? 0;
  const entries = personalise(found.journey.entries, { tag: `t${n}`, digits: String(5_550_000 + (n % 1_000_000)).padStart(7, '0') });
  const context: Record<string, unknown> = { signupId: undefined };
  const day = today();
  for (const entry of entries) {
    const flowStep = flow.steps[entry.step];
    if (!flowStep) throw new Error(`Journey ${found.file} names the step ${entry.step}, which the flow file does not have`);
    if (submits(entry, step)) {
      const data = { ...entry.data, ...options.data };
      const body = { ...stepBody(flow, flowStep, data, context, day), ...options.data };
      delete body.signup_id;
      // File fields travel as files; the fixture's data lists their names only for the wizard's widgets.
      for (const field of Object.keys(entry.files ?? {})) delete body[field];
      for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
      const files = Object.entries(entry.files ?? {}).flatMap(([field, list]) => list.map((f) => ({ field, name: f.name, content: fileContent(f) })));
      const { method, endpoint, encoding = 'json' } = flowStep.submit!;
      return { step, method, url: `/api${endpoint}`, encoding, body, files };
    }
    if (flowStep.kind === 'choice' && entry.choice !== undefined) Object.assign(context, flowStep.choices?.[entry.choice]?.set);
    if (entry.data && !entry.expect) rememberFromData(flowStep, entry.data, context);
  }
  throw new Error('unreachable');
}

/** The basic-info body (POST /signups/) of a journey, unique per `n`; `data` as for stepRequest. */
export function signupBody(n: number, data: Record<string, unknown> = {}, journey?: string): Record<string, unknown> {
  return stepRequest('basic-info', { n, data, journey }).body;
}

/**
 * The steps an applicant with these facts must send before final submission, in walk order (from the flow
 * file): what a test sends to complete an application. Creating the application (basic info) and the final
 * submission itself are the test's own calls; a claim's account number needs its code, so it is left to tests
 * about claims.
 */
export function stepsToSubmit(facts: Record<string, unknown>): string[] {
  const own = ['createSignup', 'submitApplication', 'startAccountClaim'];
  return requiredSubmissions(walkFlow(flow, facts))
    .filter((s) => !own.includes(s.submit?.action ?? ''))
    .map((s) => s.id);
}

/** The facts the flow derives for a journey's applicant (from what the journey's entries remember). */
export function journeyFacts(journey: string): Record<string, unknown> {
  const found = journeys.find((j) => j.file === journey);
  if (!found) throw new Error(`No journey named ${journey}`);
  return factsOfJourney(flow, found.journey, today());
}
