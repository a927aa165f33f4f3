import { matchesCondition } from '../flow/matches-condition';

import type { JsonObject as Json } from './form-registry';

/** The schema keyword of a list field's option rules. */
export const OPTION_RULES_KEYWORD = 'optionsWhen';

/**
 * One entry of a field's `optionsWhen` (forms/README.md "Option rules"): while `when` (a JSON Schema over the
 * applicant's facts, like a flow transition's `when`) and `whenData` (a JSON Schema over the data of the object
 * holding the field, like `showWhen`) both hold, only the values in `only` may be chosen; `default` is what a value
 * no longer allowed becomes in the browser (none: the value is cleared); `message` is the error for any other value.
 */
export interface OptionRule {
  when?: Json | boolean;
  whenData?: Json | boolean;
  only: unknown[];
  default?: unknown;
  message: string;
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The first of the field's rules that holds for these facts and sibling data (rules are read in order), if any. */
export function ruleInForce(fieldSchema: Json | undefined, siblings: unknown, facts: Record<string, unknown> | undefined): OptionRule | undefined {
  const rules: unknown = fieldSchema?.[OPTION_RULES_KEYWORD];
  if (!Array.isArray(rules)) return undefined;
  return (rules as OptionRule[]).find(
    (rule) => (rule.when === undefined || matchesCondition(rule.when, facts ?? {})) && (rule.whenData === undefined || matchesCondition(rule.whenData, isRecord(siblings) ? siblings : {})),
  );
}

const allows = (rule: OptionRule, value: unknown) => rule.only.some((v) => equal(v, value));

/** Field (dotted path) -> the rule's message, for every value its rule in force does not allow (both sides). */
export function optionRuleErrors(schema: Json | undefined, data: unknown, facts: Record<string, unknown> | undefined, path = '', out: Record<string, string> = {}): Record<string, string> {
  if (!schema || typeof schema !== 'object') return out;
  if (Array.isArray(data) && isRecord(schema.items)) {
    data.forEach((item, i) => optionRuleErrors(schema.items, item, facts, path ? `${path}.${i}` : String(i), out));
  } else if (isRecord(data) && isRecord(schema.properties)) {
    for (const [field, sub] of Object.entries<Json>(schema.properties)) {
      const key = path ? `${path}.${field}` : field;
      const value = data[field];
      const rule = value === undefined ? undefined : ruleInForce(sub, data, facts);
      if (rule && !allows(rule, value)) out[key] ??= rule.message;
      else optionRuleErrors(sub, value, facts, key, out);
    }
  }
  return out;
}

/**
 * The data with each value its rule in force does not allow replaced by the rule's `default` (or removed), and an
 * empty field given the rule's `default` (browser: run on every change, so a value the new facts forbid goes).
 */
export function withAllowedOptions<T>(schema: Json | undefined, data: T, facts: Record<string, unknown> | undefined): T {
  if (!schema || typeof schema !== 'object') return data;
  if (Array.isArray(data) && isRecord(schema.items)) return data.map((item) => withAllowedOptions(schema.items, item, facts)) as T;
  if (!isRecord(data) || !isRecord(schema.properties)) return data;
  let out: Json = data;
  for (const [field, sub] of Object.entries<Json>(schema.properties)) {
    const value = out[field];
    const rule = ruleInForce(sub, data, facts);
    let next = value;
    if (rule && (value === undefined ? rule.default !== undefined : !allows(rule, value))) next = rule.default;
    else if (value !== undefined) next = withAllowedOptions(sub, value, facts);
    if (next === value) continue;
    out = { ...out };
    if (next === undefined) delete out[field];
    else out[field] = next;
  }
  return out as T;
}

/**
 * The UI schema with each field under a rule in force drawn by `widget` (a wrapper that shows only the allowed
 * options), its own widget kept in `ui:options.optionsWidget` and the allowed values in `ui:options.allowedOptions`.
 */
export function restrictOptionsInUiSchema(schema: Json, uiSchema: Json, data: unknown, facts: Record<string, unknown> | undefined, widget: string): Json {
  if (!isRecord(schema?.properties)) return uiSchema;
  const record = isRecord(data) ? data : {};
  let out: Json = uiSchema;
  for (const [field, sub] of Object.entries<Json>(schema.properties)) {
    const ui: Json = isRecord(uiSchema?.[field]) ? uiSchema[field] : {};
    const rule = ruleInForce(sub, record, facts);
    let next: Json | undefined;
    if (rule) {
      next = { ...ui, 'ui:widget': widget, 'ui:options': { ...ui['ui:options'], optionsWidget: ui['ui:widget'] ?? ui['ui:options']?.widget, allowedOptions: rule.only } };
    } else if (sub?.type === 'object' && isRecord(uiSchema?.[field])) {
      const nested = restrictOptionsInUiSchema(sub, ui, record[field], facts, widget);
      if (nested !== ui) next = nested;
    }
    if (next) out = { ...out, [field]: next };
  }
  return out;
}
