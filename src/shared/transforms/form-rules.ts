import { ageInYears, birthDateForAge, isCalendarDay } from '../dates/age';
import { matchesCondition } from '../flow/matches-condition';
import { optionRuleErrors } from '../forms/option-rules';
import { withPinnedReadOnlyFields } from '../forms/branch-consts';
import { transforms } from './index';
import type { FormData, TransformContext } from './types';

import type { JsonObject as Schema } from '../forms/form-registry';

/** The date keywords a static schema cannot evaluate (they need today's date); messages stay in `errorMessage`. */
export const DATE_KEYWORDS = ['notAfterToday', 'afterToday', 'minAgeYears', 'maxAgeYears', 'maxYearsAhead'] as const;

function dateRuleFails(keyword: (typeof DATE_KEYWORDS)[number], rule: unknown, value: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false; // the format keyword reports malformed dates
  if (keyword === 'notAfterToday') return rule === true && value > today;
  if (keyword === 'afterToday') return rule === true && value <= today;
  if (typeof rule !== 'number') return false;
  // The same day `rule` years on (29 February: the 28th).
  if (keyword === 'maxYearsAhead') return value > birthDateForAge(-rule, today);
  // An age rule makes the field a date of birth: one after today is no age at all, so neither rule holds for it
  // (a holder born in 2090 passed "at least 18" when the form had no notAfterToday beside it).
  if (isCalendarDay(value) && value > today) return true;
  const age = ageInYears(value, today);
  if (age === null) return false;
  return keyword === 'minAgeYears' ? age < rule : age > rule;
}

/**
 * Keywords comparing a field with another field of the same object, named by the keyword's value: a date after
 * (`afterField`) or not before (`notBeforeField`) another date, a number at most (`atMostField`) or at least
 * (`atLeastField`) another number. They hold while either value is missing or malformed (the field's own rules say so).
 */
export const FIELD_COMPARISON_KEYWORDS = ['afterField', 'notBeforeField', 'atMostField', 'atLeastField'] as const;
/** What each comparison compares: dates (YYYY-MM-DD) or numbers. */
export const FIELD_COMPARISON_KINDS: Record<(typeof FIELD_COMPARISON_KEYWORDS)[number], 'date' | 'number'> = { afterField: 'date', notBeforeField: 'date', atMostField: 'number', atLeastField: 'number' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function comparisonFails(keyword: (typeof FIELD_COMPARISON_KEYWORDS)[number], value: unknown, other: unknown): boolean {
  if (FIELD_COMPARISON_KINDS[keyword] === 'date') {
    if (typeof value !== 'string' || typeof other !== 'string' || !DAY.test(value) || !DAY.test(other)) return false;
    return keyword === 'afterField' ? value <= other : value < other;
  }
  if (typeof value !== 'number' || typeof other !== 'number' || !Number.isFinite(value) || !Number.isFinite(other)) return false;
  return keyword === 'atMostField' ? value > other : value < other;
}

function walkFieldRules(schema: Schema | undefined, value: unknown, path: string, today: string, out: Record<string, string>, siblings?: FormData): void {
  if (!schema || typeof schema !== 'object') return;
  const fail = (keyword: string, fallback: string) => {
    const message = typeof schema.errorMessage === 'object' ? schema.errorMessage?.[keyword] : typeof schema.errorMessage === 'string' ? schema.errorMessage : undefined;
    if (!Object.hasOwn(out, path)) out[path] = message ?? fallback;
  };
  for (const keyword of FIELD_COMPARISON_KEYWORDS) {
    const other = schema[keyword];
    if (typeof other === 'string' && siblings && comparisonFails(keyword, value, siblings[other])) fail(keyword, 'Invalid value');
  }
  if (typeof value === 'string') {
    for (const keyword of DATE_KEYWORDS) {
      if (schema[keyword] === undefined || !dateRuleFails(keyword, schema[keyword], value, today)) continue;
      fail(keyword, 'Invalid date');
    }
  } else if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, index) => walkFieldRules(schema.items, item, path ? `${path}.${index}` : String(index), today, out));
  } else if (value && typeof value === 'object') {
    for (const [field, sub] of Object.entries<Schema>(schema.properties ?? {})) {
      walkFieldRules(sub, (value as FormData)[field], path ? `${path}.${field}` : field, today, out, value as FormData);
    }
    // Rules of a branch that applies (a date rule for one ID type only: `if` the type is this, `then` the expiry's rule).
    for (const sub of Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : []) {
      if (!sub || typeof sub !== 'object') continue;
      const branch = sub.if === undefined ? sub : matchesCondition(sub.if, value) ? sub.then : sub.else;
      walkFieldRules(branch, value, path, today, out, siblings);
    }
  }
}

/**
 * Applies a form's `x-transform` (its derived fields and change rules; unknown names fail loudly), then fills the
 * read-only fields its branches pin (withPinnedReadOnlyFields).
 */
export function deriveFormData(schema: Schema, data: FormData, ctx: TransformContext): FormData {
  const name = schema['x-transform'];
  const transform = name ? transforms[name] : undefined;
  if (name && !transform) throw new Error(`Unknown transform "${name}" named by the form schema "${schema.title ?? ''}".`);
  return withPinnedReadOnlyFields(schema, transform ? transform(data, ctx) : data, ctx.previous);
}

/**
 * What JSON Schema alone cannot decide: the date keywords (against `ctx.today`), the comparisons with another field
 * (`afterField`, `atMostField`...) and the option rules (`optionsWhen`, against `ctx.facts` and the sibling fields).
 * Returns field -> message.
 */
export function formRuleErrors(schema: Schema, data: FormData, ctx: TransformContext): Record<string, string> {
  const out: Record<string, string> = {};
  walkFieldRules(schema, data, '', ctx.today, out);
  for (const [field, message] of Object.entries(optionRuleErrors(schema, data, ctx.facts))) out[field] ??= message;
  return out;
}
