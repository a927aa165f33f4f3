// What a phone downloads and how Lighthouse scores it: the production build served by the real server, next to
// an anchor built and served in the same run (a minimal page with RJSF and its MUI theme, the form library this
// product is built on, as its documentation sets it up), measured the same way.
//
//   npm run bench:web                  (LIGHTHOUSE_RUNS=3 by default; LIGHTHOUSE_RUNS=0 measures bytes only)
//
// 1. Script each page makes the browser load, counted in headless Chromium (bytes on the wire and gzip size of
//    every script response), for `/`, `/login`, the first form step of the wizard, and the anchor.
// 2. Script the heaviest wizard step needs, cumulative, from the build's files (every onboarding form, the step
//    page and what they import statically): the figure of the issue "Fast on a phone".
// 3. Lighthouse 12 (mobile, simulated throttling), the median of LIGHTHOUSE_RUNS runs per page: performance,
//    accessibility and best practices, with FCP and LCP.
// BENCH_LIGHTHOUSE_DIR=<folder> keeps each Lighthouse report there. BENCH_COMPARE_PRELOADS=1 also serves a copy of the build without route-preloads.json (the server then sends
// index.html without the page's modulepreload links) and measures `/login` and the wizard step on it, in the same run.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { build } from 'vite';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { firstLoadScripts, staticClosure } from '../lib/first-load';
import { precompressPlugin } from '../lib/precompress-plugin';
import { ROUTE_PRELOADS_FILE } from '../lib/route-preloads-plugin';
import { startServer } from '../../tests/e2e/harness';

