/**
 * Checks QA journey files (tests/fixtures/journeys/*.json) before anything is replayed: broken JSON with its
 * line and column, the shape of tests/fixtures/journeys/journey.schema.json (a misspelt key such as
 * `expects` is named), and what the flow and the forms say: the step exists, a choice exists, only a
 * skippable step is skipped, data and files name the step form's fields, a retry follows a refused attempt, and an
 * attempt the journey expects to pass would pass the step's form as the server checks it (a field the form now
 * requires and the journey lacks is named here, not by a failing test).
 * `npm run config:check` runs it; the replay refuses a journey with problems.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../src/shared/create-ajv';
import { metaProblems, withPosition, type Problem } from '../../src/shared/config-check/check-config';
import { JsonSyntaxError, parseJsonSource } from '../../src/shared/config-check/json-source';
import { fieldsOf, fileFieldSchemas } from '../../src/shared/config-check/schema-walk';
import { resolveForm, type FormSources } from '../../src/shared/forms/form-registry';
import type { FlowDefinition } from '../../src/shared/flow/flow-types';
import { toolFormValidator } from './tool-form-validator';
import { personalise, rememberFromData, stepBody } from './replay-journey';
import { today as creditUnionToday } from '../../src/shared/dates/today';
import { chooseTransition } from '../../src/shared/flow/walk-flow';
import { computeFacts } from '../../src/shared/facts/declared-facts';

/** The journey file format, beside the journeys it describes. */
export const JOURNEY_SCHEMA_FILE = path.resolve(import.meta.dirname, '../../tests/fixtures/journeys/journey.schema.json');
const META = 'tests/fixtures/journeys/journey.schema.json';

/** A journey file, as opposed to the format's own schema in the same folder. */
export const isJourneyFile = (name: string) => name.endsWith('.json') && !name.endsWith('.schema.json');

let validateShape: ValidateFunction | undefined;

interface EntryLike {
  step: string;
  choice?: number;
  data?: Record<string, unknown>;
  files?: Record<string, unknown[]>;
  skip?: boolean;
  retry?: boolean;
  codeTo?: string;
  expect?: { status?: number; errors?: Record<string, string>; partial?: boolean };
}

/** The problems of one journey file's text (`label` names it in each problem); an empty list means it can be replayed. */
export function checkJourneyText(label: string, text: string, flow: FlowDefinition, forms: FormSources): Problem[] {
  let source;
  try {
    source = parseJsonSource(text);
  } catch (error) {
    const at = error instanceof JsonSyntaxError ? error.position : undefined;
    return [{ file: label, path: '', message: `not valid JSON: ${(error as Error).message}`, hint: 'Look for a missing comma, quote or bracket at the line and column given (or just before).', ...at }];
  }
  validateShape ??= createAjv().compile(JSON.parse(fs.readFileSync(JOURNEY_SCHEMA_FILE, 'utf8')));
  const problems: Problem[] = validateShape(source.value) ? entryProblems(label, (source.value as { entries: EntryLike[] }).entries, flow, forms) : metaProblems(label, validateShape.errors, META);
  return problems.map((p) => withPosition(p, source));
}

