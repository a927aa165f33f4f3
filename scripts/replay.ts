/**
 * Replays one QA journey (tests/fixtures/journeys/*.json):
 *   npm run replay -- FILE [--url http://127.0.0.1:3000]             headless, through the onboarding API
 *   npm run replay -- FILE --browser [--url http://127.0.0.1:3000]   in Chromium, through the real step pages
 * Without --url a server is started: in-process on an in-memory database (headless), or the real product
 * (`src/server/server.ts`, built bundle from E2E_STATIC_DIR or dist/, built if missing) for --browser.
 * Each step prints its verdict; --browser saves a screenshot of every step in
 * tests/e2e/artifacts/journeys/<journey>/, runs axe on every step page, and checks what the server stored.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadJourney, replayJourney } from './lib/replay-journey';
import { startInProcessServer } from './lib/in-process-server';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--url');
const urlIndex = args.indexOf('--url');
if (!file) {
  console.error('usage: npm run replay -- FILE [--browser] [--url http://host:port]');
  process.exit(2);
}
const journey = loadJourney(file);
const givenUrl = urlIndex >= 0 ? args[urlIndex + 1].replace(/\/+$/, '') : undefined;

async function headless() {
  const server = givenUrl ? { baseUrl: givenUrl, close: async () => undefined } : await startInProcessServer();
  console.log(`Replaying "${journey.name}" against ${server.baseUrl}`);
  try {
    const result = await replayJourney(journey, { baseUrl: server.baseUrl, log: (line) => console.log(line) });
    console.log(`${result.ok ? 'PASSED' : 'FAILED'}: ${result.verdicts.length} steps in ${result.ms} ms${result.signupId ? `, signup ${result.signupId}` : ''}`);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await server.close();
  }
}

async function inBrowser() {
  const { launchBrowser, startServer } = await import('../tests/e2e/harness');
  const { replayJourneyInBrowser, BROWSER_ARTIFACTS } = await import('./lib/browser-replay');
  const { adminSession, checkStoredApplication } = await import('./lib/stored-application');
  const root = path.resolve(import.meta.dirname, '..');
  const staticDir = path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist');
  if (!givenUrl && !fs.existsSync(path.join(staticDir, 'index.html'))) {
    console.log(`Building the app into ${staticDir} ...`);
    execSync(`npm run build --silent -- --outDir ${JSON.stringify(staticDir)} --emptyOutDir`, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const server = givenUrl ? { url: givenUrl, stop: async () => undefined } : await startServer();
  const browser = await launchBrowser();
  const slug = path.basename(file!, '.json');
  console.log(`Replaying "${journey.name}" in Chromium against ${server.url}`);
  try {
    const result = await replayJourneyInBrowser(journey, { baseUrl: server.url, browser, slug, log: (line) => console.log(line) });
    await result.close();
    for (const v of result.axe) console.log(`x axe ${v}`);
    const stored = result.ok ? await checkStoredApplication(server.url, await adminSession(server.url), result) : [];
    for (const p of stored) console.log(`x stored: ${p}`);
    const ok = result.ok && result.axe.length === 0 && stored.length === 0;
    const what = ok ? `, signup ${result.signupId} pending_approval with every step's data and files` : result.signupId ? `, signup ${result.signupId}` : '';
    console.log(`${ok ? 'PASSED' : 'FAILED'}: ${result.verdicts.length} steps in ${result.ms} ms${what}; screenshots in ${path.relative(root, path.join(BROWSER_ARTIFACTS, slug))}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await (args.includes('--browser') ? inBrowser() : headless());
