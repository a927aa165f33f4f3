/**
 * The checker's part for flows/review.json (risk flags and consents, flows/README.md "Review"): every field a
 * risk rule reads exists (a declared fact, a field the facts read, or "<step>.<field>" of a step's form), and
 * every consent names a step of the flow and a yes/no field of that step's form.
 */
import type { FlowDefinition } from '../flow/flow-types.js';
import type { FactRule } from '../facts/declared-facts.js';
import { factFields, wellFormedFacts } from '../facts/declared-facts.js';
import type { FormSources } from '../forms/form-registry.js';
import type { ReviewRules } from '../review/review-rules.js';
import type { Problem } from './check-config.js';
import { fieldsOf, pointer } from './schema-walk.js';

const FILE = 'flows/review.json';

/** Each field a rule reads, with the JSON path (under the rule) of the key that names it. */
function readsOf(rule: FactRule | undefined, at: Array<string | number>, out: Array<{ field: string; at: Array<string | number> }> = []) {
  if (!rule || typeof rule !== 'object') return out;
  if ('age' in rule) out.push({ field: rule.age?.of, at: [...at, 'age', 'of'] });
  else if ('number' in rule) out.push({ field: rule.number?.of, at: [...at, 'number', 'of'] });
  else if ('days' in rule) out.push({ field: rule.days?.of, at: [...at, 'days', 'of'] });
  else if ('equals' in rule) out.push({ field: rule.equals?.of, at: [...at, 'equals', 'of'] });
  else if ('in' in rule) out.push({ field: rule.in?.of, at: [...at, 'in', 'of'] });
  else if ('answer' in rule) out.push({ field: rule.answer, at: [...at, 'answer'] });
  else if ('present' in rule) out.push({ field: rule.present, at: [...at, 'present'] });
  else if ('not' in rule) readsOf(rule.not, [...at, 'not'], out);
  else for (const [key, list] of [['allOf', 'allOf' in rule ? rule.allOf : undefined], ['anyOf', 'anyOf' in rule ? rule.anyOf : undefined]] as const) (list ?? []).forEach((r, i) => readsOf(r, [...at, key, i], out));
  return out;
}

/** Problems of flows/review.json against the onboarding flow and its forms (the meta-schema is checked by the caller). */
export function reviewProblems(review: ReviewRules, flow: FlowDefinition | undefined, sources: FormSources): Problem[] {
  const problems: Problem[] = [];
  if (!flow) return problems;
  const facts = new Set(Object.keys(flow.facts ?? {}));
  const contextFields = factFields(wellFormedFacts(flow.facts));
  const formFields = (step: string) => {
    const form = flow.steps?.[step]?.form;
    return form ? fieldsOf(sources.schemas[form]) : new Set<string>();
  };
  for (const [id, flag] of Object.entries(review.riskFlags ?? {})) {
    for (const { field, at } of readsOf(flag?.rule, ['riskFlags', id, 'rule'])) {
      if (typeof field !== 'string') continue;
      if (facts.has(field) || contextFields.has(field)) continue;
      const dot = field.indexOf('.');
      const [step, name] = dot > 0 ? [field.slice(0, dot), field.slice(dot + 1)] : [field, ''];
      if (dot > 0 && flow.steps?.[step] && formFields(step).has(name)) continue;
      const hint =
        dot > 0 && flow.steps?.[step]
          ? `The form of step "${step}" has no field "${name}". Its fields: ${[...formFields(step)].join(', ') || 'none'}.`
          : dot > 0
            ? `There is no step "${step}" in flows/onboarding.flow.json.`
            : `Use a fact of flows/onboarding.flow.json (${[...facts].join(', ')}), a field the facts read (${[...contextFields].join(', ')}), or "<step>.<field>".`;
      problems.push({ file: FILE, path: pointer(at), message: `risk flag "${id}" reads "${field}", which no application holds`, hint });
    }
  }
  for (const [id, consent] of Object.entries(review.consents ?? {})) {
    if (!consent || typeof consent.step !== 'string') continue;
    const step = flow.steps?.[consent.step];
    if (!step) {
      problems.push({ file: FILE, path: pointer(['consents', id, 'step']), message: `consent "${id}" names the unknown step "${consent.step}"`, hint: 'Use a step id of flows/onboarding.flow.json.' });
      continue;
    }
    if (!step.submit) problems.push({ file: FILE, path: pointer(['consents', id, 'step']), message: `consent "${id}": step "${consent.step}" sends nothing`, hint: 'A consent is stored when its step is sent: choose a step with a submit call.' });
    if (consent.field === undefined) continue;
    const schema = step.form ? sources.schemas[step.form] : undefined;
    const property = schema?.properties?.[consent.field];
    if (!property) {
      problems.push({ file: FILE, path: pointer(['consents', id, 'field']), message: `consent "${id}": the form of step "${consent.step}" has no field "${consent.field}"`, hint: `Its fields: ${[...formFields(consent.step)].join(', ') || 'none'}.` });
    } else if (property.type !== 'boolean') {
      problems.push({ file: FILE, path: pointer(['consents', id, 'field']), message: `consent "${id}": field "${consent.field}" is not a yes/no (boolean) field`, hint: 'A consent counts when its field is true: name a boolean field, or leave "field" out.' });
    }
  }
  return problems;
}
