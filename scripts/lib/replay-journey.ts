import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createAjv } from '../../src/shared/create-ajv';
import { configRoot } from '../../src/shared/forms/read-forms-dir';
import { computeFacts, factsWithStepData } from '../../src/shared/facts/declared-facts';
import { today as creditUnionToday } from '../../src/shared/dates/today';
import { skipLabelOf, stepForPage, type FlowDefinition, type FlowStep, type JsonSchema } from '../../src/shared/flow/flow-types';
import { stepPayload } from '../../src/shared/transforms/step-payload';
import { deriveFormData } from '../../src/shared/transforms/form-rules';
import { resolveForm, type FormSources, type JsonObject } from '../../src/shared/forms/form-registry';
import { otpPurpose } from '../../src/shared/flow/otp-operations';
import { API_KEY_HEADER, API_SECRET_HEADER, APPLICANT_TOKEN_HEADER } from '../../src/shared/product';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { formatProblems } from '../../src/shared/config-check/check-config';
import { checkJourneyText, isJourneyFile } from './check-journeys';

/** The flow file of the configuration in use (CONFIG_ROOT, default the repository). */
export const FLOW_FILE = path.join(configRoot(), 'flows/onboarding.flow.json');
/** The QA journeys in use: JOURNEYS_DIR, default tests/fixtures/journeys (a copy may hold an analyst's change). */
export const JOURNEYS_DIR = path.resolve(process.env.JOURNEYS_DIR || path.resolve(import.meta.dirname, '../../tests/fixtures/journeys'));

/** A file a fixture uploads: generated with the real magic bytes of its type. */
export interface FixtureFile {
  name: string;
  type: 'pdf' | 'png' | 'jpg';
  size?: number;
}

/** One entry of a journey: the step it expects to be on, and what the applicant does there. */
export interface JourneyEntry {
  step: string;
  choice?: number;
  data?: Record<string, unknown>;
  files?: Record<string, FixtureFile[]>;
  skip?: boolean;
  /** A second attempt at a step after a refused one: the browser replay first removes the files and list items the refused attempt left. */
  retry?: boolean;
  /**
   * An otp step whose code goes to a contact the applicant did not type (identifierType on_file: the
   * mobile or email the credit union holds for the member being claimed): where to read the code in the
   * outbox. The applicant's own email and mobile steps need nothing here.
   */
  codeTo?: string;
  /**
   * An attempt the server must refuse: the status and the field messages it must answer, exactly (unless
   * `partial`: the answer may hold more); the step does not advance.
   */
  expect?: { status: number; errors?: Record<string, string>; partial?: boolean };
  $comment?: string;
}

export interface Journey {
  name: string;
  description: string;
  /** Written by `npm run journeys:generate` and not yet adjusted by QA. */
  generated?: boolean;
  entries: JourneyEntry[];
}

export interface StepVerdict {
  step: string;
  verdict: 'ok' | 'refused as expected' | 'skipped' | 'FAILED';
  detail: string;
  ms: number;
}

export interface ReplayResult {
  journey: string;
  ok: boolean;
  /** Why the journey did not pass when no step failed: it ended before the flow did, or went on after it. */
  reason?: string;
  verdicts: StepVerdict[];
  transitions: string[];
  signupId?: string;
  ms: number;
}

/** Makes every run's contact details unique, so a journey replays again and again on one server. */
export function personalise<T>(value: T, run: { tag: string; digits: string }): T {
  return JSON.parse(JSON.stringify(value).replaceAll('{run}', run.tag).replaceAll('{runDigits}', run.digits)) as T;
}

export function fileContent(file: FixtureFile): Buffer {
  const size = file.size ?? 2048;
  const head = file.type === 'pdf' ? Buffer.from('%PDF-1.7\n') : file.type === 'png' ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) : Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

export function loadFlow(): FlowDefinition {
  return JSON.parse(fs.readFileSync(FLOW_FILE, 'utf8')) as FlowDefinition;
}

/** Reads a journey file; one that is not valid JSON, or not of the journey format, throws every problem with the file's name, line and column. */
export function loadJourney(file: string): Journey {
  const text = fs.readFileSync(file, 'utf8');
  const problems = checkJourneyText(path.relative(process.cwd(), file), text, loadFlow(), readFormsDir());
  if (problems.length) throw new Error(`The journey cannot be replayed:\n${formatProblems(problems)}`);
  return JSON.parse(text) as Journey;
}

