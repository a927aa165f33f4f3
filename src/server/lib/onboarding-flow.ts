import fs from 'node:fs';
import path from 'node:path';
import { readJsonFile } from '../../shared/config-check/json-source.js';
import type { FlowDefinition } from '../../shared/flow/flow-types.js';
import { configRoot } from '../../shared/forms/read-forms-dir.js';

/** The wizard's flow file (in CONFIG_ROOT when set): the one source of step order, titles, forms, facts and routes. */
export function flowFile(): string {
  return path.join(configRoot(), 'flows/onboarding.flow.json');
}

const cache = new Map<string, FlowDefinition>();
/** The onboarding flow, read once per process and configuration folder. */
export function onboardingFlow(): FlowDefinition {
  const root = configRoot();
  let flow = cache.get(root);
  if (!flow) {
    const read = readJsonFile(flowFile(), 'flows/onboarding.flow.json', (f) => fs.readFileSync(f, 'utf8')) as FlowDefinition;
    // Routes look steps up by names from requests (the funnel's events, the studio): a map without a prototype has
    // no `constructor` or `toString` step.
    flow = { ...read, steps: Object.assign(Object.create(null) as FlowDefinition['steps'], read.steps) };
    cache.set(root, flow);
  }
  return flow;
}
