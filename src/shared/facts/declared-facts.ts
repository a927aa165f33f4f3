import type { JsonObject } from '../forms/form-registry';
import { ageInYears, birthDateForAge, dateOnly, dayAfter, daysUntil } from '../dates/age';
import type { ApplicantContext } from './applicant-context';
import { rememberedValues } from '../flow/remembered-values';

/**
 * The vocabulary of a fact's rule in a flow file's `facts` (flows/README.md "Facts"): each reads the
 * applicant's context (what the steps' `remember` entries kept), so a new fact is a JSON edit.
 */
export type FactRule =
  /** Age in whole years today from a date field: below / at least a number (an unknown or future date: false). */
  | { age: { of: string; below?: number; atLeast?: number } }
  /** Whole days from today to a date field (negative once it has passed): below / at least a number (no date: false). */
  | { days: { of: string; below?: number; atLeast?: number } }
  /** A number field (or a numeric text) below / at least a number: an amount, a count, a score (anything else: false). */
  | { number: { of: string; below?: number; atLeast?: number } }
  /** A field equals a value. */
  | { equals: { of: string; value: string | number | boolean } }
  /** A field is one of the values (strings compared without case when `ignoreCase`). */
  | { in: { of: string; values: Array<string | number | boolean>; ignoreCase?: boolean } }
  /** A yes/no answer is yes (the field is `true`). */
  | { answer: string }
  /** A field holds a value (not missing, not empty). */
  | { present: string }
  | { not: FactRule }
  | { allOf: FactRule[] }
  | { anyOf: FactRule[] };

export interface FactDeclaration {
  description?: string;
  /** How the fact reads in words ("a minor"); the studio and path reports say "if a minor", "not a minor". */
  label?: string;
  rule: FactRule;
}

export type FactDeclarations = Record<string, FactDeclaration>;
export type Facts = Record<string, boolean>;

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
const isField = (value: unknown) => typeof value === 'string' && value !== '';

/**
 * Whether a rule is written in the vocabulary above, all the way down. The flow's meta-schema reports one that is
 * not; the checker, the path enumeration and the studio read only the ones that are (instead of failing on the rest).
 */
export function isFactRule(rule: unknown): rule is FactRule {
  if (!isObject(rule) || Object.keys(rule).length !== 1) return false;
  const [[key, value]] = Object.entries(rule);
  switch (key) {
    case 'age':
    case 'days':
    case 'number':
      return isObject(value) && isField(value.of) && (typeof value.below === 'number' || typeof value.atLeast === 'number') && ['below', 'atLeast'].every((k) => value[k] === undefined || typeof value[k] === 'number');
    case 'equals':
      return isObject(value) && isField(value.of) && isScalar(value.value);
    case 'in':
      return isObject(value) && isField(value.of) && Array.isArray(value.values) && value.values.length > 0 && value.values.every(isScalar);
    case 'answer':
    case 'present':
      return isField(value);
    case 'not':
      return isFactRule(value);
    case 'allOf':
    case 'anyOf':
      return Array.isArray(value) && value.length > 0 && value.every(isFactRule);
    default:
      return false;
  }
}

/** The declarations whose rule is in the vocabulary (`isFactRule`): the ones a flow with mistakes can still be walked with. */
export function wellFormedFacts(declarations: Record<string, { rule?: unknown } & Partial<FactDeclaration>> | undefined): FactDeclarations {
  return Object.fromEntries(Object.entries(declarations ?? {}).filter(([, d]) => isObject(d) && isFactRule(d.rule))) as FactDeclarations;
}

/** A number, or a text that is one (a form's number arrives as a number; a remembered text field as text): else null. */
const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
/** An answer given: a list answer (several options ticked) only with at least one value. */
const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const sameValue = (a: unknown, b: unknown, ignoreCase?: boolean) =>
  ignoreCase && typeof a === 'string' && typeof b === 'string' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b;
/** An answer equal to a value; a list answer (several options ticked) when one of its values is. */
const same = (a: unknown, b: unknown, ignoreCase?: boolean) => (Array.isArray(a) ? a.some((item) => sameValue(item, b, ignoreCase)) : sameValue(a, b, ignoreCase));

