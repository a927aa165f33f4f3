import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { copyConfig } from '../scripts/config-copy';

const root = path.resolve(import.meta.dirname, '../..');

// An analyst's change made in JSON only, on a CONFIG_ROOT copy, in the browser: a fact on a new remembered answer
// (living abroad: the residential address's country), a step of its own for those applicants with a rule between two
// of its answers (the planned return after the move), and an option rule on a radio of a later step (contacted by
// email only). The pages are built from the copy and the real server runs on it; a journey walks it in Chromium,
// with a refused attempt at each new rule.
describe('an analyst’s JSON change tried on a copy, in the browser', () => {
  const config = copyConfig('repository');
  const LIVES_ABROAD = { properties: { livesAbroad: { const: true } }, required: ['livesAbroad'] };
  const RETURN_MESSAGE = 'The planned return must be after the date you moved.';
  const EMAIL_ONLY = 'Applicants living abroad are contacted by email.';
  config.edit('flows/onboarding.flow.json', (flow) => {
    flow.facts.livesAbroad = { label: 'living abroad', rule: { allOf: [{ present: 'residenceCountry' }, { not: { equals: { of: 'residenceCountry', value: 'TT' } } }] } };
    flow.steps.address.remember = { residenceCountry: 'data.country' };
    flow.steps['overseas-residence'] = {
      route: '/overseas-residence', title: 'Overseas Residence', kind: 'form', form: 'onboarding/overseas-residence', requiresSignupId: true,
      submit: { method: 'POST', endpoint: '/overseas-residences/', encoding: 'json' }, next: flow.steps.address.next,
    };
    flow.steps.address.next = [{ when: LIVES_ABROAD, to: 'overseas-residence' }, ...flow.steps.address.next];
  });
  config.write('forms/onboarding/overseas-residence.schema.json', {
    title: 'Overseas Residence', type: 'object', additionalProperties: false, required: ['resident_since'],
    properties: {
      resident_since: { type: 'string', format: 'date', title: 'Living there since', notAfterToday: true, errorMessage: { format: 'Enter a date.', notAfterToday: 'The date cannot be in the future.' } },
      planned_return: { type: 'string', format: 'date', title: 'Planned return', afterField: 'resident_since', errorMessage: { format: 'Enter a date.', afterField: RETURN_MESSAGE } },
    },
    errorMessage: { required: { resident_since: 'Enter the date you moved.' } },
    examples: [{ resident_since: '2020-01-15' }],
  });
  config.write('forms/onboarding/overseas-residence.ui.json', { 'ui:order': ['resident_since', 'planned_return'], resident_since: { 'ui:widget': 'date' }, planned_return: { 'ui:widget': 'date' } });
  config.edit('forms/onboarding/branch.schema.json', (schema) => {
    schema.properties.preferred_contact_method.optionsWhen = [{ when: LIVES_ABROAD, only: ['email'], default: 'email', message: EMAIL_ONLY }];
  });
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-analyst-build-'));
  let server: RunningServer;
  let browser: Browser;
  let previous: string | undefined;

  beforeAll(async () => {
    const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: root, env: { ...process.env, NODE_ENV: 'production', CONFIG_ROOT: config.root }, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);
    server = await startServer({ CONFIG_ROOT: config.root, STATIC_DIR: outDir });
    browser = await launchBrowser();
    previous = process.env.CONFIG_ROOT;
    process.env.CONFIG_ROOT = config.root;
  }, 240_000);
  afterAll(async () => {
    if (previous === undefined) delete process.env.CONFIG_ROOT;
    else process.env.CONFIG_ROOT = previous;
    await browser?.close();
    await server?.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('walks the new step, and each new rule refuses its answer on the page', { timeout: 240_000 }, async () => {
    // The replay reads the flow and forms of the configuration in use when its modules load: the copy's.
    const { replayJourneyInBrowser } = await import('../../scripts/lib/browser-replay');
    const { loadJourney } = await import('../../scripts/lib/replay-journey');
    const journey = loadJourney(path.join(root, 'tests/fixtures/journeys/adult-new-local.json'));
    const at = (step: string) => journey.entries.findIndex((e) => e.step === step);
    journey.entries[at('address')].data!.country = 'CA';
    journey.entries.splice(at('address') + 1, 0,
      { step: 'overseas-residence', data: { resident_since: '2021-03-01', planned_return: '2021-03-01' }, expect: { status: 400, errors: { planned_return: RETURN_MESSAGE } } },
      { step: 'overseas-residence', data: { resident_since: '2021-03-01', planned_return: '2030-01-01' } },
    );
    const branch = journey.entries[at('branch')];
    journey.entries.splice(at('branch'), 0, { ...structuredClone(branch), data: { ...branch.data, preferred_contact_method: 'phone' }, expect: { status: 400, errors: { preferred_contact_method: EMAIL_ONLY } } });
    branch.data!.preferred_contact_method = 'email';
    const lines: string[] = [];
    const result = await replayJourneyInBrowser(journey, { baseUrl: server.url, browser, slug: 'analyst-change', log: (l) => lines.push(l) });
    await result.close();
    expect(result.ok, lines.join('\n')).toBe(true);
    const refused = result.verdicts.filter((v) => v.verdict === 'refused as expected').map((v) => v.step);
    expect(refused).toEqual(['overseas-residence', 'branch']);
    expect(result.verdicts.filter((v) => v.step === 'overseas-residence').map((v) => v.verdict)).toEqual(['refused as expected', 'ok']);
  });
});
