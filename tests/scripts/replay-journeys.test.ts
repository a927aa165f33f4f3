import path from 'node:path';
import { dbTargets } from '../helpers/test-db';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { DbHandle } from '../../src/server/db/create-db';
import { journeyFacts, listJourneyFiles, loadFlow, loadJourney, replayJourney } from '../../scripts/lib/replay-journey';
import { journeyCoverage, uncovered, type ReplayedJourney } from '../../scripts/lib/journey-coverage';
import { generateJourney } from '../../scripts/lib/generate-journey';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { applicantProfiles } from '../../src/shared/flow/walk-flow';
import { today } from '../../src/shared/dates/today';

describe.each(dbTargets())('QA journeys replayed headless on $name', (target) => {
  let db: DbHandle;
  let t: TestApp;
  let baseUrl: string;
  const replayed: ReplayedJourney[] = [];

  beforeAll(async () => {
    db = await target.open();
    // Each journey is another applicant on another network: its own X-Forwarded-For behind one trusted hop.
    t = await createTestApp(db, { config: { devTools: true, trustProxy: 1 } });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await db.close();
  });

  it('has at least five journeys', () => {
    expect(listJourneyFiles().length).toBeGreaterThanOrEqual(5);
  });

  it.each(listJourneyFiles().map((f) => [path.basename(f), f]))('%s reaches success and leaves a complete application pending approval', async (_name, file) => {
    const lines: string[] = [];
    const journey = loadJourney(file);
    const result = await replayJourney(journey, { baseUrl, log: (l) => lines.push(l) });
    expect(result.ok, [...lines, result.reason].join('\n')).toBe(true);
    replayed.push({ file, journey, result });
    const signup = await db.db.selectFrom('signups').selectAll().where('id', '=', result.signupId!).executeTakeFirstOrThrow();
    expect(signup.status).toBe('pending_approval');
    expect(signup.email_verified_on).not.toBeNull();
    expect(signup.mobile_verified_on).not.toBeNull();
    const steps = await db.db.selectFrom('signup_steps').select('step').where('signup_id', '=', signup.id).execute();
    const submitted = result.verdicts.filter((v) => v.verdict === 'ok' && v.detail.startsWith('P') && v.step !== 'success').map((v) => v.step);
    expect(steps.map((s) => s.step).sort()).toEqual([...new Set(submitted)].sort());
    const files = await db.db.selectFrom('signup_files').select(['step', 'sha256']).where('signup_id', '=', signup.id).execute();
    const expectedFiles = loadJourney(file).entries.filter((e) => !e.expect && e.files).reduce((n, e) => n + Object.values(e.files!).flat().length, 0);
    expect(files).toHaveLength(expectedFiles);
  });

  it('together exercise every transition, every applicant path, and every skippable step skipped and filled', () => {
    expect(replayed).toHaveLength(listJourneyFiles().length);
    expect(uncovered(journeyCoverage(loadFlow(), replayed, today())), 'Run npm run journeys:generate to write a journey for each path none walks (docs/analyst-guide.md section 7)').toEqual({ transitions: [], paths: [], skippable: [] });
  });

  it('a journey journeys:generate writes for a path of new customers replays as it is', async () => {
    const flow = loadFlow();
    const donors = listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
    // The newest kind of applicant to get a journey: a minor of foreign nationality, as if no journey walked it.
    const profile = applicantProfiles(flow).find((p) => p.facts.isMinor && p.facts.isForeignNational && !p.facts.isExistingCustomer)!;
    const others = donors.filter((d) => Object.entries(profile.facts).some(([k, v]) => journeyFacts(flow, d.journey, today())[k] !== v));
    const generated = generateJourney(flow, readFormsDir(), others, profile, today());
    // Generating held this process (the server's too) for seconds on a loaded machine: the idle keep-alive sockets'
    // timers are overdue. Let them run first, or the first call goes out on a socket the server is closing ("fetch failed").
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines: string[] = [];
    const result = await replayJourney(generated, { baseUrl, log: (l) => lines.push(l) });
    expect(result.ok, [...lines, result.reason].join('\n')).toBe(true);
  });
});
