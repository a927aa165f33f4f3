import { ageInYears, birthDateForAge } from '../dates/age';
import { matchesCondition } from '../flow/matches-condition';
import { optionRuleErrors } from '../forms/option-rules';
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
  const age = ageInYears(value, today);
  if (age === null) return false;
  return keyword === 'minAgeYears' ? age < rule : age > rule;
}

function walkDateRules(schema: Schema | undefined, value: unknown, path: string, today: string, out: Record<string, string>): void {
  if (!schema || typeof schema !== 'object') return;
  if (typeof value === 'string') {
    for (const keyword of DATE_KEYWORDS) {
      if (schema[keyword] === undefined || !dateRuleFails(keyword, schema[keyword], value, today)) continue;
      const message = typeof schema.errorMessage === 'object' ? schema.errorMessage?.[keyword] : undefined;
      if (!Object.hasOwn(out, path)) out[path] = message ?? 'Invalid date';
    }
  } else if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, index) => walkDateRules(schema.items, item, path ? `${path}.${index}` : String(index), today, out));
  } else if (value && typeof value === 'object') {
    for (const [field, sub] of Object.entries<Schema>(schema.properties ?? {})) {
      walkDateRules(sub, (value as FormData)[field], path ? `${path}.${field}` : field, today, out);
    }
    // Rules of a branch that applies (a date rule for one ID type only: `if` the type is this, `then` the expiry's rule).
    for (const sub of Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : []) {
      if (!sub || typeof sub !== 'object') continue;
      const branch = sub.if === undefined ? sub : matchesCondition(sub.if, value) ? sub.then : sub.else;
      walkDateRules(branch, value, path, today, out);
    }
  }
}

/** Applies a form's `x-transform` (its derived fields and change rules); unknown names fail loudly. */
export function deriveFormData(schema: Schema, data: FormData, ctx: TransformContext): FormData {
  const name = schema['x-transform'];
  if (!name) return data;
  const transform = transforms[name];
  if (!transform) throw new Error(`Unknown transform "${name}" named by the form schema "${schema.title ?? ''}".`);
  return transform(data, ctx);
}

/**
 * What JSON Schema alone cannot decide: the date keywords (against `ctx.today`) and the option rules
 * (`optionsWhen`, against `ctx.facts` and the sibling fields). Returns field -> message.
 */
export function formRuleErrors(schema: Schema, data: FormData, ctx: TransformContext): Record<string, string> {
  const out: Record<string, string> = {};
  walkDateRules(schema, data, '', ctx.today, out);
  for (const [field, message] of Object.entries(optionRuleErrors(schema, data, ctx.facts))) out[field] ??= message;
  return out;
}
