/**
 * Replays every QA journey in-process and reports what they exercise:
 *   npm run replay:coverage
 * Exits non-zero when a journey fails, or when a flow transition, an applicant path (a combination of the
 * declared facts an applicant can have) or a skippable step skipped and filled is not covered.
 * `npm run journeys:generate` writes a journey for each path no journey walks.
 */
import path from 'node:path';
import { listJourneyFiles, loadFlow, loadJourney, replayJourney } from './lib/replay-journey';
import { journeyCoverage, uncovered, type CoverageItem, type ReplayedJourney } from './lib/journey-coverage';
import { today } from '../src/shared/dates/today';
import { startInProcessServer } from './lib/in-process-server';

const server = await startInProcessServer();
const replayed: ReplayedJourney[] = [];
try {
  for (const file of listJourneyFiles()) {
    const journey = loadJourney(file);
    const result = await replayJourney(journey, { baseUrl: server.baseUrl });
    replayed.push({ file, journey, result });
    console.log(`${result.ok ? 'passed' : 'FAILED'}  ${path.relative(process.cwd(), file)} (${result.ms} ms)`);
    for (const v of result.verdicts.filter((x) => x.verdict === 'FAILED')) console.log(`        step ${v.step}: ${v.detail}`);
    if (result.reason) console.log(`        ${result.reason}`);
  }
} finally {
  await server.close();
}

const flow = loadFlow();
const report = journeyCoverage(flow, replayed, today());
const print = (title: string, items: CoverageItem[]) => {
  console.log(`\n${title}:`);
  for (const i of items) console.log(`${i.by.length ? '  covered ' : '  MISSING '} ${i.name.padEnd(70)} ${i.by.join(', ')}`);
};
print('Transitions (flows/onboarding.flow.json)', report.transitions);
print('Applicant paths (every combination of the declared facts an applicant can have)', report.paths);
print('Skippable steps, skipped and filled', report.skippable);
const missing = uncovered(report);
const failures = replayed.filter((r) => !r.result.ok).length;
const line = (what: string, items: CoverageItem[], left: string[]) => `${items.length - left.length} of ${items.length} ${what}`;
console.log(
  `\n${line('transitions', report.transitions, missing.transitions)}, ${line('applicant paths', report.paths, missing.paths)}, ${line('skippable cases', report.skippable, missing.skippable)} covered; ${failures} journey(s) failed.`,
);
if (missing.paths.length) console.log('Run `npm run journeys:generate` to write a journey for each path no journey walks.');
process.exitCode = failures || missing.transitions.length || missing.paths.length || missing.skippable.length ? 1 : 0;