export function listJourneyFiles(): string[] {
  return fs
    .readdirSync(JOURNEYS_DIR)
    .filter(isJourneyFile)
    .sort()
    .map((f) => path.join(JOURNEYS_DIR, f));
}

/**
 * Where an otp step's code goes: the applicant's own email or mobile (remembered from basic info), or for
 * a code to the contact on file (a claim), the entry's `codeTo`.
 */
export function otpRecipient(step: FlowStep, entry: JourneyEntry, applicant: Record<string, unknown>): string {
  const otp = step.otp!;
  if (!otpPurpose(otp)) throw new Error(`the flow's code check ${otp.operation}:${otp.identifierType} is unknown`);
  const recipient = otp.identifierType === 'on_file' ? entry.codeTo : applicant[otp.identifierType];
  if (typeof recipient !== 'string' || !recipient) {
    throw new Error(otp.identifierType === 'on_file' ? `step ${entry.step} sends its code to the contact on file: give the entry "codeTo" (e.g. the seeded member's mobile)` : `no ${otp.identifierType} remembered for step ${entry.step}`);
  }
  return recipient;
}

/** Every transition of the flow as "from -> to" (what the coverage report must see exercised). */
export function allTransitions(flow: FlowDefinition): string[] {
  return Object.entries(flow.steps).flatMap(([id, step]) => (step.next ?? []).map((t) => `${id} -> ${t.to}`));
}

const ajv = createAjv();
const matchers = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
function holds(when: JsonSchema, facts: Record<string, unknown>): boolean {
  let validate = matchers.get(when);
  if (!validate) matchers.set(when, (validate = ajv.compile(when)));
  return validate(facts) === true;
}

let forms: FormSources | undefined;
/** The configuration's forms, read once. */
function configuredForms(): FormSources {
  return (forms ??= readFormsDir());
}

/**
 * The body a form step sends, as the wizard builds it (stepPayload): the step's data with the fields its form's
 * branches pin, through its submit transform (with the facts of the applicant so far), and the application's id when
 * the step names it.
 */
export function stepBody(flow: FlowDefinition, step: FlowStep, data: Record<string, unknown>, context: Record<string, unknown>, today: string, form: { schema: JsonObject; uiSchema?: JsonObject } | undefined = step.form ? resolveForm(configuredForms(), step.form) : undefined): Record<string, unknown> {
  const submit = step.submit!;
  const ctx = { today, facts: factsWithStepData(flow, step.form ?? '', context, data, today) };
  // As the page holds the answers: with the form's derived fields (its x-transform), which its showWhen may read.
  const body = stepPayload(submit.transform, form, form ? deriveFormData(form.schema, data, ctx) : data, ctx);
  if (submit.includeSignupId ?? step.requiresSignupId ?? false) body.signup_id = context.signupId;
  return body;
}

/** What a step remembers from the data it sends ("data.dob"), for the facts of later steps; values from the response are the caller's. */
export function rememberFromData(step: FlowStep, data: Record<string, unknown>, context: Record<string, unknown>): void {
  for (const [key, where] of Object.entries(step.remember ?? {})) {
    const [source, ...rest] = where.split('.');
    if (source === 'data') context[key] = readPath(data, rest.join('.'));
  }
}

/** The facts the flow derives for a journey's applicant, from its choices and what its entries remember. */
export function journeyFacts(flow: FlowDefinition, journey: Journey, day: string): Record<string, boolean> {
  return computeFacts(flow.facts, journeyContext(flow, journey), day);
}

/** What the wizard keeps about a journey's applicant: its choices' `set` and what its entries remember from their data. */
export function journeyContext(flow: FlowDefinition, journey: Journey): Record<string, unknown> {
  const context: Record<string, unknown> = {};
  for (const entry of journey.entries) {
    const step = flow.steps[entry.step];
    // As the replays press it: a choice entry without `choice` presses the first button.
    if (step?.kind === 'choice') Object.assign(context, step.choices?.[entry.choice ?? 0]?.set);
    if (step && entry.data && !entry.expect) rememberFromData(step, entry.data, context);
  }
  return context;
}

function readPath(source: Record<string, unknown>, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), source);
}

