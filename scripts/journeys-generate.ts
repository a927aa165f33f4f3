/**
 * Writes a journey skeleton for every applicant path no QA journey walks:
 *   npm run journeys:generate [-- --dry-run]
 * Paths are the combinations of the declared facts an applicant can have (as `npm run flow:paths` lists
 * them); each new file is named after its path and marked "generated" until QA has checked its data.
 * docs/qa-guide.md says what to check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readFormsDir } from '../src/shared/forms/read-forms-dir';
import { applicantProfiles } from '../src/shared/flow/walk-flow';
import { today } from '../src/shared/dates/today';
import { JOURNEYS_DIR, journeyFacts, listJourneyFiles, loadFlow, loadJourney } from './lib/replay-journey';
import { generateJourney, pathSlug } from './lib/generate-journey';

const dryRun = process.argv.includes('--dry-run');
const flow = loadFlow();
const day = today();
const donors = listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
const walked = donors.map((d) => journeyFacts(flow, d.journey, day));
const missing = applicantProfiles(flow).filter((p) => !walked.some((facts) => Object.entries(p.facts).every(([k, v]) => facts[k] === v)));
if (!missing.length) console.log('Every applicant path has a journey: nothing to write.');
let failed = 0;
for (const profile of missing) {
  const file = path.join(JOURNEYS_DIR, `${pathSlug(profile)}.json`);
  try {
    const journey = generateJourney(flow, readFormsDir(), donors, profile, day);
    if (!dryRun) fs.writeFileSync(file, `${JSON.stringify({ $schema: './journey.schema.json', ...journey }, null, 2)}\n`);
    console.log(`${dryRun ? 'would write' : 'wrote'} ${path.relative(process.cwd(), file)} (${profile.name}, ${journey.entries.length} entries); replay it with npm run replay -- ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    failed += 1;
    console.error(`x ${profile.name}: ${(error as Error).message}`);
  }
}
process.exitCode = failed ? 1 : 0;
