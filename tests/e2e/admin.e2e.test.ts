import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { latestCode, latestOutboxMessage, launchBrowser, newPage, screenshot, startServer, type RunningServer } from './harness';
import { loadJourney, replayJourney, JOURNEYS_DIR } from '../../scripts/lib/replay-journey';

const ADMIN = { email: 'admin@cu.example', password: 'Admin!2345', mobile: '+18683000001' };

/** Password, then the SMS code from the outbox; waits for the landing page. */
async function signIn(page: Page, baseURL: string, who: { email: string; password: string; mobile: string }, landing: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/auth/mobile-verification');
  const code = await latestCode(baseURL, who.mobile, 'sign_in_code');
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.waitForURL(`**${landing}`, { timeout: 10_000 });
}

async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 200)).join(" | ")}`);
}

describe('administrator approves an application in Chromium; the new member signs in', () => {
  let server: RunningServer;
  let browser: Browser;
  let signupId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // A whole applicant journey replayed through the onboarding API (QA's fixture), ending pending approval.
    const journey = loadJourney(`${JOURNEYS_DIR}/adult-new-local.json`);
    const result = await replayJourney(journey, { baseUrl: server.url });
    expect(result.ok, JSON.stringify(result.verdicts.filter((v) => v.verdict === 'FAILED'))).toBe(true);
    signupId = result.signupId!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs the administrator in, reviews and approves the application, then logs out; the member signs in and sees the savings account', async () => {
    const { context, page } = await newPage(browser, server.url);
    page.on('pageerror', (e) => errors.push(e.message));

    await signIn(page, server.url, ADMIN, '/admin/users');
    await page.getByRole('table', { name: 'Users' }).getByText('00001').waitFor();
    await screenshot(page, 'admin-users');
    expect(await seriousViolations(page, 'users')).toEqual([]);

    await page.getByRole('tab', { name: 'Signup Approvals' }).click();
    await page.waitForURL('**/admin/signup-approvals');
    await page.getByRole('table', { name: 'Signups' }).getByText('Nadia Persad').waitFor();
    await screenshot(page, 'admin-signup-approvals');
    expect(await seriousViolations(page, 'signup approvals')).toEqual([]);

    await page.getByRole('link', { name: /^Review application .* of Nadia Persad$/ }).click();
    await page.waitForURL(`**/admin/signup-approvals/${signupId}`);
    await page.getByRole('heading', { level: 1, name: 'Nadia Persad' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Branch Selection' }).waitFor();
    await page.getByRole('button', { name: /^Download / }).first().waitFor();
    const email = (await page.locator('dt:text-is("Email") + dd').textContent())!.trim();
    const mobile = (await page.locator('dt:text-is("Mobile") + dd').textContent())!.trim();
    await screenshot(page, 'admin-application-review');

    // A document downloads as a file (attachment), through the administrator's session.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download / }).first().click();
    expect((await download).suggestedFilename()).toMatch(/\.(pdf|jpe?g|png)$/);

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Signup' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Signup approved successfully').waitFor();
    await page.getByText('Application approved by Ava Administrator').waitFor();
    await screenshot(page, 'admin-application-approved');
    // The review page is long: also keep what the administrator sees first.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'tests/e2e/artifacts/admin-application-approved-top.png' });
    const mail = await latestOutboxMessage(server.url, email, 'signup_approved');
    expect(mail?.body).toMatch(/savings account \d{11}/);

    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await context.close();

    const member = await newPage(browser, server.url);
    member.page.on('pageerror', (e) => errors.push(e.message));
    await signIn(member.page, server.url, { email, password: 'Str0ng!Pass', mobile }, '/users/dashboard');
    await member.page.getByRole('heading', { name: 'Welcome back, Nadia' }).waitFor();
    const accountNumber = mail!.body.match(/savings account (\d{11})/)![1];
    await member.page.getByTestId(`balance-${accountNumber}`).waitFor();
    expect(await member.page.getByTestId(`balance-${accountNumber}`).textContent()).toBe('TTD $0.00');
    await screenshot(member.page, 'admin-approved-member-dashboard');
    await member.context.close();
    expect(errors).toEqual([]);
  });
});