function entryProblems(file: string, entries: EntryLike[], flow: FlowDefinition, forms: FormSources): Problem[] {
  const problems: Problem[] = [];
  // Expected refusals that now refuse more: reported after the rest, so they hold back no check of a later entry.
  const refusals: Problem[] = [];
  const refused = new Set<string>();
  // What the applicant has told so far (choices, remembered answers), for the facts a later form depends on.
  const context: Record<string, unknown> = {};
  const day = creditUnionToday();
  const validator = toolFormValidator(forms);
  // Where the flow has the applicant before each entry (the replay walks it so): an entry for another step is out of
  // order, named once, at the first entry where the journey and the flow part.
  let expected: string | undefined = flow.initial;
  entries.forEach((entry, i) => {
    const at = `/entries/${i}`;
    const problem = (key: string, message: string, hint: string) => problems.push({ file, path: key ? `${at}/${key}` : at, message, hint });
    const step = flow.steps[entry.step];
    if (!step) {
      problem('step', `unknown step "${entry.step}"`, `The flow's steps: ${Object.keys(flow.steps).join(', ')}. A step renamed or removed: npm run journeys:generate moves its entries to the new id (or drops them).`);
      expected = undefined;
      return;
    }
    if (expected !== undefined && entry.step !== expected) {
      problem('step', `the flow is at "${expected}" here, and the journey sends "${entry.step}": the replay stops`, `Put the entries in the flow's order for this applicant (npm run flow:paths lists each walk); after "${i ? entries[i - 1].step : 'the start'}" comes "${expected}".`);
      expected = undefined;
    }
    if (entry.choice !== undefined && !step.choices?.[entry.choice]) {
      problem('choice', step.choices ? `step "${entry.step}" has no choice ${entry.choice}` : `step "${entry.step}" is not a choice step`, step.choices ? `Choices count from 0: ${step.choices.map((c, n) => `${n} = ${c.label}`).join(', ')}.` : 'Remove "choice".');
    }
    if (entry.skip && !step.skippable) problem('skip', `step "${entry.step}" cannot be skipped`, 'Give the step its data instead, or mark the step "skippable" in the flow.');
    if (entry.codeTo !== undefined && step.otp?.identifierType !== 'on_file') problem('codeTo', `step "${entry.step}" does not send its code to a contact on file`, 'Remove "codeTo": the code goes to the email or mobile the applicant typed.');
    if (entry.retry && !refused.has(entry.step)) problem('retry', `a retry of step "${entry.step}" with no refused attempt before it`, 'A retry follows an entry of the same step with "expect"; remove "retry" on a first attempt.');
    if (entry.expect) refused.add(entry.step);
    const schema = step.form ? forms.schemas[step.form] : undefined;
    for (const key of ['data', 'files'] as const) {
      const given = Object.keys(entry[key] ?? {});
      if (!given.length) continue;
      if (!schema) {
        problem(key, `step "${entry.step}" has no form to take ${key}`, `Remove "${key}" from this entry.`);
        continue;
      }
      const fields = fieldsOf(schema);
      for (const field of given.filter((f) => !fields.has(f))) {
        problem(`${key}/${field}`, `"${field}" is not a field of forms/${step.form}.schema.json`, `Its fields: ${[...fields].join(', ')}.`);
      }
    }
    // A file field's names under "data" travel as text: the server keeps only the files attached, so names without
    // "files" are an empty field to it (journeys:generate once wrote a new step's example that way).
    if (schema && step.submit) {
      for (const field of fileFieldSchemas(schema).keys()) {
        const named = entry.data?.[field];
        if (!Array.isArray(named) || !named.length || entry.files?.[field]?.length) continue;
        const listed = named.map((n) => `{ "name": "${String(n)}", "type": "pdf" }`).join(', ');
        problem(`data/${field}`, `"${field}" names files (${named.join(', ')}) that the entry does not attach: the replay sends no file, and the step refuses it`, `Attach them under "files": { "${field}": [${listed}] } (type pdf, png or jpg), or remove the names.`);
      }
    }
    // The replays press the first button when an entry names none: the walk here follows the same button.
    if (step.kind === 'choice') Object.assign(context, step.choices?.[entry.choice ?? 0]?.set);
    /** The body the step sends for this entry (its submit transform, files as their names), checked as the server checks it. */
    const checked = (given: Record<string, unknown>) => {
      const data = personalise({ ...given, ...Object.fromEntries(Object.entries(entry.files ?? {}).map(([field, list]) => [field, (list as Array<{ name: string }>).map((f) => f.name)])) }, { tag: 'check', digits: '5550000' });
      const { signup_id: _id, ...body } = stepBody(flow, step, data, context, day, resolveForm(forms, step.form!));
      try {
        return { data, body, errors: validator.check(step.form!, body, context).errors };
      } catch (error) {
        return { data, body, errors: { _root: (error as Error).message } as Record<string, string> };
      }
    };
    if (schema && step.submit && !entry.expect && !entry.skip && entry.data && !problems.length) {
      const { data, body, errors } = checked(entry.data);
      const transformNames = [step.submit.transform, (schema as { 'x-transform'?: string })['x-transform']].filter(Boolean);
      for (const [field, message] of Object.entries(errors)) {
        const top = field.split('.')[0];
        if (field !== '_root' && !(top in data) && top in body && transformNames.length) {
          // Not the journey's answer: a transform of the step wrote it (a field it names was renamed or removed in JSON).
          problem('', `the step's transform (${transformNames.join(', ')}) sends "${top}", which forms/${step.form}.schema.json refuses: ${message}`, `The transform in src/shared/transforms/ names "${top}": a form field a transform fills or clears keeps its name, or a developer changes the transform with it.`);
          continue;
        }
        problem(`data/${top}`, `the step would refuse this attempt: ${field === '_root' ? '' : `${field}: `}${message}`, `Give the field a value forms/${step.form}.schema.json accepts, or mark the attempt "expect" if it is meant to be refused.`);
      }
    }
    // An attempt meant to be refused: a message the form now gives that the journey does not list (a field made
    // required since) is named here, before the replay finds the refusal differs.
    if (schema && step.submit && entry.expect?.status === 400 && !entry.expect.partial && entry.data && !problems.length) {
      const { errors } = checked(entry.data);
      const listed = entry.expect.errors ?? {};
      for (const [field, message] of Object.entries(errors)) {
        if (field === '_root' || Object.hasOwn(listed, field)) continue;
        refusals.push({ file, path: `${at}/expect/errors`, message: `the step now also refuses this attempt with ${field}: "${message}", which "expect" does not list: the replay would fail`, hint: `Add "${field}": "${message}" to "expect.errors", give the field a value in "data" if only the other refusal is meant, or set "partial": true.` });
      }
    }
    if (step && entry.data && !entry.expect) rememberFromData(step, entry.data, context);
    // A refused attempt stays on its step; any other entry moves on as the flow's transitions say for what is known.
    if (expected !== undefined && !entry.expect) expected = chooseTransition(step.next, computeFacts(flow.facts, context, day))?.to;
  });
  return [...problems, ...refusals];
}

