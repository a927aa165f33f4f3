import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { listJourneyFiles, loadFlow, loadJourney } from '../../scripts/lib/replay-journey';
import { BROWSER_ARTIFACTS, fillFormStep, replayJourneyInBrowser, savedProgress, waitForStep } from '../../scripts/lib/browser-replay';
import { factsWithStepData } from '../../src/shared/facts/declared-facts';
import { today } from '../../src/shared/dates/today';
import { fillText } from '../../src/shared/fill-text';
import { adminSession, checkStoredApplication } from '../../scripts/lib/stored-application';

// Every QA journey (tests/fixtures/journeys/) in Chromium through the real step pages, on one server and one
// browser: each reaches 'Application Received!', axe finds nothing serious on any step page, refused attempts
// show their messages under the fields, and the server holds the application pending approval with every
// step's data and files. Screenshots: tests/e2e/artifacts/journeys/<journey>/<nn>-<step>@<1280|360>.png.
describe('onboarding journeys in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: { cookie: string; at: number } | undefined;
  const admin = async () => {
    // Administrator sessions last 5 minutes: sign in again when this one is near its end.
    if (!session || Date.now() - session.at > 4 * 60_000) session = { cookie: await adminSession(server.url), at: Date.now() };
    return session.cookie;
  };

  beforeAll(async () => {
    // Each journey is another applicant on another network (its own X-Forwarded-For behind one trusted hop).
    server = await startServer({ TRUST_PROXY: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Two journeys at a time (each its own applicant, network and browser context; vitest.e2e.config.ts's
  // maxConcurrency): a journey mostly waits for the page and the server, so two share the machine well.
  it.concurrent.for(listJourneyFiles().map((file) => [path.basename(file, '.json'), file] as const))(
    '%s reaches Application Received! and is stored pending approval',
    { timeout: 180_000 },
    async ([slug, file], { expect }) => {
      const lines: string[] = [];
      // After submission every applicant lands on Home and stays there with the stored data cleared: one journey by
      // the 10 s fallback, the others by the dialog's 'Go to Home'. One journey is driven on a phone (360 px); every
      // step is photographed at 1280 and 360 px.
      const result = await replayJourneyInBrowser(loadJourney(file), {
        baseUrl: server.url,
        browser,
        slug,
        log: (l) => lines.push(l),
        home: slug === 'adult-new-local' ? 'wait' : 'button',
        viewport: slug === 'minor-with-guardian' ? { width: 360, height: 780 } : undefined,
      });
      await result.close();
      expect(result.ok, lines.join('\n')).toBe(true);
      expect(result.verdicts[result.verdicts.length - 1]).toMatchObject({ step: 'success', verdict: 'ok', detail: 'Application Received!' });
      expect(result.axe).toEqual([]);
      expect(result.screenshots.length).toBeGreaterThanOrEqual(2 * result.verdicts.length);
      expect(await checkStoredApplication(server.url, await admin(), result)).toEqual([]);
      if (slug === 'fixes-validation-errors') {
        // The journey that errs: each refused attempt was held on its page with the message under its field.
        expect(result.verdicts.filter((v) => v.verdict === 'refused as expected').map((v) => v.step)).toEqual([
          'basic-info',
          'basic-info',
          'politically-exposed-persons',
          'id-information',
          'address',
          'designation-of-beneficiary',
          'branch',
        ]);
      }
    },
  );

  it('resumes at the same step after a reload mid-wizard', async () => {
    const flow = loadFlow();
    const journey = loadJourney(listJourneyFiles().find((f) => f.endsWith('adult-new-local.json'))!);
    // Stop once the politically exposed persons step is sent: the applicant is on ID Information.
    const stopAfter = journey.entries.findIndex((e) => e.step === 'politically-exposed-persons');
    const result = await replayJourneyInBrowser(journey, { baseUrl: server.url, browser, slug: 'reload-mid-wizard', stopAfter });
    try {
      expect(result.ok, JSON.stringify(result.verdicts)).toBe(true);
      const { page } = result;
      await waitForStep(page, flow.steps['id-information']);
      const before = await savedProgress(page);
      await page.reload();
      await waitForStep(page, flow.steps['id-information']);
      const after = await savedProgress(page);
      expect(after).toMatchObject({ currentStep: 'id-information', applicant: { signupId: before!.applicant.signupId } });
      // Progress is kept along the applicant's path (not back at the start).
      expect(await page.getByText(/% complete$/).textContent()).not.toBe('0% complete');
      // Typing the first step's address does not lose the place either: the wizard offers the saved step.
      await page.goto('/address');
      await waitForStep(page, flow.steps['id-information']);
    } finally {
      await result.close();
    }
  });

  it('a reload on an upload step keeps the typed answers and lists no file it lost; Back shows what was sent', async () => {
    const flow = loadFlow();
    const journey = loadJourney(listJourneyFiles().find((f) => f.endsWith('adult-new-local.json'))!);
    // The journey's first step with files: the replay stops just before it.
    const at = journey.entries.findIndex((e) => !e.expect && Object.keys(e.files ?? {}).length > 0);
    const entry = journey.entries[at];
    const step = flow.steps[entry.step];
    const result = await replayJourneyInBrowser(journey, { baseUrl: server.url, browser, slug: 'reload-upload-step', stopAfter: at - 1 });
    const { page } = result;
    const chosenFiles = page.getByRole('list', { name: /: chosen files$/ });
    /** The step's typed answers as its text boxes show them, by field. */
    const typed = async () => {
      const out: Record<string, string> = {};
      for (const [field, value] of Object.entries(entry.data ?? {})) {
        const box = page.locator(`input#root_${field}[type="text"]`);
        if (typeof value === 'string' && (await box.count())) out[field] = await box.inputValue();
      }
      return out;
    };
    try {
      expect(result.ok, JSON.stringify(result.verdicts)).toBe(true);
      await waitForStep(page, step);
      const facts = factsWithStepData(flow, step.form!, (await savedProgress(page))!.applicant, entry.data ?? {}, today());
      await fillFormStep(page, step, entry, facts, today());
      const filled = await typed();
      expect(Object.keys(filled).length).toBeGreaterThan(0);
      expect(await chosenFiles.count()).toBeGreaterThan(0);
      // The page asks before a reload throws the changes away; the applicant reloads anyway.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await waitForStep(page, step);
      await page.locator('form button[type="submit"]').first().waitFor();
      expect(await typed()).toEqual(filled);
      // The files went with the reload: none is listed, so none can seem attached when it is not; the step names them.
      expect(await chosenFiles.count()).toBe(0);
      const attached = Object.values(entry.files ?? {}).flat().map((f) => (f as { name: string }).name);
      const lostNotice = page.getByRole('alert').filter({ hasText: fillText(flow.resume!.texts.filesLost, { files: '' }).slice(0, 30) });
      for (const name of attached) await lostNotice.filter({ hasText: name }).waitFor();
      await page.screenshot({ path: path.join(BROWSER_ARTIFACTS, 'reload-upload-step', 'after-reload.png'), fullPage: true });
      await fillFormStep(page, step, entry, facts, today(), { only: (widget) => widget === 'file-upload' });
      await page.locator('form button[type="submit"]').first().click();
      await page.waitForURL((url) => url.pathname !== step.route, { timeout: 20_000 });
      // Back to the sent step: its answers are there again; its files must be chosen again to send it again.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await waitForStep(page, step);
      await page.locator('form button[type="submit"]').first().waitFor();
      expect(await typed()).toEqual(filled);
      expect(await chosenFiles.count()).toBe(0);
      // It says the server holds the documents, by name, and Next goes on as it was sent without asking for them.
      const heldNotice = page.getByRole('alert').filter({ hasText: fillText(flow.resume!.texts.sentFiles, { files: '' }).slice(0, 24) });
      for (const name of attached) await heldNotice.filter({ hasText: name }).waitFor();
      await page.screenshot({ path: path.join(BROWSER_ARTIFACTS, 'reload-upload-step', 'after-back.png'), fullPage: true });
      await page.locator('form button[type="submit"]').first().click();
      await page.waitForURL((url) => url.pathname !== step.route, { timeout: 20_000 });
    } finally {
      await result.close();
    }
  });
});
