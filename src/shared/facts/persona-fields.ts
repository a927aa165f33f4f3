import { wellFormedFacts, type FactDeclarations, type FactRule } from './declared-facts';

/** How a studio persona gives a value to a field the facts read. */
export type PersonaFieldKind = 'date' | 'number' | 'yesno' | 'choice' | 'text';

/** One field of the applicant's context that a declared fact reads, with the values the rules name. */
export interface PersonaField {
  field: string;
  kind: PersonaFieldKind;
  /** Values the rules compare the field with (equals, in). */
  values: Array<string | number | boolean>;
  /** The facts that read it, by name. */
  facts: string[];
}

const RANK: Record<PersonaFieldKind, number> = { date: 4, number: 3, yesno: 2, choice: 1, text: 0 };

/**
 * Every context field the flow's declared facts read, in declaration order, with the input a persona needs for it:
 * a date for an age or days rule, a number for a number rule, yes/no for an answer, a choice among the compared values for equals / in, text for
 * present. A new fact in the flow file gets its inputs without code.
 */
export function personaFields(declarations: FactDeclarations): PersonaField[] {
  const out = new Map<string, PersonaField>();
  const add = (fact: string, field: string, kind: PersonaFieldKind, values: Array<string | number | boolean> = []) => {
    const known = out.get(field) ?? { field, kind, values: [], facts: [] };
    if (RANK[kind] > RANK[known.kind]) known.kind = kind;
    for (const v of values) if (!known.values.includes(v)) known.values.push(v);
    if (!known.facts.includes(fact)) known.facts.push(fact);
    out.set(field, known);
  };
  const walk = (fact: string, rule: FactRule) => {
    if ('age' in rule) add(fact, rule.age.of, 'date');
    else if ('days' in rule) add(fact, rule.days.of, 'date');
    else if ('number' in rule) add(fact, rule.number.of, 'number');
    else if ('equals' in rule) add(fact, rule.equals.of, 'choice', [rule.equals.value]);
    else if ('in' in rule) add(fact, rule.in.of, 'choice', rule.in.values);
    else if ('answer' in rule) add(fact, rule.answer, 'yesno');
    else if ('present' in rule) add(fact, rule.present, 'text');
    else if ('not' in rule) walk(fact, rule.not);
    else for (const r of 'allOf' in rule ? rule.allOf : rule.anyOf) walk(fact, r);
  };
  // A rule outside the vocabulary (the checker reports it) gives no input rather than stopping the studio.
  for (const [name, declaration] of Object.entries(wellFormedFacts(declarations))) walk(name, declaration.rule);
  return [...out.values()];
}
