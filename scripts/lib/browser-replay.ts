import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { resolveForm } from '../../src/shared/forms/form-registry';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { withoutHiddenFields } from '../../src/shared/forms/visible-fields';
import { deriveFormData } from '../../src/shared/transforms/form-rules';
import { factsWithStepData } from '../../src/shared/facts/declared-facts';
import { today as creditUnionToday } from '../../src/shared/dates/today';
import { skipLabelOf, stepForPage, type FlowStep } from '../../src/shared/flow/flow-types';
import { API_KEY_HEADER, API_SECRET_HEADER } from '../../src/shared/product';
import { applicantAddress, fileContent, loadFlow, otpRecipient, personalise, type FixtureFile, type Journey, type JourneyEntry, type StepVerdict } from './replay-journey';
import { otpPurpose } from '../../src/shared/flow/otp-operations';
import { stepSubmitText } from '../../src/ui/forms/submit-text';
import { PAGE_TEXTS } from '../../src/shared/page-texts';
import { WIDGET_TEXTS } from '../../src/shared/widget-texts';
import { fillText } from '../../src/shared/fill-text';

type Json = Record<string, any>;

export const BROWSER_ARTIFACTS = path.resolve(import.meta.dirname, '../../tests/e2e/artifacts/journeys');
const PROGRESS_KEY = 'cu.onboarding.progress';
const MIME: Record<FixtureFile['type'], string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

export interface BrowserReplayResult {
  journey: string;
  ok: boolean;
  verdicts: StepVerdict[];
  /** Serious or critical axe violations, per step page ("<nn>-<step>: <rule> <nodes>"). */
  axe: string[];
  screenshots: string[];
  signupId?: string;
  /** What the applicant submitted, per step id (the last accepted attempt), for checking what the server stored. */
  submitted: Record<string, { entry: JourneyEntry; facts: Record<string, unknown> }>;
  ms: number;
}

export interface BrowserReplayOptions {
  baseUrl: string;
  browser: Browser;
  /** Folder name under tests/e2e/artifacts/journeys (default: the fixture's file name given by the caller). */
  slug: string;
  log?: (line: string) => void;
  /** Stop after this entry index (the reload test resumes from there itself). */
  stopAfter?: number;
  /**
   * After 'Application Received!': 'button' goes home with the dialog's button, 'wait' waits the 10 s fallback;
   * either way the applicant must land on Home and stay there with the saved data gone.
   */
  home?: 'button' | 'wait';
  /** The window the journey is driven in (default 1280 x 900); every step is also photographed at the other width. */
  viewport?: { width: number; height: number };
}

const sources = readFormsDir();

/** The newest 6-digit code sent to a recipient, read from the development outbox. */
export async function outboxCode(baseUrl: string, recipient: string, purpose: string, notBefore = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?${new URLSearchParams({ recipient, purpose, limit: '1' })}`, { headers: { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' } });
    const body = (await res.json()) as { items?: Array<{ body: string; id?: number; created_on?: string }> };
    const item = body.items?.[0];
    const code = item?.body.match(/\b(\d{6})\b/)?.[1];
    if (code && (!notBefore || (item?.id ?? 0) > notBefore || !item?.id)) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${recipient} (${purpose}) in the outbox`);
}

function optionsOf(prop: Json): Array<{ value: unknown; label: string }> {
  if (Array.isArray(prop?.oneOf)) return prop.oneOf.map((o: Json) => ({ value: o.const, label: String(o.title ?? o.const) }));
  if (Array.isArray(prop?.enum)) return prop.enum.map((v: unknown) => ({ value: v, label: String(v) }));
  return [];
}
const labelOf = (prop: Json, value: unknown) => optionsOf(prop).find((o) => o.value === value)?.label ?? String(value);

/** The first definition of a field with options in the form's if/then branches. */
function branchProperty(schema: Json, field: string): Json | undefined {
  for (const part of schema.allOf ?? []) {
    for (const branch of [part.then, part.else]) {
      const prop = branch?.properties?.[field];
      if (prop && optionsOf(prop).length) return prop;
    }
  }
  return undefined;
}

/**
 * An option the page does not offer this applicant (an option rule, `optionsWhen`, narrows the list): the browser
 * cannot send it, so an attempt the journey expects the server to refuse for it is refused here by not offering it.
 */
