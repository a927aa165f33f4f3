import fs from 'node:fs';
import path from 'node:path';
import { readJsonFile } from '../../shared/config-check/json-source.js';
import type { FlowDefinition } from '../../shared/flow/flow-types.js';

/** The wizard's flow file: the one source of step order, titles, forms and branching on the server too. */
export const FLOW_FILE = path.resolve(import.meta.dirname, '../../../flows/onboarding.flow.json');

let cached: FlowDefinition | undefined;
/** The onboarding flow, read once per process. */
export function onboardingFlow(): FlowDefinition {
  cached ??= readJsonFile(FLOW_FILE, 'flows/onboarding.flow.json', (f) => fs.readFileSync(f, 'utf8')) as FlowDefinition;
  return cached;
}
