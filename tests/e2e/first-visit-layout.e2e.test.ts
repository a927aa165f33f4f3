import type { Page } from 'playwright-core';
import { browserSuite } from './harness';
import { listJourneyFiles, loadFlow, loadJourney, personalise } from '../../scripts/lib/replay-journey';
import { fillFormStep, waitForStep } from '../../scripts/lib/browser-replay';
import { factsWithStepData } from '../../src/shared/facts/declared-facts';
import { today } from '../../src/shared/dates/today';

// What only a real browser's layout shows, found by a person's first visit on a phone (360 px): a focus ring that a
// card's edge cuts away, text an alert cuts off (an email address on the code step), and a message repeating a long
// typed answer that pushed the page sideways. All are checked on every control and every element of the pages walked,
// not on one named control: the steps come from the flow file and the answers from the QA journeys.

/** Each control the keyboard reaches from the top of the page whose focus ring an ancestor (overflow other than visible) cuts. */
async function cutFocusRings(page: Page, limit = 80): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('body').focus();
  const cut: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"${el.id ? `#${el.id}` : ''}`;
      const style = getComputedStyle(el);
      if (style.outlineStyle === 'none') return { name, cutBy: null };
      const grow = (parseFloat(style.outlineWidth) || 0) + (parseFloat(style.outlineOffset) || 0);
      const r = el.getBoundingClientRect();
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const q = a.getBoundingClientRect();
        if (r.left - grow < q.left || r.top - grow < q.top || r.right + grow > q.right || r.bottom + grow > q.bottom) return { name, cutBy: String(a.className).split(' ')[0] };
      }
      return { name, cutBy: null };
    });
    if (!found || seen.has(found.name)) {
      if (found) break;
      continue;
    }
    seen.add(found.name);
    if (found.cutBy) cut.push(`${found.name}: its focus ring is cut by .${found.cutBy}`);
  }
  return cut;
}

/**
 * Text the page cuts off: an element that clips or scrolls its content sideways and has more than it shows (inputs
 * scroll their text by nature), or the whole page wider than the phone.
 */
async function cutOffText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'svg', 'path'].includes(el.tagName)) continue;
      const s = getComputedStyle(el);
      if (s.overflowX === 'visible' || el.scrollWidth <= el.clientWidth + 1) continue;
      // Drawn for no one (an outlined field's notch keeps a hidden copy of its label).
      if (s.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      const text = (el.innerText ?? '').trim();
      if (text) out.push(`"${text.slice(0, 60)}" is cut off (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return out;
  });
}

describe('an applicant on a phone (360 px): nothing cut off', () => {
  const suite = browserSuite({ TRUST_PROXY: '1' });
  const flow = loadFlow();
  const journey = loadJourney(listJourneyFiles().find((f) => f.endsWith('adult-new-local.json'))!);
  const entries = personalise(journey.entries, { tag: `layout${Date.now()}`, digits: String(Date.now()).slice(-7) });
  // The first steps of the journey, up to the email code step, whose notice names the address typed at basic info.
  const codeStep = Object.keys(flow.steps).find((id) => flow.steps[id].kind === 'otp' && entries.some((e) => e.step === id))!;

  it('every control of the first steps shows its whole focus ring; no message cuts off or pushes sideways a long word (a typed answer, an email address)', { timeout: 90_000 }, async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 360, height: 740 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });
    const page = await context.newPage();
    const rings: string[] = [];
    const texts: string[] = [];
    try {
      await page.goto(flow.steps[flow.initial].route);
      for (const entry of entries) {
        const step = flow.steps[entry.step];
        await waitForStep(page, step);
        // The step's form has loaded (its controls are what is checked).
        if (step.kind === 'form' || step.kind === 'checklist') await page.locator('form button[type="submit"]').first().waitFor();
        rings.push(...(await cutFocusRings(page)).map((m) => `${entry.step}: ${m}`));
        texts.push(...(await cutOffText(page)).map((m) => `${entry.step}: ${m}`));
        if (entry.step === codeStep) break;
        if (step.kind === 'choice') {
          await page.getByRole('button', { name: new RegExp(`^${step.choices![entry.choice ?? 0].label}`) }).click();
          continue;
        }
        // A message that repeats what was typed ('"..." is not one of the choices') wraps a long word too, rather than
        // pushing the page sideways: the first searchable list of the step gets one before the journey's answers.
        const list = page.locator('input[role="combobox"][id^="root_"]').first();
        if (await list.count()) {
          await list.click();
          await page.keyboard.type('Trinidad_and_Tobago_or_somewhere_else_entirely_different_from_every_country_listed');
          await page.keyboard.press('Tab');
          await page.locator(`[id="${await list.getAttribute('id')}__error"], [id="${await list.getAttribute('id')}__not-in-list"]`).first().waitFor().catch(() => undefined);
          texts.push(...(await cutOffText(page)).map((m) => `${entry.step} (a long unknown answer typed): ${m}`));
          await list.fill('');
        }
        // A long address, as people have: it must wrap on the code step's notice, not be cut at the phone's edge.
        const data = step.form === 'onboarding/basic-info' ? { ...entry.data, email: `${String(entry.data!.email).replace('@', '.persad.ramkissoon@')}` } : entry.data;
        const facts = factsWithStepData(flow, step.form ?? '', {}, data ?? {}, today());
        await fillFormStep(page, step, { ...entry, data }, facts, today());
        await page.locator('form button[type="submit"]').first().click();
        await page.waitForURL((url) => url.pathname !== step.route, { timeout: 20_000 });
      }
      await page.getByRole('status').filter({ hasText: 'persad.ramkissoon@' }).waitFor();
      texts.push(...(await cutOffText(page)).map((m) => `${codeStep} (code sent): ${m}`));
      expect({ rings, texts }).toEqual({ rings: [], texts: [] });
    } finally {
      await context.close();
    }
  });
});
