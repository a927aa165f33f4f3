/**
 * Writes a QA journey for an applicant path no journey walks (`npm run journeys:generate`). Each step's
 * entry is taken from the journey that agrees most with the path's facts and has the step (a skippable
 * step without one is skipped; a form step no journey has gets its schema's examples, defaults or first
 * options). Then the answers the facts are read from (the choice, basic info's date of birth, nationality,
 * ...) are set, from values other journeys use, until the journey's facts are the path's. QA checks the
 * data (a claimed member's details must match the seed) and removes `generated`.
 */
import type { FormSources, JsonObject } from '../../src/shared/forms/form-registry';
import { resolveForm } from '../../src/shared/forms/form-registry';
import type { FlowDefinition, FlowStep, StepRef } from '../../src/shared/flow/flow-types';
import { comparedValues, factFields, OTHER_VALUE, type FactProfile } from '../../src/shared/facts/declared-facts';
import { walkFlow } from '../../src/shared/flow/walk-flow';
import { fieldSchemas, fieldsOf, fileFieldSchemas } from '../../src/shared/config-check/schema-walk';
import { journeyContext, journeyFacts, personalise, type FixtureFile, type Journey, type JourneyEntry } from './replay-journey';
import { toolFormValidator } from './tool-form-validator';

export interface NamedJourney {
  name: string;
  journey: Journey;
}

const SAMPLE_RUN = { tag: 'generated', digits: '5550000' };

/** How many combinations of fact-deciding answers are tried before giving up. */
const MAX_TRIES = 20_000;

