/**
 * Replays every QA journey in-process and reports which flow transitions they exercise:
 *   npm run replay:coverage
 * Exits non-zero when a journey fails or a transition of flows/onboarding.flow.json is not covered.
 */
import path from 'node:path';
import { allTransitions, journeyFacts, listJourneyFiles, loadFlow, loadJourney, replayJourney } from './lib/replay-journey';
import { applicantProfiles } from '../src/shared/flow/walk-flow';
import { today } from '../src/shared/dates/today';
import { startInProcessServer } from './lib/in-process-server';

const server = await startInProcessServer();
const covered = new Map<string, string[]>();
const profilesCovered = new Map<string, string[]>();
let failures = 0;
try {
  for (const file of listJourneyFiles()) {
    const result = await replayJourney(loadJourney(file), { baseUrl: server.baseUrl });
    console.log(`${result.ok ? 'passed' : 'FAILED'}  ${path.basename(file)} (${result.ms} ms)`);
    if (!result.ok) {
      failures += 1;
      for (const v of result.verdicts.filter((x) => x.verdict === 'FAILED')) console.log(`        ${v.step}: ${v.detail}`);
    }
    for (const t of result.transitions) covered.set(t, [...(covered.get(t) ?? []), path.basename(file, '.json')]);
    const facts = JSON.stringify(journeyFacts(loadFlow(), loadJourney(file), today()));
    profilesCovered.set(facts, [...(profilesCovered.get(facts) ?? []), path.basename(file, '.json')]);
  }
} finally {
  await server.close();
}
const transitions = allTransitions(loadFlow());
console.log('\nTransition coverage (flows/onboarding.flow.json):');
for (const t of transitions) console.log(`${covered.has(t) ? '  covered ' : '  MISSING '} ${t.padEnd(70)} ${(covered.get(t) ?? []).join(', ')}`);
const missing = transitions.filter((t) => !covered.has(t));
// The kinds of applicant the flow's conditions tell apart (from the declared facts, impossible ones left out).
// Reported, not required: a profile's steps are all covered once its transitions are.
const flow = loadFlow();
const profiles = applicantProfiles(flow);
console.log('\nApplicant profiles (the declared facts the conditions test):');
for (const p of profiles) {
  const by = [...profilesCovered.entries()].filter(([facts]) => Object.entries(p.facts).every(([k, v]) => JSON.parse(facts)[k] === v)).flatMap(([, files]) => files);
  console.log(`${by.length ? '  replayed' : '  no journey'} ${p.name.padEnd(70)} ${by.join(', ')}`);
}
console.log(`\n${transitions.length - missing.length} of ${transitions.length} transitions covered; ${failures} journey(s) failed.`);
process.exitCode = missing.length || failures ? 1 : 0;