/** The context fields a fact's rule reads. */
export function ruleFields(rule: FactRule | undefined): string[] {
  if (!rule || typeof rule !== 'object') return [];
  if ('age' in rule) return [rule.age?.of];
  if ('number' in rule) return [rule.number?.of];
  if ('days' in rule) return [rule.days?.of];
  if ('equals' in rule) return [rule.equals?.of];
  if ('in' in rule) return [rule.in?.of];
  if ('answer' in rule) return [rule.answer];
  if ('present' in rule) return [rule.present];
  if ('not' in rule) return ruleFields(rule.not);
  return ('allOf' in rule ? rule.allOf : 'anyOf' in rule ? rule.anyOf : []).flatMap(ruleFields);
}

/** A reading (an age, a count of days, an amount) within a rule's bounds; no reading is outside them. */
const withinBounds = (value: number | null, bounds: { below?: number; atLeast?: number }) =>
  value !== null && (bounds.below === undefined || value < bounds.below) && (bounds.atLeast === undefined || value >= bounds.atLeast);

/** Whether one rule holds for an applicant on a day (YYYY-MM-DD). */
export function ruleHolds(rule: FactRule, context: ApplicantContext, day: string): boolean {
  if ('age' in rule) return withinBounds(ageInYears(context[rule.age.of], day), rule.age);
  if ('days' in rule) return withinBounds(daysUntil(dateOnly(context[rule.days.of]), day), rule.days);
  if ('number' in rule) return withinBounds(asNumber(context[rule.number.of]), rule.number);
  if ('equals' in rule) return same(context[rule.equals.of], rule.equals.value);
  if ('in' in rule) return present(context[rule.in.of]) && rule.in.values.some((v) => same(context[rule.in.of], v, rule.in.ignoreCase));
  if ('answer' in rule) return context[rule.answer] === true;
  if ('present' in rule) return present(context[rule.present]);
  if ('not' in rule) return !ruleHolds(rule.not, context, day);
  if ('allOf' in rule) return rule.allOf.every((r) => ruleHolds(r, context, day));
  if ('anyOf' in rule) return rule.anyOf.some((r) => ruleHolds(r, context, day));
  throw new Error(`Unknown fact rule ${JSON.stringify(rule)}`);
}

/** Every declared fact for one applicant on one day. */
export function computeFacts(declarations: FactDeclarations | undefined, context: ApplicantContext, day: string): Facts {
  return Object.fromEntries(Object.entries(declarations ?? {}).map(([name, fact]) => [name, ruleHolds(fact.rule, context, day)]));
}

/** The context fields a rule reads, with what kind of reading (for enumerating applicants). */
function readings(rule: FactRule, out: Map<string, Set<unknown>>, day: string): void {
  const add = (field: string, ...values: unknown[]) => {
    const set = out.get(field) ?? new Set<unknown>([undefined]);
    values.forEach((v) => set.add(v));
    out.set(field, set);
  };
  if ('age' in rule) {
    const bounds = [rule.age.below, rule.age.atLeast].filter((n): n is number => typeof n === 'number');
    add(rule.age.of, ...bounds.flatMap((n) => [n - 1, n].filter((a) => a >= 0).map((a) => birthDateForAge(a, day))));
  } else if ('days' in rule) {
    // The dates on each side of every bound: a day short of it and at it.
    add(rule.days.of, ...[rule.days.below, rule.days.atLeast].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n].map((d) => dayAfter(day, d))));
  } else if ('number' in rule) {
    // Each side of every bound: just below it and at it.
    add(rule.number.of, ...[rule.number.below, rule.number.atLeast].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n]));
  } else if ('equals' in rule) add(rule.equals.of, rule.equals.value, OTHER);
  else if ('in' in rule) add(rule.in.of, ...rule.in.values, OTHER);
  else if ('answer' in rule) add(rule.answer, true, false);
  else if ('present' in rule) add(rule.present, OTHER);
  else if ('not' in rule) readings(rule.not, out, day);
  else for (const r of 'allOf' in rule ? rule.allOf : rule.anyOf) readings(r, out, day);
}
const OTHER = '(something else)';

/** The values the declared facts compare a context field with (`equals` and `in`), e.g. nationality's "TT". */
export function comparedValues(declarations: FactDeclarations, field: string): unknown[] {
  const out: unknown[] = [];
  const visit = (rule: FactRule) => {
    if ('equals' in rule && rule.equals.of === field) out.push(rule.equals.value);
    else if ('in' in rule && rule.in.of === field) out.push(...rule.in.values);
    else if ('not' in rule) visit(rule.not);
    else if ('allOf' in rule) rule.allOf.forEach(visit);
    else if ('anyOf' in rule) rule.anyOf.forEach(visit);
  };
  for (const declaration of Object.values(declarations)) visit(declaration.rule);
  return out;
}
/** The value an enumerated applicant has in a field a rule compares with listed values, when it is none of them. */
export const OTHER_VALUE = OTHER;