const root = path.resolve(import.meta.dirname, '../..');
const work = path.join(root, '.tmp/bench-web');
const runs = Math.min(Number(process.env.LIGHTHOUSE_RUNS ?? 3), 9);
const DEBUG_PORT = 9339;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function buildProduct(outDir: string) {
  process.env.NODE_ENV = 'production';
  await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/** The anchor: RJSF with its MUI theme and the ajv8 validator, rendering a short form (the library's own example). */
async function buildAnchor(outDir: string) {
  const src = path.join(work, 'anchor-src');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(path.join(src, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="RJSF with MUI"><title>RJSF + MUI</title></head><body><main id="root"></main><script type="module" src="./main.tsx"></script></body></html>');
  fs.writeFileSync(
    path.join(src, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
const schema = { title: 'A registration form', type: 'object', required: ['firstName', 'lastName'], properties: {
  firstName: { type: 'string', title: 'First name' }, lastName: { type: 'string', title: 'Last name' },
  age: { type: 'integer', title: 'Age' }, bio: { type: 'string', title: 'Bio' }, password: { type: 'string', title: 'Password', minLength: 3 } } } as const;
createRoot(document.getElementById('root')!).render(<Form schema={schema} validator={validator} />);
`,
  );
  await build({ configFile: false, root: src, mode: 'production', logLevel: 'warn', plugins: [react(), precompressPlugin()], build: { outDir, emptyOutDir: true } });
}

async function serveAnchor(dir: string) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, preCompressed: true });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}

/**
 * Every script response of one page load in Chromium, with the cache off: bytes on the wire (compressed as sent)
 * and gzip size. Fails when the page ends up elsewhere (a wizard step sends a first visit back to the start).
 */
async function scriptsOf(context: BrowserContext, url: string, before?: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  // In the same tab: the wizard keeps an applicant's progress in the tab's sessionStorage.
  if (before) await before(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; wire: number }>();
  cdp.on('Network.responseReceived', (e) => e.type === 'Script' && scripts.set(e.requestId, { url: e.response.url, wire: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.wire = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (page.url() !== url) throw new Error(`${url} ended at ${page.url()}`);
  let gzip = 0;
  for (const s of scripts.values()) gzip += zlib.gzipSync(Buffer.from(await (await fetch(s.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()), { level: 9 }).length;
  const wire = [...scripts.values()].reduce((sum, s) => sum + s.wire, 0);
  await page.close();
  return { files: scripts.size, wire, gzip };
}

/**
 * Lighthouse on the browser's default profile (the context below), which clears the cache and the site's storage
 * before each run; with `before` (a wizard step needs the applicant's saved choice) it prepares the page first and
 * keeps the storage, clearing only the cache, so every run is still a first visit for the network.
 */
async function lighthouseMedian(context: BrowserContext, url: string, before?: (page: Page) => Promise<void>) {
  const scores: Array<{ performance: number; accessibility: number; bestPractices: number; fcp: number; lcp: number }> = [];
  for (let i = 0; i < runs; i++) {
    // A wizard step: prepared in a tab of its own, which Lighthouse then loads the step in (through Puppeteer, its
    // way of being handed a tab): the wizard keeps an applicant's progress in the tab's sessionStorage, which a new
    // tab of Lighthouse's own would not have.
    let tab: PuppeteerPage | undefined;
    let connection: PuppeteerBrowser | undefined;
    let prepared: Page | undefined;
    if (before) {
      prepared = await context.newPage();
      await before(prepared);
      await (await context.newCDPSession(prepared)).send('Network.clearBrowserCache');
      connection = await puppeteer.connect({ browserURL: `http://127.0.0.1:${DEBUG_PORT}`, defaultViewport: null });
      const preparedUrl = prepared.url();
      tab = (await connection.pages()).find((p) => p.url() === preparedUrl);
      if (!tab) throw new Error(`No tab at ${preparedUrl} for Lighthouse`);
    }
    const result = await lighthouse(url, { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: Boolean(before) }, undefined, tab);
    await connection?.disconnect();
    await prepared?.close();
    const lhr = result!.lhr;
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      // Each run's report, for the metrics behind a score (BENCH_LIGHTHOUSE_DIR=.tmp/lh npm run bench:web).
      fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${i}.json`), JSON.stringify(lhr));
    }
    scores.push({
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue ?? 0,
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    });
  }
  const median = <K extends keyof (typeof scores)[number]>(key: K) => scores.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  return { performance: median('performance'), accessibility: median('accessibility'), bestPractices: median('bestPractices'), fcp: median('fcp'), lcp: median('lcp') };
}

async function main() {
  const appDir = path.join(work, 'app');
  const anchorDir = path.join(work, 'anchor');
  await buildProduct(appDir);
  await buildAnchor(anchorDir);

  // The heaviest wizard step, from the files: what `/` loads, and what the step's page loads after it (the build's
  // list for the server's modulepreload links: the step page, its kind's page, the form module and their imports).
  const preloads = JSON.parse(fs.readFileSync(path.join(appDir, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>;
  const flow = JSON.parse(fs.readFileSync(path.join(root, 'flows/onboarding.flow.json'), 'utf8')) as { steps: Record<string, { route: string; form?: string }> };
  const steps = Object.values(flow.steps).filter((step) => step.form).map((step) => {
    const files = staticClosure(appDir, [...firstLoadScripts(appDir).map((s) => s.file), ...preloads[step.route].map((f) => f.slice(1))]);
    return { form: step.route, gzip: files.reduce((sum, s) => sum + s.gzip, 0) };
  });
  const heaviest = steps.sort((a, b) => b.gzip - a.gzip)[0];
  const anchorFiles = firstLoadScripts(anchorDir);

  const server = await startServer({ STATIC_DIR: appDir });
  const comparePreloads = process.env.BENCH_COMPARE_PRELOADS === '1';
  let withoutPreloads: Awaited<ReturnType<typeof startServer>> | undefined;
  if (comparePreloads) {
    const bareDir = path.join(work, 'app-without-preloads');
    fs.rmSync(bareDir, { recursive: true, force: true });
    fs.cpSync(appDir, bareDir, { recursive: true });
    for (const f of fs.readdirSync(bareDir).filter((f) => f.startsWith(ROUTE_PRELOADS_FILE))) fs.rmSync(path.join(bareDir, f));
    withoutPreloads = await startServer({ STATIC_DIR: bareDir });
  }
  const anchor = await serveAnchor(anchorDir);
  // A persistent profile: its context is the browser's default one, the one Lighthouse's tabs open in.
  const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(work, 'profile-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 360, height: 740 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    // The wizard's first form step opens once an applicant has chosen "New Customer" (saved in the browser), on a
    // browser with no application yet (a saved one would be offered to continue first).
    const startApplicationOn = (base: string) => async (page: Page) => {
      await page.goto(`${base}/new-or-existing-customer`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.getByRole('button', { name: /New Customer/ }).click();
      await page.waitForURL('**/getting-ready');
    };
    const startApplication = startApplicationOn(server.url);
    const pages = [
      { name: '/', url: `${server.url}/` },
      { name: '/login', url: `${server.url}/login` },
      { name: '/getting-ready (wizard form step)', url: `${server.url}/getting-ready`, before: startApplication },
      { name: 'anchor: RJSF + MUI page', url: `${anchor.url}/` },
      ...(withoutPreloads
        ? [
            { name: '/login, no preload links', url: `${withoutPreloads.url}/login` },
            { name: '/getting-ready, no preload links', url: `${withoutPreloads.url}/getting-ready`, before: startApplicationOn(withoutPreloads.url) },
          ]
        : []),
    ];
    console.log(`\nScript loaded in Chromium (360 px), served compressed by the real server; the anchor the same way\n`);
    console.log(`${'page'.padEnd(36)} ${'files'.padStart(5)} ${'on the wire'.padStart(12)} ${'gzip'.padStart(10)}`);
    for (const p of pages) {
      const s = await scriptsOf(context, p.url, p.before);
      console.log(`${p.name.padEnd(36)} ${String(s.files).padStart(5)} ${kb(s.wire).padStart(12)} ${kb(s.gzip).padStart(10)}`);
    }
    console.log(`\nHeaviest wizard step, cumulative gzip from the build: ${heaviest.form} ${kb(heaviest.gzip)} (anchor page ${kb(anchorFiles.reduce((sum, s) => sum + s.gzip, 0))})`);
    console.log(steps.map((s) => `  ${s.form.padEnd(52)} ${kb(s.gzip)}`).join('\n'));

    if (runs > 0) {
      console.log(`\nLighthouse ${runs} run(s) each, mobile, median: performance / accessibility / best practices, FCP, LCP\n`);
      for (const p of pages) {
        const r = await lighthouseMedian(context, p.url, p.before);
        console.log(`${p.name.padEnd(36)} ${String(r.performance).padStart(3)} / ${String(r.accessibility).padStart(3)} / ${String(r.bestPractices).padStart(3)}   FCP ${(r.fcp / 1000).toFixed(1)} s   LCP ${(r.lcp / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    await context.close();
    await anchor.close();
    await server.stop();
    await withoutPreloads?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
