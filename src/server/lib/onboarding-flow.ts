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
/** The onboarding flow, read once per process and file. */
export function onboardingFlow(): FlowDefinition {
  const file = flowFile();
  let flow = cache.get(file);
  if (!flow) {
    flow = readJsonFile(file, 'flows/onboarding.flow.json', (f) => fs.readFileSync(f, 'utf8')) as FlowDefinition;
    cache.set(file, flow);
  }
  return flow;
}
