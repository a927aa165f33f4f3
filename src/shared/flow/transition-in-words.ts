import type { JsonObject } from '../forms/form-registry';
import { factInWords, type FactDeclarations } from '../facts/declared-facts';
import type { FlowStep } from './flow-types';

/**
 * A condition over the facts in words, from the facts' `label`s: `{ isMinor: { const: true } }` reads "a minor",
 * `false` "not a minor"; allOf / anyOf / not join the parts with "and", "or", "not".
 */
export function conditionInWords(when: JsonObject, facts: FactDeclarations): string {
  const parts: string[] = [];
  for (const [name, rule] of Object.entries<JsonObject>(when.properties ?? {})) {
    const value = rule?.const ?? (Array.isArray(rule?.enum) && rule.enum.length === 1 ? rule.enum[0] : undefined);
    if (typeof value === 'boolean') parts.push(factInWords(name, facts[name], value));
    else if (rule?.not && typeof rule.not.const === 'boolean') parts.push(factInWords(name, facts[name], !rule.not.const));
    else parts.push(`${facts[name]?.label ?? name} ${JSON.stringify(rule)}`);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (!Array.isArray(when[key])) continue;
    const inner = (when[key] as JsonObject[]).map((c) => conditionInWords(c, facts));
    parts.push(inner.length > 1 ? `(${inner.join(key === 'allOf' ? ' and ' : ' or ')})` : inner.join(''));
  }
  if (when.not) parts.push(`not (${conditionInWords(when.not, facts)})`);
  return parts.join(' and ') || 'a condition holds';
}

/**
 * How a step's transition reads on the diagram and in the studio's list: "if a minor" for a condition,
 * "otherwise" for the default after conditions, "always" for a step's only way on.
 */
export function transitionInWords(step: Pick<FlowStep, 'next'>, index: number, facts: FactDeclarations): string {
  const transition = step.next?.[index];
  if (!transition) return '';
  if (transition.when) return `if ${conditionInWords(transition.when, facts)}`;
  return (step.next ?? []).some((t) => t.when) ? 'otherwise' : 'always';
}