class OptionNotOffered extends Error {
  constructor(
    readonly label: string,
    readonly field = '',
  ) {
    super(`the page offers no option "${label}"${field ? ` for ${field}` : ''} to this applicant (an option rule narrows the list?)`);
  }
}

/** Opens a MUI select (by its combobox id) and picks the option(s) by their visible label. */
async function chooseInSelect(page: Page, combo: Locator, labels: string[]): Promise<void> {
  await combo.click();
  const list = page.getByRole('listbox');
  await list.waitFor();
  for (const label of labels) {
    const option = list.getByRole('option', { name: label, exact: true });
    if (!(await option.count())) {
      await page.keyboard.press('Escape');
      throw new OptionNotOffered(label);
    }
    if ((await option.getAttribute('aria-selected')) !== 'true') await option.click();
  }
  if (await list.isVisible().catch(() => false)) await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
  // Let the menu finish fading out, so a screenshot shows the form and not the closing menu.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

/** A button's name made from a message with {name} (widgets.json's "Remove {name}"): whatever name it is filled with. */
function namedAfter(message: string): RegExp {
  const [before, after = ''] = message.split('{name}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}.+${after}$`);
}

/** Removes every file a file field already lists (a retried step starts that field over). */
async function clearFiles(page: Page, field: string): Promise<void> {
  const control = page.locator(`.MuiFormControl-root:has(> div > input#root_${field})`);
  for (;;) {
    const remove = control.getByRole('button', { name: namedAfter(WIDGET_TEXTS.removeFile) }).first();
    if (!(await remove.count())) return;
    await remove.click();
  }
}

/** The widgets that draw a list as a box typed into (searchable-select-widget.tsx). */
const TYPED_LISTS: unknown[] = ['country-select', 'searchable-select'];

/** A list typed into: the option's words, then the option, as a person picks a country. */
async function typeAndPick(page: Page, input: Locator, label: string): Promise<void> {
  if ((await input.inputValue()) === label) return; // already chosen (a retried step)
  await input.fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function fillBeneficiaries(page: Page, itemSchema: Json, itemUi: Json, options: Json, items: Json[], retry: boolean): Promise<void> {
  // A retried step starts the list over: remove what is there (each removal is confirmed).
  for (; retry; ) {
    const remove = page.locator('#root_beneficiaries').getByRole('button', { name: namedAfter(WIDGET_TEXTS.removeBeneficiary) }).first();
    if (!(await remove.count())) break;
    await remove.click();
    const dialog = page.getByRole('dialog', { name: options.removeTitle ?? WIDGET_TEXTS.confirmRemoval });
    await dialog.getByRole('button', { name: options.removeLabel ?? WIDGET_TEXTS.remove }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  for (const [i, item] of items.entries()) {
    for (const [name, value] of Object.entries(item)) {
      if (value === '' || value === null || value === undefined) continue;
      const prop = itemSchema.properties?.[name] ?? {};
      const input = page.locator(`#root_beneficiaries-${name}`);
      if (TYPED_LISTS.includes(itemUi?.[name]?.['ui:widget'])) await typeAndPick(page, input, labelOf(prop, value));
      else if (optionsOf(prop).length) await chooseInSelect(page, input, [labelOf(prop, value)]);
      else await input.fill(String(value));
    }
    // The last one is left typed, as a person often does: Next adds it and sends the step with it.
    if (i < items.length - 1) await page.getByRole('button', { name: options.addLabel ?? WIDGET_TEXTS.addBeneficiary }).click();
  }
}

/** Fills one field the way an applicant would, choosing the interaction from its widget and schema. */
async function fillField(page: Page, field: string, prop: Json, ui: Json, value: unknown, entry: JourneyEntry, rootSchema: Json): Promise<void> {
  const widget = ui?.['ui:widget'];
  const id = `#root_${field}`;
  if (widget === 'hidden' || prop?.readOnly) return;
  if (widget === 'file-upload') {
    // Only a retry starts the field over; a first visit attaches the files once, as an applicant does.
    if (entry.retry) await clearFiles(page, field);
    const files = entry.files?.[field] ?? [];
    if (!files.length) return;
    await page.locator(id).setInputFiles(files.map((f) => ({ name: f.name, mimeType: MIME[f.type], buffer: fileContent(f) })));
    return;
  }
  if (widget === 'beneficiary-list') return fillBeneficiaries(page, prop.items ?? {}, ui.items ?? {}, ui['ui:options'] ?? {}, (value as Json[]) ?? [], entry.retry === true);
  if (widget === 'agreement') {
    const box = page.locator(id);
    if ((await box.isChecked()) === (value === true)) return;
    const options = ui['ui:options'] ?? {};
    await page.getByRole('button', { name: options.openLabel ?? fillText(PAGE_TEXTS.readDocument, { document: String(options.document) }) }).click();
    const dialog = page.getByRole('dialog', { name: String(options.document) });
    await dialog.getByRole('button', { name: options.acceptLabel ?? PAGE_TEXTS.agree }).click();
    await dialog.waitFor({ state: 'hidden' });
    return;
  }
  if (widget === 'yes-no') return page.locator(`${id}-${value === true ? 'yes' : 'no'}`).check();
  if (widget === 'radio') {
    // A yes/no question drawn as radios offers Yes then No (RJSF's boolean options), with no list in its schema.
    if (!optionsOf(prop).length && prop?.type === 'boolean') return page.locator(`${id}-${value === true ? 0 : 1}`).check();
    if (!optionsOf(prop).some((o) => o.value === value)) throw new Error(`Field ${field}: the radio offers no option ${JSON.stringify(value)}.`);
    // By its words, not its place: an option rule may offer this applicant fewer options than the list has.
    const radio = page.locator(`input[type="radio"][id^="root_${field}-"]`).and(page.getByRole('radio', { name: labelOf(prop, value), exact: true }));
    if (!(await radio.count())) throw new OptionNotOffered(labelOf(prop, value), field);
    return radio.check();
  }
  if (TYPED_LISTS.includes(widget)) return typeAndPick(page, page.locator(id), labelOf(prop, value));
  if (prop?.type === 'boolean') {
    const box = page.locator(id);
    if (!(await box.isEditable())) return;
    return box.setChecked(value === true);
  }
  if (prop?.type === 'array' && (optionsOf(prop.items ?? {}).length || prop.items?.$ref)) {
    return chooseInSelect(page, page.locator(id), ((value as unknown[]) ?? []).map((v) => labelOf(prop.items, v)));
  }
  if (optionsOf(prop).length && widget !== 'school-search') {
    return chooseInSelect(page, page.locator(id), [labelOf(prop, value)]).catch((error: unknown) => {
      throw error instanceof OptionNotOffered ? new OptionNotOffered(error.label, field) : error;
    });
  }
  const input = page.locator(id);
  // A list a conditional branch adds (the if/then of the form): the field renders as a select.
  if ((await input.getAttribute('role')) === 'combobox' && widget !== 'school-search') return chooseInSelect(page, input, [labelOf(branchProperty(rootSchema, field) ?? {}, value)]);
  if (!(await input.isEditable())) return;
  await input.fill(String(value));
  if (widget === 'school-search') await page.keyboard.press('Escape');
}

/**
 * Fills a form or checklist step's fields from a journey entry, in the form's order, as an applicant would; `only`
 * picks the fields by their widget (the files again after a reload, say).
 */
export async function fillFormStep(page: Page, step: FlowStep, entry: JourneyEntry, facts: Record<string, unknown>, today: string, options: { log?: (line: string) => void; only?: (widget: string | undefined) => boolean } = {}): Promise<void> {
  const { schema, uiSchema } = resolveForm(sources, step.form!);
  const data = entry.data ?? {};
  const shown = withoutHiddenFields(schema, uiSchema, deriveFormData(schema, data, { today, facts }));
  const order: string[] = uiSchema['ui:order'] ?? Object.keys(schema.properties ?? {});
  const fields = [...order.filter((f) => f !== '*'), ...Object.keys(schema.properties ?? {}).filter((f) => !order.includes(f))];
  for (const field of fields) {
    if (!(field in shown) || !(field in data)) continue;
    if (options.only && !options.only(uiSchema[field]?.['ui:widget'])) continue;
    if (step.kind === 'checklist') {
      await page.locator(`#root-${field}`).setChecked(data[field] === true);
      continue;
    }
    if (process.env.REPLAY_DEBUG) options.log?.(`    ${field} = ${JSON.stringify(data[field])}`);
    await fillField(page, field, schema.properties[field] ?? {}, uiSchema[field] ?? {}, data[field], entry, schema);
  }
}

/** How many times a form of the page's document has been submitted (counted from the first ask on, per document). */
async function submitsSoFar(page: Page): Promise<number> {
  return page.evaluate(() => {
    const counted = window as unknown as { replaySubmits?: number };
    if (counted.replaySubmits === undefined) {
      counted.replaySubmits = 0;
      document.addEventListener('submit', () => (counted.replaySubmits! += 1), true);
    }
    return counted.replaySubmits;
  });
}

/** Every error message the page shows, once each. */
async function shownMessages(page: Page): Promise<string[]> {
  const texts = await page.locator('.Mui-error.MuiFormHelperText-root, [role="alert"], [id$="__error"]').allInnerTexts();
  return [...new Set(texts.flatMap((t) => t.split('\n')).map((t) => t.trim()).filter(Boolean))];
}

/** Every field message shown on the page (under fields and in alerts), for a failure's explanation. */
async function shownErrors(page: Page): Promise<string> {
  return (await shownMessages(page)).join(' | ') || NOTHING_SHOWN;
}
const NOTHING_SHOWN = 'no message shown';

async function submitLabel(page: Page): Promise<string> {
  return ((await page.locator('form button[type="submit"]').first().textContent()) ?? 'Next').trim();
}

/**
 * Waits until no menu or popover is open or fading out (closing one with Escape if needed), so a
 * screenshot and axe see the settled page, not half-transparent options in a closing menu.
 */
async function settle(page: Page): Promise<void> {
  const overlays = page.locator('.MuiMenu-root, .MuiPopover-root, .MuiAutocomplete-popper');
  if (await page.getByRole('listbox').isVisible().catch(() => false)) await page.keyboard.press('Escape');
  await overlays.first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  // The step's form has loaded (a skipped step is photographed with its form, not its spinner).
  await page.getByRole('progressbar', { name: 'Loading form' }).waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  // And every CSS transition has ended (a button turning enabled, a label moving into its outline's notch).
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))).catch(() => undefined);
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

/**
 * Full-page screenshots of the page as it is, at the width the journey is driven at and at the other one
 * (1280 and 360 px): `<shot>@1280.png`, `<shot>@360.png`. The window goes back to its size afterwards.
 */
async function screenshotsAtEveryWidth(page: Page, dir: string, shot: string, viewport: { width: number; height: number }): Promise<string[]> {
  const files: string[] = [];
  for (const size of [viewport, viewport.width === PHONE.width ? DESKTOP : PHONE]) {
    if (size !== viewport) {
      await page.setViewportSize(size);
      // Two frames for the new width's layout and paint (a full-page shot taken at once showed half-painted fields).
      await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
      await settle(page);
    }
    const file = path.join(dir, `${shot}@${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize(viewport);
  return files;
}

/** axe-core's script, as @axe-core/playwright injects it (resolved from that package, whose dependency it is). */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/**
 * All of axe's rules on the page, reporting the violations in full (the rules that pass are counted, not listed
 * node by node). axe is injected once per document: a single-page app keeps it across its routes, where
 * AxeBuilder injected its 500 KB script and opened a blank page for every check (1.6 s a step page, 0.35 s now).
 * A page with frames goes through AxeBuilder, which checks inside them.
 */
async function axeViolations(page: Page): Promise<Result[]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).analyze()).violations;
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() => (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> } }).axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations));
}

/** Serious and critical axe violations of the settled page (menus closed, transitions ended: a half-faded button is no finding). */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  await settle(page);
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.help}) ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

/** The applicant's progress the wizard saved in the tab (signup id, applicant token...). */
export async function savedProgress(page: Page): Promise<Json | null> {
  return page.evaluate((key) => {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  }, PROGRESS_KEY);
}

/** Waits until the wizard shows a step: its route and its heading. */
export async function waitForStep(page: Page, step: FlowStep): Promise<void> {
  await page.waitForURL((url) => url.pathname === step.route, { timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: step.title, exact: true }).waitFor({ timeout: 15_000 });
}

/**
 * Replays one journey in Chromium through the real step pages: it clicks, types, picks options and files
 * as an applicant would, reads the codes from the outbox, screenshots and axe-checks every step page, and
 * checks that a refused attempt shows the journey's messages under their fields.
 */
export async function replayJourneyInBrowser(journey: Journey, options: BrowserReplayOptions): Promise<BrowserReplayResult & { page: Page; close(): Promise<void> }> {
  const flow = loadFlow();
  const log = options.log ?? (() => undefined);
  const run = { tag: crypto.randomBytes(4).toString('hex'), digits: String(crypto.randomInt(1_000_000, 9_999_999)) };
  const entries = personalise(journey.entries, run);
  const dir = path.join(BROWSER_ARTIFACTS, options.slug);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const viewport = options.viewport ?? DESKTOP;
  const context = await options.browser.newContext({ baseURL: options.baseUrl, viewport, extraHTTPHeaders: { 'x-forwarded-for': applicantAddress() } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  let apiCalls = 0;
  page.on('request', (request) => {
    // The wizard's calls, not the funnel's step reports (sent on entering and leaving every step).
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/funnel/')) apiCalls++;
  });
  const verdicts: StepVerdict[] = [];
  const axe: string[] = [];
  const screenshots: string[] = [];
  const submitted: BrowserReplayResult['submitted'] = {};
  const started = Date.now();
  const today = creditUnionToday();
  let signupId: string | undefined;
  let failed = false;

  await page.goto(flow.steps[flow.initial].route);
  for (const [index, entry] of entries.entries()) {
    if (options.stopAfter !== undefined && index > options.stopAfter) break;
    const t0 = Date.now();
    const name = `${String(index + 1).padStart(2, '0')}-${entry.step}`;
    const step = stepForPage(flow, entry.step);
    const verdict = (v: StepVerdict['verdict'], detail: string) => {
      verdicts.push({ step: entry.step, verdict: v, detail, ms: Date.now() - t0 });
      log(`${v === 'FAILED' ? 'x' : '-'} ${entry.step.padEnd(34)} ${v}${detail ? `: ${detail}` : ''} (${Date.now() - t0} ms)`);
      if (v === 'FAILED') failed = true;
    };
    const capture = async (shot = name) => {
      await settle(page);
      screenshots.push(...(await screenshotsAtEveryWidth(page, dir, shot, viewport)));
      axe.push(...(await seriousViolations(page, shot)));
    };
    try {
      if (!step) throw new Error(`the flow has no step "${entry.step}"`);
      await waitForStep(page, step);
      const applicant = (await savedProgress(page))?.applicant ?? {};
      // The applicant's facts with this step's data counted (basic info's date of birth decides isMinor).
      const facts = factsWithStepData(flow, step?.form ?? '', applicant, entry.data ?? {}, today);
      if (entry.skip) {
        await capture();
        // A step may offer skip at its top and bottom (skipPlacement both): a person takes the first one seen.
        await page.getByRole('button', { name: skipLabelOf(step) }).first().click();
        await page.waitForURL((url) => url.pathname !== step.route, { timeout: 15_000 });
        verdict('skipped', skipLabelOf(step));
        continue;
      }
      if (step.kind === 'choice') {
        const choice = step.choices![entry.choice ?? 0];
        await capture();
        await page.getByRole('button', { name: new RegExp(`^${choice.label}`) }).click();
        verdict('ok', choice.label);
      } else if (step.kind === 'info') {
        await capture();
        await page.getByRole('button', { name: stepSubmitText(step), exact: true }).click();
        verdict('ok', 'info');
      } else if (step.kind === 'otp') {
        const recipient = otpRecipient(step, entry, applicant);
        // The code is sent on entry; the notice shows once the server answered.
        await page.getByRole('status').first().waitFor({ timeout: 15_000 });
        const code = await outboxCode(options.baseUrl, recipient, otpPurpose(step.otp!)!);
        await capture();
        await page.getByLabel('Digit 1 of 6').click();
        await page.keyboard.type(code);
        await page.getByRole('dialog', { name: step.texts?.verified ?? 'Verified' }).waitFor({ timeout: 15_000 });
        verdict('ok', 'code from the outbox typed into the boxes');
      } else if (step.kind === 'success') {
        await capture();
        await page.getByRole('button', { name: step.texts?.submit ?? 'Submit' }).click();
        const received = page.getByRole('dialog', { name: step.texts?.receivedTitle ?? 'Application Received!' });
        await received.waitFor({ timeout: 15_000 });
        await capture(`${name}-received`);
        if (options.home) {
          // Home by the dialog's button, or by the 10 s fallback; then the applicant stays there, nothing saved.
          if (options.home === 'button') await received.getByRole('button', { name: step.texts?.receivedGoHome ?? 'Go to Home' }).click();
          await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
          await page.getByRole('button', { name: 'Sign In' }).waitFor();
          await page.waitForTimeout(1500);
          if (new URL(page.url()).pathname !== '/') throw new Error(`the applicant was taken on from Home to ${new URL(page.url()).pathname}`);
          if (await savedProgress(page)) throw new Error('the saved signup data is still there after the return home');
        }
        verdict('ok', step.texts?.receivedTitle ?? 'received');
      } else {
        const notOffered = await fillFormStep(page, step, entry, facts, today, { log }).then(
          () => null,
          (error: unknown) => {
            if (error instanceof OptionNotOffered && entry.expect?.errors?.[error.field] !== undefined) return error;
            throw error;
          },
        );
        if (notOffered) {
          // The server refuses this value (the journey's expect); the page does not even offer it.
          await capture();
          verdict('refused as expected', `${notOffered.field}: "${notOffered.label}" is not offered to this applicant (the server would answer: ${entry.expect!.errors![notOffered.field]})`);
          continue;
        }
        if (!entry.expect) await capture();
        const callsBefore = apiCalls;
        const submitsBefore = await submitsSoFar(page);
        await page.locator('form button[type="submit"]').first().click();
        if (entry.expect) {
          for (const [field, message] of Object.entries(entry.expect.errors ?? {})) {
            // Under the field: RJSF's error list of the field, or the message a widget shows itself.
            const under = page
              .locator(`[id="root_${field}__error"], #root_${field} [role="alert"], .MuiFormControl-root:has(> div > input#root_${field}) > [role="alert"]`)
              .filter({ hasText: message });
            await under
              .first()
              .waitFor({ timeout: 10_000 })
              .catch(async () => {
                throw new Error(`"${message}" is not shown under ${field}; shown: ${await shownErrors(page)}`);
              });
          }
          if (new URL(page.url()).pathname !== step.route) throw new Error('the refused attempt moved on');
          if (!entry.expect.partial) {
            // Exactly the expected fields are marked invalid: another field at fault is a difference. (A field may show
            // more than the server's one message, such as the password's checklist of rules, so fields are compared.)
            const expectedIds = Object.keys(entry.expect.errors ?? {}).map((f) => `root_${f.replace(/\./g, '_')}`);
            const invalid = await page.locator('[aria-invalid="true"][id^="root_"]').evaluateAll((nodes) => nodes.map((n) => n.id));
            const others = [...new Set(invalid.filter((id) => !expectedIds.some((e) => id === e || id.startsWith(`${e}_`))))];
            if (others.length) throw new Error(`fields the journey does not expect are marked invalid (list them, or set "partial": true): ${others.map((id) => id.slice('root_'.length)).join(', ')}; shown: ${await shownErrors(page)}`);
          }
          await capture();
          verdict('refused as expected', Object.values(entry.expect.errors ?? {}).join(' / '));
          continue;
        }
        await page.waitForURL((url) => url.pathname !== step.route, { timeout: 20_000 }).catch(async () => {
          const shown = await shownErrors(page);
          // A refusal the applicant cannot see is the worst kind: nothing sent, nothing said.
          if (apiCalls === callsBefore && shown === NOTHING_SHOWN) {
            // Whether the press reached the form tells a lost click (the button moved under the press) from a form that ignored it.
            const reached = (await submitsSoFar(page)) > submitsBefore ? 'the form was submitted' : 'no submit reached the form: the press did not click the button';
            throw new Error(`pressing "${await submitLabel(page)}" made no call and shows no message (a silent refusal; ${reached})`);
          }
          throw new Error(`the step did not move on; shown: ${shown}`);
        });
        submitted[entry.step] = { entry, facts };
        signupId ??= (await savedProgress(page))?.applicant?.signupId;
        verdict('ok', step.submit ? `${step.submit.method} ${step.submit.endpoint}` : step.kind);
      }
    } catch (error) {
      const file = path.join(dir, `${name}-FAILED.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      verdict('FAILED', (error as Error).message.split('\n')[0]);
      break;
    }
  }
  if (pageErrors.length) {
    failed = true;
    log(`x page errors: ${pageErrors.join(' | ')}`);
  }
  const last = verdicts[verdicts.length - 1];
  const complete = options.stopAfter !== undefined || (last?.step === 'success' && last.verdict === 'ok');
  return {
    journey: journey.name,
    ok: !failed && complete,
    verdicts,
    axe,
    screenshots,
    signupId,
    submitted,
    ms: Date.now() - started,
    page,
    close: () => context.close(),
  };
}
