import path from 'node:path';
import { dbTargets } from '../helpers/test-db';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { DbHandle } from '../../src/server/db/create-db';
import { allTransitions, listJourneyFiles, loadFlow, loadJourney, replayJourney } from '../../scripts/lib/replay-journey';

describe.each(dbTargets())('QA journeys replayed headless on $name', (target) => {
  let db: DbHandle;
  let t: TestApp;
  let baseUrl: string;
  const covered = new Set<string>();

  beforeAll(async () => {
    db = await target.open();
    t = await createTestApp(db, { config: { devTools: true } });
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
    const result = await replayJourney(loadJourney(file), { baseUrl, log: (l) => lines.push(l) });
    expect(result.ok, lines.join('\n')).toBe(true);
    for (const transition of result.transitions) covered.add(transition);
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

  it('together exercise every transition of the flow', () => {
    const missing = allTransitions(loadFlow()).filter((t) => !covered.has(t));
    expect(missing).toEqual([]);
  });
});
