/**
 * Flow mistakes beyond references: a cycle of steps (an applicant could go round for ever), a transition whose
 * condition can hold but never together with the conditions on the way to its step, and one that reads a fact
 * before the answer the fact is made of.
 */
import type { FlowDefinition } from '../flow/flow-types.js';
import { matchesCondition } from '../flow/matches-condition.js';
import { chooseTransition, requiredSubmissions, walkFlow } from '../flow/walk-flow.js';
import type { Problem } from './check-config.js';
import type { FormFactRead } from './form-mistakes.js';
import { pointer } from './schema-walk.js';
import { computeFacts, factsInCondition, ruleFields } from '../facts/declared-facts.js';

/** Each cycle of transitions once, named by its steps in order, at the transition that closes it. */
export function flowCycles(file: string, flow: FlowDefinition): Problem[] {
  const steps = flow.steps ?? {};
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    trail.push(id);
    (steps[id]?.next ?? []).forEach((t, i) => {
      if (!steps[t.to]) return;
      if (state.get(t.to) === 'open') {
        const loop = trail.slice(trail.indexOf(t.to));
        const key = [...loop].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          problems.push({ file, path: pointer(['steps', id, 'next', i, 'to']), message: `a cycle: ${[...loop, t.to].join(' → ')}`, hint: 'A flow only moves forward (Back is the browser’s): point this transition to a later step.' });
        }
      } else if (!state.has(t.to)) visit(t.to);
    });
    trail.pop();
    state.set(id, 'done');
  };
  for (const id of [flow.initial, ...Object.keys(steps)]) if (steps[id] && !state.has(id)) visit(id);
  return problems;
}

/**
 * Transitions whose condition holds for some applicant but which no applicant ever takes: on every walk
 * that reaches the step an earlier transition is taken, or the condition contradicts the ones on the way.
 * `profiles` are the fact combinations an applicant can have; conditions that never hold are reported elsewhere.
 */
export function transitionsNeverTaken(file: string, flow: FlowDefinition, profiles: Array<Record<string, unknown>>): Problem[] {
  const taken = new Set<string>();
  for (const facts of profiles) {
    for (const step of walkFlow(flow, facts)) {
      const next = flow.steps[step.id]?.next ?? [];
      const chosen = chooseTransition(next, facts);
      if (chosen) taken.add(`${step.id} ${next.indexOf(chosen)}`);
    }
  }
  const reached = new Set(profiles.flatMap((facts) => walkFlow(flow, facts).map((s) => s.id)));
  const problems: Problem[] = [];
  for (const [id, step] of Object.entries(flow.steps ?? {})) {
    if (!reached.has(id)) continue;
    (step.next ?? []).forEach((t, i) => {
      if (!t.when || taken.has(`${id} ${i}`) || !profiles.some((facts) => matchesCondition(t.when!, facts))) return;
      problems.push({ file, path: pointer(['steps', id, 'next', i, 'when']), message: `no applicant ever takes this transition: its condition never holds together with the ones that lead to "${id}", or an earlier transition always comes first`, hint: 'Check the conditions on the way to this step and the order of "next" (the first that holds is taken).' });
    });
  }
  return problems;
}

/**
 * Steps whose call needs the application the flow's `createSignup` step makes (every call but that one stores into it
 * or acts on it, and a step with `requiresSignupId` sends an applicant without one back to the restart route): one
 * that does not send the application's id, or that some applicant reaches before the application exists, refuses
 * every applicant ("Missing signup_id") or sends them round. A flow with no `createSignup` step is not checked.
 */