/**
 * Each form's `examples` (the API documentation's sample bodies, forms/README.md) as the server checks a body: a
 * field made required, or a rule changed, names the example to update instead of failing the API document's test.
 */
export function checkFormExamples(forms: FormSources): Problem[] {
  const validator = toolFormValidator(forms);
  return Object.entries(forms.schemas).flatMap(([formId, schema]) =>
    ((schema as { examples?: unknown[] }).examples ?? []).flatMap((example, i) => {
      if (!example || typeof example !== 'object') return [];
      const { errors } = validator.check(formId, example as Record<string, unknown>, {});
      return Object.entries(errors).map(([field, message]) => ({
        file: `forms/${formId}.schema.json`,
        path: `/examples/${i}`,
        message: `the example would be refused: ${field === '_root' ? '' : `${field}: `}${message}`,
        hint: 'Update the example to a body the form accepts (it is the API documentation\'s sample).',
      }));
    }),
  );
}

/** Every journey file in `dir`, checked; each problem names its file relative to the repository. */
export function checkJourneys(dir: string, flow: FlowDefinition, forms: FormSources, root = process.cwd()): Problem[] {
  return fs
    .readdirSync(dir)
    .filter(isJourneyFile)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return checkJourneyText(path.relative(root, full), fs.readFileSync(full, 'utf8'), flow, forms);
    });
}
