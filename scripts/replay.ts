/**
 * Replays QA journeys (tests/fixtures/journeys/*.json; docs/qa-guide.md):
 *   npm run replay -- FILE [FILE ...] [--url http://127.0.0.1:3000]    headless, through the onboarding API
 *   npm run replay -- --all [--browser] [--url ...]                      every journey
 *   npm run replay -- FILE --browser [--url ...]                         in Chromium, through the real step pages
 * Without --url a server is started: in-process on an in-memory database (headless), or the real product
 * (`src/server/server.ts`, built bundle from E2E_STATIC_DIR or dist/, built if missing) for --browser.
 * Each step prints its verdict; a failure names the file, the step, what was expected and what came back.
 * --browser saves a screenshot of every step in tests/e2e/artifacts/journeys/<journey>/, runs axe on every
 * step page, checks what the server stored, and writes tests/e2e/artifacts/journeys/report.html.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listJourneyFiles, loadJourney, replayJourney, type Journey } from './lib/replay-journey';
import { startInProcessServer } from './lib/in-process-server';

const args = process.argv.slice(2);
const urlIndex = args.indexOf('--url');
const givenUrl = urlIndex >= 0 ? args[urlIndex + 1]?.replace(/\/+$/, '') : undefined;
const files = args.includes('--all') ? listJourneyFiles() : args.filter((a, i) => !a.startsWith('--') && !(urlIndex >= 0 && i === urlIndex + 1));
if (!files.length) {
  console.error('usage: npm run replay -- FILE [FILE ...] | --all  [--browser] [--url http://host:port]');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const shown = (file: string) => path.relative(process.cwd(), file);

/** Every journey read first: a file with problems stops the run with each problem (file:line:column, what, hint). */
const journeys: Array<{ file: string; journey: Journey }> = [];
for (const file of files) {
  try {
    journeys.push({ file, journey: loadJourney(file) });
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  }
}
if (process.exitCode) process.exit();

async function headless(): Promise<number> {
  const server = givenUrl ? { baseUrl: givenUrl, close: async () => undefined } : await startInProcessServer();
  let failed = 0;
  try {
    for (const { file, journey } of journeys) {
      console.log(`\nReplaying ${shown(file)} ("${journey.name}") against ${server.baseUrl}`);
      const result = await replayJourney(journey, { baseUrl: server.baseUrl, log: (line) => console.log(line) });
      if (result.reason) console.log(`x ${result.reason}`);
      console.log(`${result.ok ? 'PASSED' : 'FAILED'} ${shown(file)}: ${result.verdicts.length} steps in ${result.ms} ms${result.signupId ? `, signup ${result.signupId}` : ''}`);
      if (!result.ok) failed += 1;
    }
  } finally {
    await server.close();
  }
  return failed;
}

async function inBrowser(): Promise<number> {
  const { launchBrowser, startServer } = await import('../tests/e2e/harness');
  const { replayJourneyInBrowser, BROWSER_ARTIFACTS } = await import('./lib/browser-replay');
  const { adminSession, checkStoredApplication } = await import('./lib/stored-application');
  const { writeReplayReport } = await import('./lib/replay-report');
  const staticDir = path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist');
  if (!givenUrl && !fs.existsSync(path.join(staticDir, 'index.html'))) {
    console.log(`Building the app into ${staticDir} ...`);
    execSync(`npm run build --silent -- --outDir ${JSON.stringify(staticDir)} --emptyOutDir`, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  // Each journey is another applicant on another network (its own X-Forwarded-For behind one trusted hop).
  const server = givenUrl ? { url: givenUrl, stop: async () => undefined } : await startServer({ TRUST_PROXY: '1' });
  const browser = await launchBrowser();
  const reported = [];
  try {
    for (const { file, journey } of journeys) {
      const slug = path.basename(file, '.json');
      console.log(`\nReplaying ${shown(file)} ("${journey.name}") in Chromium against ${server.url}`);
      const result = await replayJourneyInBrowser(journey, { baseUrl: server.url, browser, slug, log: (line) => console.log(line) });
      await result.close();
      for (const v of result.axe) console.log(`x axe ${v}`);
      const stored = result.ok ? await checkStoredApplication(server.url, await adminSession(server.url), result) : [];
      for (const p of stored) console.log(`x stored: ${p}`);
      const last = result.verdicts[result.verdicts.length - 1];
      const endedEarly = !result.ok && last?.verdict !== 'FAILED' ? [`the journey ended at "${last?.step ?? 'its start'}" before the success step`] : [];
      const ok = result.ok && result.axe.length === 0 && stored.length === 0;
      const what = ok ? `, signup ${result.signupId} pending_approval with every step's data and files` : result.signupId ? `, signup ${result.signupId}` : '';
      console.log(`${ok ? 'PASSED' : 'FAILED'} ${shown(file)}: ${result.verdicts.length} steps in ${result.ms} ms${what}; screenshots in ${path.relative(root, path.join(BROWSER_ARTIFACTS, slug))}`);
      reported.push({ file: shown(file), name: journey.name, ok, problems: [...endedEarly, ...stored.map((p) => `stored: ${p}`)], verdicts: result.verdicts, screenshots: result.screenshots, axe: result.axe, ms: result.ms });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const report = writeReplayReport(path.join(BROWSER_ARTIFACTS, 'report.html'), reported, (j) => path.join(BROWSER_ARTIFACTS, path.basename(j.file, '.json')));
  console.log(`\nReport: ${path.relative(process.cwd(), report)}`);
  return reported.filter((r) => !r.ok).length;
}

const failed = await (args.includes('--browser') ? inBrowser() : headless());
if (journeys.length > 1) console.log(`\n${journeys.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