/** The applicant's context fields the declared facts read (dob, nationality, customerType, ...). */
export function factFields(declarations: FactDeclarations): Set<string> {
  const fields = new Map<string, Set<unknown>>();
  for (const declaration of Object.values(declarations)) readings(declaration.rule, fields, '2000-06-15');
  return new Set(fields.keys());
}

/** One kind of applicant: the facts that hold for them, a name in words, and one such applicant's context. */
export interface FactProfile {
  name: string;
  facts: Facts;
  /** The first context found with these facts (on the day enumerated; OTHER_VALUE where no listed value fits). */
  example: ApplicantContext;
}

/** "a minor" / "not a minor" for one fact's value. */
export function factInWords(name: string, declaration: FactDeclaration | undefined, value: boolean): string {
  const label = declaration?.label ?? name;
  return value ? label : `not ${label}`;
}

/**
 * Every combination of the named facts that an applicant can have (default: all declared facts), found by
 * trying representative values of the fields the rules read (ages on each side of every bound, each listed
 * value and another one, yes and no, missing): combinations the declarations exclude (a minor who is also a
 * senior) never appear. Sorted, each named in words.
 */
export function factProfiles(declarations: FactDeclarations, names: readonly string[] = Object.keys(declarations), day = '2000-06-15'): FactProfile[] {
  const fields = new Map<string, Set<unknown>>();
  for (const name of names) if (declarations[name]) readings(declarations[name].rule, fields, day);
  const entries = [...fields.entries()].map(([field, values]) => [field, [...values]] as const);
  const seen = new Map<string, { facts: Facts; example: ApplicantContext }>();
  const visit = (i: number, context: ApplicantContext) => {
    if (i === entries.length) {
      const facts = Object.fromEntries(names.map((n) => [n, declarations[n] ? ruleHolds(declarations[n].rule, context, day) : false]));
      const key = JSON.stringify(facts);
      if (!seen.has(key)) seen.set(key, { facts, example: context });
      return;
    }
    const [field, values] = entries[i];
    for (const value of values) visit(i + 1, value === undefined ? context : { ...context, [field]: value });
  };
  visit(0, {});
  return [...seen.values()]
    .sort((a, b) => names.map((n) => Number(a.facts[n]) - Number(b.facts[n])).find((d) => d !== 0) ?? 0)
    .map(({ facts, example }) => ({ name: names.map((n) => factInWords(n, declarations[n], facts[n])).join(', '), facts, example }));
}

/** Pairs of facts (and their values) that no applicant can have together, in words: "a minor and a senior". */
export function impossiblePairs(declarations: FactDeclarations, names: readonly string[] = Object.keys(declarations)): string[] {
  const profiles = factProfiles(declarations, names);
  const out: string[] = [];
  names.forEach((a, i) =>
    names.slice(i + 1).forEach((b) => {
      for (const va of [true, false])
        for (const vb of [true, false])
          if (!profiles.some((p) => p.facts[a] === va && p.facts[b] === vb)) out.push(`${factInWords(a, declarations[a], va)} and ${factInWords(b, declarations[b], vb)}`);
    }),
  );
  return out;
}

/** The fact names a condition (a JSON Schema over the facts) reads. */
export function factsInCondition(condition: unknown, out = new Set<string>()): Set<string> {
  if (!condition || typeof condition !== 'object') return out;
  const s = condition as JsonObject;
  Object.keys(s.properties ?? {}).forEach((k) => out.add(k));
  (Array.isArray(s.required) ? s.required : []).forEach((k: string) => out.add(k));
  for (const k of ['allOf', 'anyOf', 'oneOf']) (Array.isArray(s[k]) ? s[k] : []).forEach((c: unknown) => factsInCondition(c, out));
  factsInCondition(s.not, out);
  return out;
}

/**
 * The facts of an applicant as they would be once a step's data is sent: the known context plus what the step
 * remembers from its data (basic info's date of birth makes the applicant a minor before the step is sent, so
 * the form can show the school field). The flow's `remember` entries say which data counts.
 */
export function factsWithStepData(flow: { facts: FactDeclarations; steps: Record<string, { form?: string; remember?: Record<string, string> }> }, formId: string, context: ApplicantContext, data: unknown, day: string): Facts {
  const step = Object.values(flow.steps).find((s) => s.form === formId);
  return computeFacts(flow.facts, { ...context, ...rememberedValues(step?.remember, data, {}) }, day);
}
