import fs from 'node:fs';
import path from 'node:path';

const FLOW_FILE = path.resolve(import.meta.dirname, '../../../../flows/onboarding.flow.json');

interface FlowStepInfo {
  title?: string;
  form?: string;
}

let cached: Array<[string, FlowStepInfo]> | undefined;
function flowSteps(): Array<[string, FlowStepInfo]> {
  cached ??= Object.entries((JSON.parse(fs.readFileSync(FLOW_FILE, 'utf8')) as { steps: Record<string, FlowStepInfo> }).steps);
  return cached;
}

/**
 * Stored steps in the wizard's order, each with its title and form id from the flow file, so the
 * review page renders every step with the same schema the applicant filled in.
 */
export function stepsInFlowOrder<T extends { step: string }>(steps: T[]): Array<T & { title: string; form: string | null }> {
  const order = flowSteps();
  const index = new Map(order.map(([id], i) => [id, i]));
  const info = new Map(order);
  return [...steps]
    .sort((a, b) => (index.get(a.step) ?? 999) - (index.get(b.step) ?? 999) || a.step.localeCompare(b.step))
    .map((s) => ({ ...s, title: info.get(s.step)?.title ?? s.step, form: info.get(s.step)?.form ?? null }));
}
