/**
 * Keeps the QA journeys in step with the flow:
 *   npm run journeys:generate [-- --dry-run]
 * First, each journey follows the flow's steps: entries of a step renamed go to its new id, entries for a step its path no longer passes (removed, or moved off
 * this applicant's path) are dropped, the rest put in the path's order (two steps swapped), and a step an analyst added
 * gets an entry in every journey whose path now passes it (skipped when the step may be, else its form's examples: QA
 * checks them). Then a journey skeleton is written for every applicant path no
 * journey walks. Paths are the combinations of the declared facts an applicant can have (as `npm run flow:paths`
 * lists them); each new file is named after its path and marked "generated" until QA has checked its data.
 * docs/qa-guide.md says what to check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readFormsDir } from '../src/shared/forms/read-forms-dir';
import { applicantProfiles } from '../src/shared/flow/walk-flow';
import { today } from '../src/shared/dates/today';
import { formatProblems } from '../src/shared/config-check/check-config';
import { JOURNEYS_DIR, journeyFacts, listJourneyFiles, loadFlow, type Journey } from './lib/replay-journey';
import { checkJourneyText } from './lib/check-journeys';
import { addNewSteps, alignToFlow, followRenamedSteps, generateJourney, pathSlug } from './lib/generate-journey';

const dryRun = process.argv.includes('--dry-run');
const flow = loadFlow();
const forms = readFormsDir();
const day = today();
const donors: Array<{ name: string; journey: Journey }> = [];
let unusable = 0;
for (const file of listJourneyFiles()) {
  const relative = path.relative(process.cwd(), file);
  const journey = JSON.parse(fs.readFileSync(file, 'utf8')) as Journey;
  let added: string[] = [];
  let renamed: Array<[string, string]> = [];
  let aligned = { dropped: [] as string[], moved: false };
  try {
    renamed = followRenamedSteps(flow, forms, journey, day);
    aligned = alignToFlow(flow, journey, day);
    added = addNewSteps(flow, forms, journey, day);
  } catch {
    // A journey this cannot read is reported with its problems below.
  }
  const text = `${JSON.stringify(journey, null, 2)}\n`;
  if (renamed.length) {
    if (!dryRun && !added.length && !aligned.dropped.length && !aligned.moved) fs.writeFileSync(file, text);
    console.log(`${dryRun ? 'would have ' : ''}moved the entries of ${renamed.map(([from, to]) => `${from} to ${to}`).join(', ')} (a step renamed) in ${relative}`);
  }
  if (aligned.dropped.length || aligned.moved) {
    if (!dryRun && !added.length) fs.writeFileSync(file, text);
    const what = [aligned.dropped.length ? `dropped ${aligned.dropped.join(', ')} (no longer on its path)` : '', aligned.moved ? "put the entries in the flow's order" : ''].filter(Boolean).join(' and ');
    console.log(`${dryRun ? 'would have ' : ''}${what} in ${relative}`);
  }
  if (added.length) {
    if (!dryRun) fs.writeFileSync(file, text);
    console.log(`${dryRun ? 'would add' : 'added'} ${added.join(', ')} to ${relative} (skipped where the step may be, else its form's examples: check them)`);
  }
  const problems = checkJourneyText(relative, text, flow, forms);
  if (problems.length) {
    unusable += 1;
    console.error(`x ${relative} cannot be replayed, so no journey is written from it until it is fixed:\n${formatProblems(problems)}`);
    continue;
  }
  donors.push({ name: path.basename(file, '.json'), journey });
}
if (unusable) process.exit(1);
const walked = donors.map((d) => journeyFacts(flow, d.journey, day));
const missing = applicantProfiles(flow).filter((p) => !walked.some((facts) => Object.entries(p.facts).every(([k, v]) => facts[k] === v)));
if (!missing.length) console.log('Every applicant path has a journey: nothing to write.');
let failed = 0;
for (const profile of missing) {
  const file = path.join(JOURNEYS_DIR, `${pathSlug(profile)}.json`);
  try {
    const journey = generateJourney(flow, forms, donors, profile, day);
    if (!dryRun) fs.writeFileSync(file, `${JSON.stringify({ $schema: './journey.schema.json', ...journey }, null, 2)}\n`);
    console.log(`${dryRun ? 'would write' : 'wrote'} ${path.relative(process.cwd(), file)} (${profile.name}, ${journey.entries.length} entries); replay it with npm run replay -- ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    failed += 1;
    console.error(`x ${profile.name}: ${(error as Error).message}`);
  }
}
process.exitCode = failed ? 1 : 0;
