/**
 * Which API calls a configuration problem breaks: a problem in a step of a flow file breaks that step's
 * calls, one elsewhere in the flow file breaks all its steps' calls, one in a form (or a list it uses)
 * breaks the calls of the steps showing that form. The server refuses those calls until the file is fixed.
 */
import type { FlowDefinition } from '../flow/flow-types.js';
import type { Problem } from './check-config.js';

/** "METHOD /api/path" (trailing slash kept as the flow file writes it) -> the problems that break it. */
export type BrokenCalls = Map<string, Problem[]>;

const stepCalls = (step: FlowDefinition['steps'][string]): string[] => [
  ...(step.submit ? [`${step.submit.method} /api${step.submit.endpoint}`] : []),
  ...(step.otp ? [`POST /api${step.otp.sendEndpoint ?? '/device-verifications/send/'}`, `POST /api${step.otp.verifyEndpoint ?? '/device-verifications/verify/'}`] : []),
];

/** Does this problem concern `stepId` of the flow in `flowFile`, whose form is `form` (raw schema `schema`)? */
function concerns(problem: Problem, flowFile: string, stepId: string, form: string | undefined, schema: unknown): boolean {
  if (problem.file === flowFile) {
    const step = /^\/steps\/([^/]+)/.exec(problem.path)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
    return step === undefined || step === stepId;
  }
  if (!form) return false;
  if (problem.file === `forms/${form}.schema.json` || problem.file === `forms/${form}.ui.json`) return true;
  const list = /^forms\/lists\/([a-z0-9-]+)\.json$/.exec(problem.file)?.[1];
  return !!list && JSON.stringify(schema ?? {}).includes(`lists/${list}.json`);
}

/** The calls each flow's broken steps make, with the problems that break them. */
export function brokenCalls(problems: Problem[], flows: Record<string, FlowDefinition>, schemas: Record<string, unknown>): BrokenCalls {
  const out: BrokenCalls = new Map();
  for (const [flowFile, flow] of Object.entries(flows)) {
    for (const [id, step] of Object.entries(flow?.steps ?? {})) {
      const mine = problems.filter((p) => concerns(p, flowFile, id, step.form, step.form ? schemas[step.form] : undefined));
      if (!mine.length) continue;
      for (const call of stepCalls(step)) out.set(call, [...(out.get(call) ?? []), ...mine.filter((p) => !out.get(call)?.includes(p))]);
    }
  }
  return out;
}

/** The call a request makes, in the form `brokenCalls` keys use, trailing slash or not. */
export function callKeys(method: string, url: string): string[] {
  const pathOnly = url.split('?')[0];
  const other = pathOnly.endsWith('/') ? pathOnly.slice(0, -1) : `${pathOnly}/`;
  return [`${method} ${pathOnly}`, `${method} ${other}`];
}
