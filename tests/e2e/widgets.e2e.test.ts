import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, latestCode, screenshot } from './harness';
import { submitTextOf } from '../helpers/form-messages';

// The widgets a person meets on a phone (360 px): lists you type into (Enter picks, never submits a half-filled
// form; the school list on focus) and the six code boxes (an SMS autofill or a fill of the whole code into the
// first box). Screenshots: tests/e2e/artifacts/widgets-360-*.png.
const MEMBER = { email: 'member@cu.example', password: 'Member!2345', mobile: '+18683000002' };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const schools: string[] = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../forms/lists/schools.json'), 'utf8')).examples;

/** Nothing is wider than the phone's screen (no sideways scrolling). */
async function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Field messages on the page (a submit attempt shows them): none means nothing was submitted. */
const shownFieldErrors = (page: Page) => page.locator('.MuiFormHelperText-root.Mui-error').count();

/** A person fills the six boxes in one go: the phone offers the SMS code, or a fill of all six digits into box 1. */
async function fillCodeIntoFirstBox(page: Page, code: string): Promise<void> {
  const first = page.getByLabel('Digit 1 of 6');
  await first.waitFor();
  await first.fill(code);
}

describe('widgets on a 360 px phone', () => {
  const e2e = browserSuite();

  it('the sign-in code screen takes all six digits filled into the first box, and fits the screen', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, ...PHONE });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('textbox', { name: /^Email/ }).fill(MEMBER.email);
      await page.locator('input[name="password"]').fill(MEMBER.password);
      await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
      await page.waitForURL('**/auth/mobile-verification');
      const code = await latestCode(e2e.server.url, MEMBER.mobile, 'sign_in_code');
      await page.getByLabel('Digit 6 of 6').waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      await screenshot(page, 'widgets-360-sign-in-code');
      expect(await page.getByLabel('Digit 1 of 6').getAttribute('autocomplete')).toBe('one-time-code');
      expect(await page.getByLabel('Digit 1 of 6').getAttribute('inputmode')).toBe('numeric');
      await fillCodeIntoFirstBox(page, code);
      const boxes = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => page.getByLabel(`Digit ${n} of 6`).inputValue()));
      expect(boxes.join('')).toBe(code);
      await page.getByRole('dialog', { name: /Mobile Verified Successfully/ }).waitFor();
      await page.waitForURL('**/users/dashboard', { timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  it('in the wizard, Enter picks the highlighted nationality and the school list opens on focus; neither submits; the code screens take a filled code', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, ...PHONE });
    const page = await context.newPage();
    const tag = crypto.randomBytes(4).toString('hex');
    const email = `widgets-${tag}@example.com`;
    const mobile = `+1868${crypto.randomInt(1_000_000, 9_999_999)}`;
    try {
      await page.goto('/new-or-existing-customer');
      await page.getByRole('button', { name: /^New Customer/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Getting Ready' }).waitFor();
      await page.getByRole('checkbox').first().waitFor();
      for (const box of await page.getByRole('checkbox').all()) if (await box.isEnabled()) await box.check();
      await page.getByRole('button', { name: 'Start Application' }).click();
      await page.getByRole('heading', { level: 1, name: 'Basic Information' }).waitFor();

      // Nationality: type part of the name, Enter picks the highlighted first match; the form is not submitted.
      const nationality = page.getByRole('combobox', { name: /^Nationality/ });
      await nationality.click();
      await nationality.pressSequentially('Trin');
      await page.getByRole('option', { name: 'Trinidad and Tobago' }).waitFor();
      await page.keyboard.press('Enter');
      expect(await nationality.inputValue()).toBe('Trinidad and Tobago');
      await page.keyboard.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/basic-info');
      expect(await shownFieldErrors(page)).toBe(0);

      // A child's date of birth shows the school field: focus lists the first 50 schools.
      const twelve = new Date();
      twelve.setFullYear(twelve.getFullYear() - 12);
      await page.getByLabel(/^Date of Birth/).fill(twelve.toISOString().slice(0, 10));
      const school = page.getByRole('combobox', { name: /^School Name/ });
      await school.click();
      const listbox = page.getByRole('listbox');
      await listbox.waitFor();
      expect(await listbox.getByRole('option').allInnerTexts()).toEqual(schools.slice(0, 50));
      await screenshot(page, 'widgets-360-school-list-on-focus');
      // From 2 characters the list filters; the arrow keys choose, Enter picks, nothing is submitted.
      await school.pressSequentially('fati');
      await listbox.getByRole('option', { name: 'Fatima College' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await school.inputValue()).toBe('Fatima College');
      await page.keyboard.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/basic-info');
      expect(await shownFieldErrors(page)).toBe(0);

      // The rest of the form, then Next: the step is sent and the email code screen opens.
      await page.getByLabel(/^First Name/).fill('Kai');
      await page.getByLabel(/^Last Name/).fill('Widgets');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Mobile Number/).fill(mobile);
      await page.getByRole('radio', { name: 'Female' }).check();
      await page.getByRole('combobox', { name: /^Marital Status/ }).click();
      await page.getByRole('option', { name: 'Single', exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await page.getByLabel(/^Password/, { exact: false }).first().fill('Widgets!2345');
      await page.getByLabel(/^Confirm Password/).fill('Widgets!2345');
      for (const document of ['Terms and Conditions', 'Financial Declaration']) {
        await page.getByRole('button', { name: `Read the ${document}` }).click();
        const dialog = page.getByRole('dialog', { name: document });
        await dialog.getByRole('button', { name: 'I Agree' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      expect(await fitsTheScreen(page)).toBe(true);
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await page.getByRole('heading', { level: 1, name: 'Email Verification' }).waitFor({ timeout: 15_000 });
      await page.getByRole('status').first().waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      await screenshot(page, 'widgets-360-email-code');
      await fillCodeIntoFirstBox(page, await latestCode(e2e.server.url, email, 'signup_email_code'));
      await page.getByRole('dialog', { name: 'Email Verified Successfully' }).waitFor();

      await page.getByRole('heading', { level: 1, name: 'Mobile Verification' }).waitFor({ timeout: 15_000 });
      await page.getByRole('status').first().waitFor();
      await fillCodeIntoFirstBox(page, await latestCode(e2e.server.url, mobile, 'signup_mobile_code'));
      await page.getByRole('dialog', { name: 'Mobile Verified Successfully' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Membership Declaration' }).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  it('the occupation list (employment form preview in the studio) picks the highlighted occupation on Enter', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, ...PHONE });
    const page = await context.newPage();
    try {
      await page.goto('/dev/flow');
      await page.getByRole('combobox', { name: 'Form' }).click();
      await page.getByRole('option', { name: 'onboarding/employment-information' }).click();
      await page.getByRole('combobox', { name: /^Employment Status/ }).click();
      await page.getByRole('option', { name: 'Employed', exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      const occupation = page.getByRole('combobox', { name: /^Occupation/ });
      await occupation.click();
      await occupation.pressSequentially('accou');
      await page.getByRole('option', { name: 'Accountant' }).waitFor();
      await page.keyboard.press('Enter');
      expect(await occupation.inputValue()).toBe('Accountant');
      // The studio's preview validates live, so the fields not yet filled show their messages; this one has none.
      expect(await occupation.getAttribute('aria-invalid')).not.toBe('true');
      await screenshot(page, 'widgets-360-occupation');
    } finally {
      await context.close();
    }
  });
});