/**
 * Replays one journey against a running server (base URL without /api), headless: it walks the flow file
 * exactly as the wizard does (transforms, remembered facts, transitions), makes every call, reads codes
 * from the development outbox, and reports each step's verdict and the transitions it took.
 */
/**
 * Each replay is a different applicant on a different network: its calls name a client address of their own
 * (TEST-NET-2, never routed) in X-Forwarded-For, which a server trusting its loopback proxy (TRUST_PROXY=1) counts
 * per-address limits by. Many journeys on one server then do not share the per-address code-send limit.
 */
export function applicantAddress(): string {
  return `198.51.100.${crypto.randomInt(1, 255)}`;
}

export async function replayJourney(journey: Journey, options: { baseUrl: string; apiKey?: string; apiSecret?: string; log?: (line: string) => void }): Promise<ReplayResult> {
  const flow = loadFlow();
  const log = options.log ?? (() => undefined);
  const run = { tag: crypto.randomBytes(4).toString('hex'), digits: String(crypto.randomInt(1_000_000, 9_999_999)) };
  const entries = personalise(journey.entries, run);
  const headersBase: Record<string, string> = { [API_KEY_HEADER]: options.apiKey ?? 'cu-web', [API_SECRET_HEADER]: options.apiSecret ?? 'cu-web-client', 'x-forwarded-for': applicantAddress() };
  const context: Record<string, unknown> = {};
  const verdicts: StepVerdict[] = [];
  const transitions: string[] = [];
  const started = Date.now();
  let current = flow.initial;
  let failed = false;

  async function call(method: string, endpoint: string, body: unknown, multipart = false): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = { ...headersBase };
    if (typeof context.applicantToken === 'string') headers[APPLICANT_TOKEN_HEADER] = context.applicantToken;
    let payload: BodyInit;
    if (multipart) payload = body as FormData;
    else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${options.baseUrl}/api${endpoint}`, { method, headers, body: payload });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { raw: text };
    }
    return { status: res.status, json };
  }

  async function latestCode(recipient: string, purpose: string): Promise<string> {
    const res = await fetch(`${options.baseUrl}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&purpose=${purpose}&limit=1`, { headers: headersBase });
    const body = (await res.json()) as { items?: Array<{ body: string }> };
    const match = /\b(\d{6})\b/.exec(body.items?.[0]?.body ?? '');
    if (!match) {
      const claim = purpose === 'account_claim_code' ? `: a claim's code goes only to a member whose account number, last name and date of birth match the seed (src/server/db/seed.ts), at the contact on file "codeTo" names` : '';
      throw new Error(`no code in the outbox for ${recipient} (${purpose})${claim}`);
    }
    return match[1];
  }

  const today = creditUnionToday();
  for (const entry of entries) {
    const t0 = Date.now();
    const step: FlowStep | undefined = flow.steps[entry.step];
    const verdict = (v: StepVerdict['verdict'], detail: string) => {
      verdicts.push({ step: entry.step, verdict: v, detail, ms: Date.now() - t0 });
      log(`${v === 'FAILED' ? 'x' : '-'} ${entry.step.padEnd(34)} ${v}${detail ? `: ${detail}` : ''} (${Date.now() - t0} ms)`);
      if (v === 'FAILED') failed = true;
    };
    if (entry.step !== current || !step) {
      verdict('FAILED', current ? `the flow is at "${current}", the journey expected "${entry.step}"` : `the flow ended with the step before, the journey goes on with "${entry.step}"`);
      break;
    }
    const facts = () => computeFacts(flow.facts, context, today);
    try {
      if (entry.skip) {
        if (!step.skippable) throw new Error('this step cannot be skipped');
        verdict('skipped', skipLabelOf(stepForPage(flow, entry.step)));
      } else if (step.kind === 'choice') {
        const choice = step.choices?.[entry.choice ?? 0];
        if (!choice) throw new Error(`no choice ${entry.choice}`);
        Object.assign(context, choice.set);
        verdict('ok', choice.label);
      } else if (step.kind === 'checklist' || step.kind === 'info') {
        verdict('ok', step.kind);
      } else if (step.kind === 'otp' && step.otp) {
        const { identifierType, operation } = step.otp;
        const recipient = otpRecipient(step, entry, context);
        const target = identifierType === 'on_file' ? {} : { [identifierType]: context[identifierType] };
        const sent = await call('POST', step.otp.sendEndpoint ?? '/device-verifications/send/', { identifier_type: identifierType, operation, signup_id: context.signupId, ...target });
        if (sent.status >= 300) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.json)}`);
        const code = await latestCode(recipient, otpPurpose(step.otp)!);
        const verified = await call('POST', step.otp.verifyEndpoint ?? '/device-verifications/verify/', { identifier_type: identifierType, operation, signup_id: context.signupId, code });
        if (verified.status >= 300) throw new Error(`verify answered ${verified.status}: ${JSON.stringify(verified.json)}`);
        verdict('ok', `code from the outbox verified`);
      } else if (step.submit) {
        const data = entry.data ?? {};
        const body = stepBody(flow, step, data, context, today);
        let res;
        if (step.submit.encoding === 'multipart') {
          const form = new FormData();
          for (const [k, v] of Object.entries(body)) {
            if (v === undefined || v === null || entry.files?.[k]) continue;
            for (const item of Array.isArray(v) ? v : [v]) form.append(k, String(item));
          }
          for (const [field, files] of Object.entries(entry.files ?? {})) {
            for (const f of files) form.append(field, new Blob([new Uint8Array(fileContent(f))]), f.name);
          }
          res = await call(step.submit.method, step.submit.endpoint, form, true);
        } else {
          res = await call(step.submit.method, step.submit.endpoint, body);
        }
        if (entry.expect) {
          const mismatch = refusalMismatch(entry.expect, res);
          if (mismatch) throw new Error(mismatch);
          verdict('refused as expected', `${res.status} ${Object.values(entry.expect.errors ?? {}).join(' / ')}`);
          continue;
        }
        if (res.status >= 300) throw new Error(`${step.submit.method} ${step.submit.endpoint} answered ${res.status}: ${JSON.stringify(res.json)}`);
        for (const [key, where] of Object.entries(step.remember ?? {})) {
          const [source, ...rest] = where.split('.');
          context[key] = readPath(source === 'data' ? data : (res.json as Record<string, unknown>), rest.join('.'));
        }
        verdict('ok', `${step.submit.method} ${step.submit.endpoint} ${res.status}${res.json?.status ? ` (${res.json.status})` : ''}`);
      } else {
        verdict('ok', step.kind);
      }
    } catch (error) {
      verdict('FAILED', (error as Error).message);
      break;
    }
    const next = (step.next ?? []).find((t) => !t.when || holds(t.when, facts()));
    if (!next) {
      current = '';
      continue;
    }
    transitions.push(`${entry.step} -> ${next.to}`);
    current = next.to;
  }
  const reason = failed ? undefined : endProblem(current, entries.length > 0);
  return { journey: journey.name, ok: !failed && !reason, reason, verdicts, transitions, signupId: context.signupId as string | undefined, ms: Date.now() - started };
}

/** Why a journey whose steps all passed still did not finish the flow, or undefined when it did. */
function endProblem(current: string, anyEntries: boolean): string | undefined {
  if (!anyEntries) return 'the journey has no entries';
  if (current) return `the journey ends while the flow is at "${current}": add an entry for "${current}" and the steps after it, up to the success step`;
  return undefined;
}

/**
 * What differs between an expected refusal and the answer: the status, a message missing or worded
 * otherwise, or (unless `partial`) a message the journey did not expect. Undefined when they agree.
 */
export function refusalMismatch(expect: NonNullable<JourneyEntry['expect']>, res: { status: number; json: any }): string | undefined {
  const got: Record<string, unknown> = res.json?.errors ?? {};
  const wanted = expect.errors ?? {};
  const lines: string[] = [];
  if (res.status !== expect.status) lines.push(`status: expected ${expect.status}, got ${res.status}${res.json?.message ? ` "${res.json.message}"` : ''}`);
  for (const [field, message] of Object.entries(wanted)) {
    if (got[field] !== message) lines.push(`${field}: expected "${message}", got ${got[field] === undefined ? 'no message' : `"${String(got[field])}"`}`);
  }
  if (!expect.partial) for (const field of Object.keys(got).filter((f) => !(f in wanted))) lines.push(`${field}: not expected, got "${String(got[field])}" (list it, or set "partial": true)`);
  return lines.length ? `the refusal differs from the journey's "expect":\n      ${lines.join('\n      ')}` : undefined;
}
