import type { JsonObject } from '../forms/form-registry';
import type { FlowDefinition } from './flow-types';
import { transitionInWords } from './transition-in-words';

const label = (text: string) => text.replace(/"/g, "'");
const nodeId = (id: string) => id.replace(/-/g, '_');

/** A short reading of a condition for the diagram (e.g. "isMinor", "not isForeignNational"). */
export function describeCondition(when: JsonObject): string {
  const parts: string[] = [];
  for (const [fact, rule] of Object.entries<JsonObject>(when.properties ?? {})) {
    const value = rule?.const ?? (Array.isArray(rule?.enum) && rule.enum.length === 1 ? rule.enum[0] : undefined);
    parts.push(value === false ? `not ${fact}` : value === true ? fact : `${fact} ${JSON.stringify(rule)}`);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(when[key])) parts.push(when[key].map(describeCondition).join(key === 'allOf' ? ' and ' : ' or '));
  if (when.not) parts.push(`not (${describeCondition(when.not)})`);
  return parts.join(' and ') || 'condition';
}

/** The flow as a Mermaid flowchart: one node per step (title, route, form), one edge per transition labelled in words ("if a minor", "otherwise"). */
export function flowToMermaid(flow: FlowDefinition): string {
  const lines = ['flowchart TD'];
  for (const [id, step] of Object.entries(flow.steps)) {
    const extra = [step.route, step.form ?? step.kind, step.skippable ? 'skippable' : ''].filter(Boolean).join('<br/>');
    lines.push(`  ${nodeId(id)}["${label(step.title)}<br/><small>${label(extra)}</small>"]`);
  }
  for (const [id, step] of Object.entries(flow.steps)) {
    (step.next ?? []).forEach((t, i) => {
      const words = transitionInWords(step, i, flow.facts ?? {});
      lines.push(words === 'always' ? `  ${nodeId(id)} --> ${nodeId(t.to)}` : `  ${nodeId(id)} -->|"${label(words)}"| ${nodeId(t.to)}`);
    });
  }
  return lines.join('\n');
}
