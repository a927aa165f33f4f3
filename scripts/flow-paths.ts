// `npm run flow:paths`: every applicant's walk through the flow, one per combination of the declared facts the
// flow's conditions test (combinations no applicant can have are named, not walked).
import fs from 'node:fs';
import path from 'node:path';
import type { FlowDefinition } from '../src/shared/flow/flow-types.js';
import { applicantProfiles, factsUsedByConditions, walkFlow } from '../src/shared/flow/walk-flow.js';
import { impossiblePairs } from '../src/shared/facts/declared-facts.js';
import { configRoot } from '../src/shared/forms/read-forms-dir.js';

// The configuration in use (CONFIG_ROOT, a copy an analyst tries a change on), as config:check and the server read it.
const file = process.argv[2] ?? path.join(configRoot(), 'flows/onboarding.flow.json');
const flow = JSON.parse(fs.readFileSync(file, 'utf8')) as FlowDefinition;
const profiles = applicantProfiles(flow);
for (const profile of profiles) {
  const steps = walkFlow(flow, profile.facts);
  console.log(`${profile.name} (${steps.length} steps):\n  ${steps.map((s) => s.id).join(' -> ')}\n`);
}
const impossible = impossiblePairs(flow.facts, factsUsedByConditions(flow));
console.log(`${profiles.length} applicant paths from the facts ${factsUsedByConditions(flow).join(', ')}.`);
if (impossible.length) console.log(`Never together (so not walked): ${impossible.join('; ')}.`);