export function callsWithoutApplication(file: string, flow: FlowDefinition, profiles: Array<Record<string, unknown>>): Problem[] {
  const steps = flow.steps ?? {};
  const creators = Object.keys(steps).filter((id) => steps[id]?.submit?.action === 'createSignup');
  if (creators.length === 0) return [];
  const needsApplication = (id: string) => {
    const step = steps[id];
    return Boolean(step?.requiresSignupId) || Boolean(step?.submit && step.submit.action !== 'createSignup');
  };
  const problems: Problem[] = [];
  for (const [id, step] of Object.entries(steps)) {
    if (!step?.submit || step.submit.action === 'createSignup' || step.kind === 'otp') continue;
    if (!(step.submit.includeSignupId ?? step.requiresSignupId)) {
      problems.push({ file, path: pointer(['steps', id, 'submit']), message: `step "${id}" sends its call without the application's id: the server refuses it for every applicant ("Missing signup_id")`, hint: `Add "requiresSignupId": true to the step (the wizard then sends signup_id and the applicant's token), as every step after ${creators.map((c) => `"${c}"`).join(' or ')} has.` });
    }
  }
  const early = new Map<string, string>();
  for (const facts of profiles) {
    for (const s of walkFlow(flow, facts)) {
      if (creators.includes(s.id)) break;
      if (needsApplication(s.id) && !early.has(s.id)) early.set(s.id, s.id);
    }
  }
  for (const id of early.keys()) {
    problems.push({ file, path: pointer(['steps', id]), message: `step "${id}" comes before ${creators.map((c) => `"${c}"`).join(' or ')}, the step whose call creates the application, so its call (or its "requiresSignupId") has no application yet: every applicant is stopped here`, hint: `Move it after ${creators.map((c) => `"${c}"`).join(' or ')} in the steps' "next", or make it a step without a call (info, checklist) and without "requiresSignupId".` });
  }
  return problems;
}

/**
 * Transitions that read a fact before any step on the way has kept the answer the fact is made of (a branch on
 * "living abroad" at a step before the residential address): the wizard decides at that step with the answer
 * missing, so the fact does not hold there, while the server's check at final submission walks the flow with every
 * answer stored and asks for the steps of the other branch: those applicants cannot finish. Walked for every
 * combination of facts; what a step keeps (`remember`, a choice's `set`) counts from that step's own transitions on.
 * A step's banner that reads such a fact is named too: it shows before the step keeps anything, and would never show.
 * So is a condition of a step's form (an option rule's `when`, a `showWhen`; `formReads` lists them by step) that reads
 * a fact whose answer is kept only after the step (the form's own answers count): it is off while the applicant fills
 * the step in, so the step is sent and stored without the rule.
 */
export function factsReadTooEarly(file: string, flow: FlowDefinition, profiles: Array<Record<string, unknown>>, formReads: (stepId: string) => FormFactRead[] = () => []): Problem[] {
  const steps = flow.steps ?? {};
  const kept = (id: string) => [...Object.keys(steps[id]?.remember ?? {}), ...(steps[id]?.choices ?? []).flatMap((c) => Object.keys(c?.set ?? {}))];
  const keepers = (fields: string[]) => Object.keys(steps).filter((id) => kept(id).some((k) => fields.includes(k)));
  const reported = new Set<string>();
  const problems: Problem[] = [];
  const names = (list: string[]) => list.map((x) => `"${x}"`).join(', ');
  const unknownFields = (fact: string, known: Set<string>) => [...new Set(ruleFields(flow.facts?.[fact]?.rule))].filter((f) => typeof f === 'string' && !known.has(f));
  for (const facts of profiles) {
    const known = new Set<string>();
    for (const { id } of walkFlow(flow, facts)) {
      // A banner shows with the step, before the step keeps anything: only what the steps before it kept counts.
      (steps[id]?.banners ?? []).forEach((banner, i) => {
        for (const fact of banner?.when ? factsInCondition(banner.when) : []) {
          const fields = unknownFields(fact, known);
          const by = keepers(fields);
          if (!fields.length || !by.length || reported.has(`${id} banner ${i}`)) continue;
          reported.add(`${id} banner ${i}`);
          problems.push({ file, path: pointer(['steps', id, 'banners', i, 'when']), message: `this banner reads "${fact}", made of ${names(fields)}, which ${names(by)} ${by.length > 1 ? 'keep' : 'keeps'} only at or after "${id}": the page shows before the step keeps the answer, so the banner does not show to the applicant filling it in (only on coming back)`, hint: `Put the banner on a step after ${names(by)}, or keep ${names(fields)} on a step before "${id}".` });
        }
      });
      kept(id).forEach((k) => known.add(k));
      // The form's conditions read the facts with its own answers counted: what the step keeps counts.
      for (const read of formReads(id)) {
        const fields = unknownFields(read.fact, known);
        const by = keepers(fields);
        const key = `${read.file} ${read.path} ${read.fact}`;
        if (!fields.length || !by.length || reported.has(key)) continue;
        reported.add(key);
        problems.push({ file: read.file, path: read.path, message: `${read.what} reads "${read.fact}", made of ${names(fields)}, which ${names(by)} ${by.length > 1 ? 'keep' : 'keeps'} only after "${id}", the step this form is on: the condition does not hold while the applicant fills the step in, so the step is sent and stored without it`, hint: `Put the rule on the form of ${names(by)} or a later step, or keep ${names(fields)} on a step before "${id}".` });
      }
      (steps[id]?.next ?? []).forEach((t, i) => {
        if (!t?.when) return;
        for (const fact of factsInCondition(t.when)) {
          const fields = unknownFields(fact, known);
          const by = keepers(fields);
          // A field no step keeps at all is reported at the fact.
          if (!fields.length || !by.length || reported.has(`${id} ${i}`)) continue;
          reported.add(`${id} ${i}`);
          problems.push({
            file,
            path: pointer(['steps', id, 'next', i, 'when']),
            message: `this condition reads "${fact}", made of ${names(fields)}, which ${by.length > 1 ? 'the steps' : 'the step'} ${names(by)} ${by.length > 1 ? 'keep' : 'keeps'} only after "${id}" (or off the way here): the wizard decides here without that answer, while the final submission's check, with every answer, walks the other way and asks for steps these applicants never saw, so they cannot finish`,
            hint: `Branch on "${fact}" in the "next" of ${names(by)} or a later step, or keep ${names(fields)} on a step before "${id}".`,
          });
        }
      });
    }
  }
  return problems;
}