/** A file name for a path: "a minor, an existing customer, not a foreign national" -> minor-existing-customer-not-foreign-national. */
export function pathSlug(profile: FactProfile): string {
  return profile.name
    .toLowerCase()
    .replace(/\b(a|an)\b/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** An entry's last successful attempt at each step (refused attempts and retries are not data to copy). */
function finalEntries(journey: Journey): Map<string, JourneyEntry> {
  const out = new Map<string, JourneyEntry>();
  for (const entry of journey.entries) if (!entry.expect) out.set(entry.step, entry);
  return out;
}

/** An entry for a step no journey answers yet: skipped when the step may be, else its form's examples (QA checks them). */
export function newStepEntry(step: StepRef, forms: FormSources): JourneyEntry {
  if (step.skippable) return { step: step.id, skip: true };
  if (step.form && step.kind !== 'checklist') {
    const schema = resolveForm(forms, step.form).schema;
    const data = exampleData(schema);
    const files = exampleFiles(schema, data);
    return { $comment: "the schema's examples and first options: check them", step: step.id, data, ...(Object.keys(files).length ? { files } : {}) };
  }
  return { step: step.id };
}

/** The kinds of file a journey can attach (journey.schema.json), by extension. */
const FIXTURE_TYPES: Record<string, FixtureFile['type']> = { pdf: 'pdf', png: 'png', jpg: 'jpg', jpeg: 'jpg' };

/**
 * The files an example's file fields name, to attach (the server keeps a file field's attached files, not names
 * sent as text), and for a required file field the example leaves empty, as many as it needs; `data` gets the names
 * too, as the wizard's widget sends them. Each file's type is its name's, else the first the field accepts.
 */
export function exampleFiles(schema: JsonObject, data: Record<string, unknown>): Record<string, FixtureFile[]> {
  const files: Record<string, FixtureFile[]> = {};
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  for (const [field, p] of fileFieldSchemas(schema)) {
    const accepted = (Array.isArray(p.fileTypes) ? p.fileTypes : Object.keys(FIXTURE_TYPES)).map((t: string) => FIXTURE_TYPES[String(t).toLowerCase()]).filter(Boolean);
    const fallback: FixtureFile['type'] = accepted[0] ?? 'pdf';
    let names = Array.isArray(data[field]) ? (data[field] as unknown[]).map(String) : [];
    if (!names.length && required.has(field)) {
      names = Array.from({ length: Math.max(1, typeof p.minItems === 'number' ? p.minItems : 1) }, (_, i) => `${field.replace(/_files?$/, '').replace(/_/g, '-')}-${i + 1}.${fallback}`);
      data[field] = names;
    }
    if (!names.length) continue;
    files[field] = names.map((name) => {
      const own = FIXTURE_TYPES[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''];
      return { name, type: own && accepted.includes(own) ? own : fallback };
    });
  }
  return files;
}

/**
 * The steps a journey's path now passes that it has no entry for (an analyst added a step to the flow): each gets
 * `newStepEntry`, after the entries of the step before it on the path. Changes the journey; answers the steps added.
 */
export function addNewSteps(flow: FlowDefinition, forms: FormSources, journey: Journey, day: string): string[] {
  const path = walkFlow(flow, journeyFacts(flow, journey, day));
  const added: string[] = [];
  path.forEach((step, i) => {
    if (journey.entries.some((e) => e.step === step.id)) return;
    const after = i === 0 ? -1 : journey.entries.map((e) => e.step).lastIndexOf(path[i - 1].id);
    const entry = newStepEntry(step, forms);
    journey.entries.splice(after + 1, 0, entry);
    // A new choice step: the button that keeps the journey on its path (its facts as they were), the first if none does.
    if (step.kind === 'choice' && step.choices?.length) {
      const ids = path.map((s) => s.id).join(' ');
      entry.choice = step.choices.findIndex((_c, n) => {
        entry.choice = n;
        return walkFlow(flow, journeyFacts(flow, journey, day)).map((s) => s.id).join(' ') === ids;
      });
      if (entry.choice < 0) entry.choice = 0;
    }
    added.push(step.id);
  });
  return added;
}

/**
 * Entries of a step the flow no longer has, moved to the step that took its place (an analyst renamed a step's id:
 * `mailing-address` became `postal-address`): a step of the journey's path with no entries yet, right after the step
 * the entries follow, whose form has every field the entries' data gives (or, for entries without data, of the same
 * kind: skipped entries go to a step that may be skipped). Without this the old entries were dropped and the new step
 * got its form's bare examples. Changes the journey; answers the renames made, [old id, new id].
 */
export function followRenamedSteps(flow: FlowDefinition, forms: FormSources, journey: Journey, day: string): Array<[string, string]> {
  const renamed: Array<[string, string]> = [];
  for (;;) {
    const gone = journey.entries.map((e) => e.step).find((id) => !flow.steps[id]);
    if (!gone) return renamed;
    const at = journey.entries.findIndex((e) => e.step === gone);
    const before = journey.entries.slice(0, at).map((e) => e.step).pop();
    const entries = journey.entries.filter((e) => e.step === gone);
    const path = walkFlow(flow, journeyFacts(flow, journey, day));
    const fits = (step: StepRef) => {
      const fields = step.form ? fieldsOf(resolveForm(forms, step.form).schema) : null;
      return entries.every((e) => (e.skip ? Boolean(step.skippable) : e.data ? Boolean(fields) && Object.keys(e.data).every((k) => fields!.has(k)) : step.kind !== 'form'));
    };
    const candidates = path.filter((step, i) => (i === 0 ? before === undefined : path[i - 1].id === before) && !journey.entries.some((e) => e.step === step.id) && fits(step));
    // None, or more than one that fits: the entries are dropped as a removed step's are (alignToFlow).
    if (candidates.length !== 1) return renamed;
    for (const entry of entries) entry.step = candidates[0].id;
    renamed.push([gone, candidates[0].id]);
  }
}

/**
 * A journey brought back in line with the flow after steps were removed or moved: entries for a step the journey's
 * path no longer passes (removed from the flow, or off this applicant's path now) are dropped, and the rest are put in
 * the path's order (a step's own attempts, refused ones and their retries, keep theirs). Changes the journey; answers
 * the steps dropped and whether any entry moved. `addNewSteps` then answers the steps the path gained.
 */
export function alignToFlow(flow: FlowDefinition, journey: Journey, day: string): { dropped: string[]; moved: boolean } {
  const order = new Map(walkFlow(flow, journeyFacts(flow, journey, day)).map((step, i) => [step.id, i]));
  const dropped = [...new Set(journey.entries.filter((e) => !order.has(e.step)).map((e) => e.step))];
  const kept = journey.entries.filter((e) => order.has(e.step));
  const sorted = kept.map((entry, i) => ({ entry, i })).sort((a, b) => order.get(a.entry.step)! - order.get(b.entry.step)! || a.i - b.i).map(({ entry }) => entry);
  const moved = sorted.some((entry, i) => entry !== kept[i]);
  journey.entries = sorted;
  return { dropped, moved };
}

/**
 * Values a form's schema offers: its first root example (a body the form accepts; config:check refuses one it would
 * not), then for each required field still missing its examples, default, constant or first option.
 */
export function exampleData(schema: JsonObject): Record<string, unknown> {
  const first: unknown = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  const data: Record<string, unknown> = first && typeof first === 'object' && !Array.isArray(first) ? structuredClone(first as Record<string, unknown>) : {};
  for (const field of (schema.required ?? []) as string[]) {
    if (field in data) continue;
    const p = (schema.properties?.[field] ?? {}) as JsonObject;
    const value = p.examples?.[0] ?? p.default ?? p.const ?? p.enum?.[0] ?? p.oneOf?.[0]?.const ?? (p.type === 'boolean' ? false : undefined);
    if (value !== undefined) data[field] = value;
  }
  return data;
}

/** The first option of a step's list field that is none of `listed` (text compared without regard to case), if the field is a list. */
function otherOption(forms: FormSources, step: StepRef, field: string, listed: unknown[]): unknown {
  if (!step.form) return undefined;
  const property = resolveForm(forms, step.form).schema.properties?.[field] as JsonObject | undefined;
  const options: unknown[] = Array.isArray(property?.enum) ? property.enum : Array.isArray(property?.oneOf) ? property.oneOf.map((o: JsonObject) => o?.const) : [];
  const key = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : JSON.stringify(v));
  const taken = new Set(listed.map(key));
  return options.find((o) => o !== undefined && !taken.has(key(o)));
}

/** The answers in a step that facts are read from: `remember` entries `<context field the facts read>: data.<field>`, as [context field, form field]. */
function factDecidingFields(step: FlowStep, read: Set<string>): Array<[string, string]> {
  return Object.entries(step.remember ?? {})
    .filter(([key, where]) => read.has(key) && where.startsWith('data.'))
    .map(([key, where]) => [key, where.slice('data.'.length)]);
}

/** The field messages the server would answer for a step's data (none: it would be accepted). */
type CheckStep = (formId: string, data: Record<string, unknown>, context: Record<string, unknown>) => Record<string, string>;

/** A checker of step data with the server's own form validation (schema, visibility, option and date rules). */
export function serverStepCheck(forms: FormSources): CheckStep {
  const validator = toolFormValidator(forms);
  return (formId, data, context) => {
    try {
      validator.validate(formId, data, context);
      return {};
    } catch (error) {
      return (error as { errors?: Record<string, string> }).errors ?? { _root: (error as Error).message };
    }
  };
}

/** A journey that walks `profile`'s path, or an error saying why none could be put together. */
export function generateJourney(flow: FlowDefinition, forms: FormSources, donors: NamedJourney[], profile: FactProfile, day: string, check: CheckStep = serverStepCheck(forms)): Journey {
  const agreement = (facts: Record<string, boolean>) => Object.entries(profile.facts).filter(([k, v]) => facts[k] === v).length;
  const ranked = donors
    .map((d) => ({ ...d, entries: finalEntries(d.journey), agree: agreement(journeyFacts(flow, d.journey, day)) }))
    .sort((a, b) => b.agree - a.agree || a.name.localeCompare(b.name));
  const path = walkFlow(flow, profile.facts);
  /** Each donor's entry for a step, best-agreeing donor first, as the entry to write (its source in $comment). */
  const offers = (step: StepRef): JourneyEntry[] =>
    ranked
      .filter((d) => d.entries.has(step.id))
      .map((d) => {
        const { retry: _retry, $comment: _comment, ...entry } = structuredClone(d.entries.get(step.id)!);
        return { $comment: `from ${d.name}.json`, ...entry };
      });
  const entries: JourneyEntry[] = path.map((step) => offers(step)[0] ?? newStepEntry(step, forms));
  const journey: Journey = { name: `Generated: ${profile.name}`, description: '', generated: true, entries };
  const problemsOf = (i: number): Record<string, string> => {
    const step = path[i];
    const entry = entries[i];
    // As a run would send it: {run} and {runDigits} filled in.
    return step.form && entry.data && step.kind !== 'checklist' ? check(step.form, personalise(entry.data, SAMPLE_RUN), personalise(journeyContext(flow, journey), SAMPLE_RUN)) : {};
  };

  // The answers that decide the facts: a choice's index, or a step's entry (from any donor) and its remembered
  // fields (with the values any journey gives them). Tried in turn until the facts are the path's and those
  // steps' data would be accepted.
  type Variable = { values: unknown[]; set: (value: unknown) => void };
  const variables: Variable[] = [];
  const read = factFields(flow.facts ?? {});
  const deciding: number[] = [];
  /** Steps whose entry the search chose: a choice, or a step whose data decides facts. */
  const fixed = new Set<number>();
  path.forEach((step, i) => {
    if (step.kind === 'choice' && step.choices) {
      fixed.add(i);
      variables.push({ values: [entries[i].choice ?? 0, ...step.choices.keys()], set: (v) => (entries[i].choice = v as number) });
    }
    const fields = factDecidingFields(step, read);
    if (!fields.length || !entries[i].data) return;
    deciding.push(i);
    fixed.add(i);
    const candidates = offers(step);
    variables.push({ values: candidates, set: (v) => (entries[i] = structuredClone(v as JourneyEntry)) });
    for (const [key, field] of fields) {
      // The journeys' values, then the one the path's enumeration found (the bound of a new number or age rule, say,
      // which no journey may give yet); for "none of the values the facts list", an option of the field's own list
      // that is none of them (a country other than TT, for a new fact on the residential address).
      const own = profile.example[key];
      // A list answer (several options ticked) holds the value the fact names as one of its items.
      const isList = step.form ? fieldSchemas(resolveForm(forms, step.form).schema).get(field)?.type === 'array' : false;
      const asAnswer = (v: unknown) => (isList && v !== undefined && !Array.isArray(v) ? [v] : v);
      const values = [...new Set([...candidates.map((c) => c.data?.[field]), asAnswer(own === OTHER_VALUE ? otherOption(forms, step, field, comparedValues(flow.facts ?? {}, key)) : own)].filter((v) => v !== undefined))];
      variables.push({ values: [undefined, ...values], set: (v) => v !== undefined && entries[i].data && (entries[i].data[field] = v) });
    }
  });
  const fits = () => agreement(journeyFacts(flow, journey, day)) === Object.keys(profile.facts).length && deciding.every((i) => !Object.keys(problemsOf(i)).length);
  let tries = 0;
  const search = (k: number): boolean => {
    if (k === variables.length) return ++tries <= MAX_TRIES && fits();
    for (const value of variables[k].values) {
      variables[k].set(value);
      if (search(k + 1)) return true;
      if (tries > MAX_TRIES) return false;
    }
    return false;
  };
  if (!search(0)) throw new Error(`no answers the journeys give make an applicant "${profile.name}" whose steps would be accepted: write this journey by hand`);

  // Every other step: the first donor's entry the server would accept for this applicant, else the best one, marked.
  path.forEach((step, i) => {
    if (fixed.has(i)) return;
    for (const offer of offers(step)) {
      entries[i] = offer;
      if (!Object.keys(problemsOf(i)).length) return;
    }
    entries[i] = offers(step)[0] ?? newStepEntry(step, forms);
    const problems = problemsOf(i);
    if (Object.keys(problems).length) entries[i].$comment = `check: ${Object.entries(problems).map(([f, m]) => `${f}: ${m}`).join('; ')}`;
  });
  const sources = [...new Set(entries.map((e) => /^from (.+)$/.exec(e.$comment ?? '')?.[1]).filter(Boolean))];
  journey.description = `Written by npm run journeys:generate for the path "${profile.name}" (${path.length} steps), from ${sources.join(', ') || 'the schemas'}. Check the data (a claimed member's last name, date of birth, account and contact on file must match the seed), then remove "generated".`;
  return journey;
}
