import path from 'node:path';
import type { FlowDefinition } from '../../src/shared/flow/flow-types';
import { applicantProfiles } from '../../src/shared/flow/walk-flow';
import { allTransitions, journeyFacts, type Journey, type ReplayResult } from './replay-journey';

/** One thing the journeys must exercise, and the journeys (file names without .json) that do. */
export interface CoverageItem {
  name: string;
  by: string[];
}

/** What `npm run replay:coverage` requires at 100 %: transitions, applicant paths, and skippable steps both skipped and filled. */
export interface JourneyCoverage {
  transitions: CoverageItem[];
  /** Every combination of the declared facts an applicant can have (impossible ones left out): its path must be walked. */
  paths: CoverageItem[];
  /** Each skippable step twice: "<step> skipped" and "<step> filled". */
  skippable: CoverageItem[];
}

export interface ReplayedJourney {
  file: string;
  journey: Journey;
  result: ReplayResult;
}

/** Which journeys (that passed) exercise what; a failed journey covers nothing. */
export function journeyCoverage(flow: FlowDefinition, replayed: ReplayedJourney[], today: string): JourneyCoverage {
  const passed = replayed.filter((r) => r.result.ok).map((r) => ({ ...r, name: path.basename(r.file, '.json') }));
  const transitions = allTransitions(flow).map((t) => ({ name: t, by: passed.filter((r) => r.result.transitions.includes(t)).map((r) => r.name) }));
  const withFacts = passed.map((r) => ({ ...r, facts: journeyFacts(flow, r.journey, today) }));
  const paths = applicantProfiles(flow).map((p) => ({
    name: p.name,
    by: withFacts.filter((r) => Object.entries(p.facts).every(([fact, value]) => r.facts[fact] === value)).map((r) => r.name),
  }));
  const skippable = Object.entries(flow.steps)
    .filter(([, step]) => step.skippable)
    .flatMap(([id]) =>
      (['skipped', 'ok'] as const).map((verdict) => ({
        name: `${id} ${verdict === 'ok' ? 'filled' : 'skipped'}`,
        by: passed.filter((r) => r.result.verdicts.some((v) => v.step === id && v.verdict === verdict)).map((r) => r.name),
      })),
    );
  return { transitions, paths, skippable };
}

/** The items no journey exercises, by kind. */
export function uncovered(report: JourneyCoverage): Record<keyof JourneyCoverage, string[]> {
  const missing = (items: CoverageItem[]) => items.filter((i) => !i.by.length).map((i) => i.name);
  return { transitions: missing(report.transitions), paths: missing(report.paths), skippable: missing(report.skippable) };
}