/**
 * The answers a choice step keeps (its choices' `set`) that the server learns all the same: the first step's customer
 * type, which basic info sends as `is_existing_customer` (basicInfoDerive) and the application keeps as a column.
 */
export const CHOICES_THE_SERVER_KNOWS: readonly string[] = ['customerType'];

/**
 * Facts made only of what a choice step keeps (its choices' `set`), which the server never receives (a choice sends
 * nothing): the final submission walks the flow as if no choice were made. Where the choice leads past a step the
 * final submission requires on that other walk, those applicants cannot finish ("... is missing"). Named at the fact.
 */
export function choicesTheServerCannotSee(file: string, flow: FlowDefinition, profiles: Array<Record<string, unknown>>): Problem[] {
  const steps = flow.steps ?? {};
  const remembered = new Set(Object.values(steps).flatMap((s) => Object.keys(s?.remember ?? {})));
  const choiceFields = new Set(Object.values(steps).flatMap((s) => (s?.choices ?? []).flatMap((c) => Object.keys(c?.set ?? {}))));
  const onlyChosen = (field: string) => choiceFields.has(field) && !remembered.has(field) && !CHOICES_THE_SERVER_KNOWS.includes(field);
  const problems: Problem[] = [];
  for (const [name, fact] of Object.entries(flow.facts ?? {})) {
    const fields = [...new Set(ruleFields(fact?.rule))].filter((f) => typeof f === 'string');
    if (!fields.length || !fields.every(onlyChosen)) continue;
    // What the server computes: the fact without the choice's answer (no date is read: the fields are choices').
    const serverValue = computeFacts({ [name]: fact }, {}, '2000-01-01')[name];
    for (const facts of profiles) {
      if (facts[name] === serverValue) continue;
      const walked = new Set(walkFlow(flow, facts).map((s) => s.id));
      const missed = requiredSubmissions(walkFlow(flow, { ...facts, [name]: serverValue })).filter((s) => !walked.has(s.id));
      if (!missed.length) continue;
      const chooser = Object.keys(steps).find((id) => (steps[id]?.choices ?? []).some((c) => Object.keys(c?.set ?? {}).some((k) => fields.includes(k))));
      problems.push({
        file,
        path: pointer(['facts', name]),
        message: `"${name}" is made of ${fields.map((f) => `"${f}"`).join(', ')}, which only the choice step${chooser ? ` "${chooser}"` : ''} keeps, and a choice sends nothing to the server: applicants for whom it holds skip ${missed.map((s) => `"${s.id}"`).join(', ')}, which the final submission (walking the flow without the choice) asks for, so they cannot finish`,
        hint: `Ask it with a form step instead (a field with its option list, and "remember": { "${fields[0]}": "data.<field>" }): the server keeps a step's answers. Or let these applicants pass ${missed.map((s) => `"${s.id}"`).join(', ')}.`,
      });
      break;
    }
  }
  return problems;
}
