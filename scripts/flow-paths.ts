// `npm run flow:paths`: every applicant's walk through the flow (minor/adult x new/existing x local/foreign).
import fs from 'node:fs';
import path from 'node:path';
import type { FlowDefinition } from '../src/shared/flow/flow-types.js';
import { applicantProfiles, walkFlow } from '../src/shared/flow/walk-flow.js';

const file = process.argv[2] ?? path.resolve(import.meta.dirname, '../flows/onboarding.flow.json');
const flow = JSON.parse(fs.readFileSync(file, 'utf8')) as FlowDefinition;
for (const profile of applicantProfiles()) {
  const steps = walkFlow(flow, profile.facts);
  console.log(`${profile.name} (${steps.length} steps):\n  ${steps.map((s) => s.id).join(' -> ')}\n`);
}
