import type { BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSuite, builtScripts, latestCode, newPage, screenshot } from './harness';
import { AUTH_TEXTS } from '../../src/shared/messages';
import { SESSION_TEXTS } from '../../src/shared/session-texts';
import { submitTextOf } from '../helpers/form-messages';
import { MEMBER_TEXTS } from '../../src/shared/member-texts';
import { PAGE_TEXTS } from '../../src/shared/page-texts';

const MEMBER = { email: 'member@cu.example', password: 'Member!2345', mobile: '+18683000002' };
const NEW_PASSWORD = 'Fresh-Start-2026!';

/** Password, then the SMS code read from the outbox; resolves with the access token the verify call answered. */
async function signIn(page: Page, baseURL: string, email: string, password: string, shots?: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  // Shots after the enabling transition, so they show the settled screen.
  await page.locator('button[type="submit"]:enabled').waitFor();
  if (shots) await screenshot(page, `${shots}-login`);
  await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
  await page.waitForURL('**/auth/mobile-verification');
  await page.getByRole('heading', { name: 'Sign In Verification' }).waitFor();
  const code = await latestCode(baseURL, MEMBER.mobile, 'sign_in_code');
  if (shots) await screenshot(page, `${shots}-mobile-verification`);
  const verified = page.waitForResponse((r) => r.url().includes('/device-verifications/verify/'));
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  const answer = await (await verified).json();
  await page.getByRole('dialog', { name: /Mobile Verified Successfully/ }).waitFor();
  await page.waitForTimeout(400);
  if (shots) await screenshot(page, `${shots}-verified-dialog`);
  return answer.access_token as string;
}

describe('sign-in and session expiry in Chromium', () => {
  // A short session set by configuration: the expiry is observed in seconds, never minutes.
  const e2e = browserSuite({ SESSION_SECONDS: '12' });

  it('signs the member in with the SMS code, stays signed in across a reload, is signed out when the session ends, and comes back to that page on signing in again', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const token = await signIn(page, e2e.server.url, MEMBER.email, MEMBER.password, 'auth');
    await page.waitForURL('**/users/dashboard', { timeout: 5000 });

    // The credential is the HttpOnly cookie: script cannot read it and storage never holds the token.
    const stored = await page.evaluate(() => ({ cookie: document.cookie, local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    expect(token).toMatch(/^ey/);
    expect(stored.cookie).not.toContain('cu_session');
    expect(stored.local).not.toContain(token);
    expect(stored.session).not.toContain(token);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'cu_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/users/dashboard');
    await screenshot(page, 'auth-dashboard-after-reload');
    await page.getByRole('link', { name: MEMBER_TEXTS.viewAll }).click();
    await page.waitForURL('**/users/transactions');

    // The 12-second session ends: the app returns to /login with the expiry message.
    await page.waitForURL('**/login', { timeout: 20_000 });
    await page.getByText(SESSION_TEXTS.expired).waitFor();
    await screenshot(page, 'auth-session-expired');
    const check = await fetch(`${e2e.server.url}/api/users/verify-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' },
      body: JSON.stringify({ token }),
    });
    expect(await check.json()).toEqual({ valid: false });

    // Signing in again in the same tab returns the member to the page their session ended on.
    await signIn(page, e2e.server.url, MEMBER.email, MEMBER.password);
    await expect(page.getByRole('dialog', { name: /Mobile Verified Successfully/ }).textContent()).resolves.toContain('Taking you back to the page you were on');
    await page.waitForURL('**/users/transactions', { timeout: 5000 });
    await page.getByRole('heading', { level: 1, name: /Transactions/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, warns before the session ends; after signing in again the half-filled transfer is there as it was left', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, e2e.server.url, MEMBER.email, MEMBER.password);
    await page.waitForURL('**/users/dashboard', { timeout: 5000 });
    await page.getByRole('link', { name: MEMBER_TEXTS.transferToSelf }).click();
    await page.waitForURL('**/users/transfer-to-self');
    const amount = page.getByLabel('Amount');
    await amount.fill('42.50');
    await page.getByLabel('Instructions').fill('Rent for December');

    // The warning comes before the end (a fifth of this 12-second session), says when and that the form is kept.
    const warning = page.getByRole('alert').filter({ hasText: PAGE_TEXTS.sessionEndsAt.split('{time}')[0].trim() });
    await warning.waitFor({ timeout: 12_000 });
    expect(await warning.textContent()).toContain(PAGE_TEXTS.sessionLasts.split('{length}')[1].trim());
    // The field being typed in stays in sight above the warning (WCAG 2.4.11), and keeps the focus.
    const instructions = page.getByLabel('Instructions');
    expect(await instructions.evaluate((el) => el === document.activeElement)).toBe(true);
    const panel = page.locator('.MuiAlert-root').filter({ has: warning });
    await expect
      .poll(async () => {
        const [field, box] = await Promise.all([instructions.boundingBox(), panel.boundingBox()]);
        return field && box ? field.y + field.height <= box.y : false;
      })
      .toBe(true);
    await screenshot(page, 'auth-session-warning-360');
    const axe = await new AxeBuilder({ page }).include('[role="alert"]').analyze();
    expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.waitForURL('**/login', { timeout: 20_000 });
    await signIn(page, e2e.server.url, MEMBER.email, MEMBER.password);
    await page.waitForURL('**/users/transfer-to-self', { timeout: 5000 });
    await expect(page.getByLabel('Amount').inputValue()).resolves.toBe('42.50');
    await expect(page.getByLabel('Instructions').inputValue()).resolves.toBe('Rent for December');
    await screenshot(page, 'auth-transfer-kept-360');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a member who comes back after the session ended is sent to /login with the expiry message at once, without a click', async () => {
    // Two members' browsers (one comes back to the dashboard, one to the home page); both tabs are closed while
    // the 12-second sessions run out.
    const paths = ['/users/dashboard', '/'];
    const contexts: BrowserContext[] = [];
    for (const _ of paths) {
      const { context, page } = await newPage(e2e.browser, e2e.server.url);
      await signIn(page, e2e.server.url, MEMBER.email, MEMBER.password);
      await page.waitForURL('**/users/dashboard', { timeout: 5000 });
      await page.close();
      contexts.push(context);
    }
    await new Promise((r) => setTimeout(r, 13_000));
    for (const [i, path] of paths.entries()) {
      // As after 10 minutes away: the stored start is older than any session length (the 5-minute default too).
      await contexts[i].addInitScript(() => {
        if (localStorage.getItem('cu.auth.startedAt')) localStorage.setItem('cu.auth.startedAt', String(Date.now() - 10 * 60_000));
      });
      const again = await contexts[i].newPage();
      await again.goto(path);
      await again.waitForURL('**/login', { timeout: 10_000 });
      await again.getByText(SESSION_TEXTS.expired).waitFor({ timeout: 5_000 });
      await screenshot(again, `auth-session-expired-at-load${path === '/' ? '-home' : ''}`);
      await contexts[i].close();
    }
  });

  it('shows the login errors: validation on blur and the 401 alert', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    await page.goto('/login');
    await page.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await page.locator('input[name="password"]').focus();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByRole('textbox', { name: /^Email/ }).fill(MEMBER.email);
    await page.locator('input[name="password"]').fill('Wrong-password-1');
    await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
    await page.getByRole('alert').filter({ hasText: AUTH_TEXTS.invalidCredentials }).waitFor();
    await screenshot(page, 'auth-login-error');
    await context.close();
  });

  it('keeps Verify where it is while the resend countdown ticks and when it ends, so a press on it is not moved off it', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('textbox', { name: /^Email/ }).fill(MEMBER.email);
    await page.locator('input[name="password"]').fill(MEMBER.password);
    await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
    await page.waitForURL('**/auth/mobile-verification');
    const verify = page.getByRole('button', { name: submitTextOf('auth/sign-in-code'), exact: true });
    const resend = page.getByRole('button', { name: new RegExp(`^${PAGE_TEXTS.resendCode}`) });
    const placeOfVerify = async () => JSON.stringify(await verify.boundingBox());
    const first = await placeOfVerify();
    const seen = [await resend.textContent()];
    await screenshot(page, 'auth-resend-counting-360');
    // Each second to the end: the words beside Verify change length (two digits, one, then the label alone).
    while (seen.at(-1) !== PAGE_TEXTS.resendCode && seen.length < 120) {
      await page.clock.runFor(1_000);
      seen.push((await resend.textContent()) ?? '');
      expect(await placeOfVerify(), `Verify moved when the resend button said "${seen.at(-1)}"`).toBe(first);
    }
    expect(seen.at(-1)).toBe(PAGE_TEXTS.resendCode);
    expect(await resend.isEnabled()).toBe(true);
    await screenshot(page, 'auth-resend-ready-360');
    await context.close();
  });

  it('signs the administrator in and lands on /admin/users', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    await page.goto('/login');
    await page.getByRole('textbox', { name: /^Email/ }).fill('admin@cu.example');
    await page.locator('input[name="password"]').fill('Admin!2345');
    await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
    await page.waitForURL('**/auth/mobile-verification');
    const code = await latestCode(e2e.server.url, '+18683000001', 'sign_in_code');
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.waitForURL('**/admin/users', { timeout: 6000 });
    // A signed-in visitor who opens /login is sent on.
    await page.goto('/login');
    await page.waitForURL('**/admin/users', { timeout: 6000 });
    await context.close();
  });

  it('has no serious accessibility violations on the sign-in, verification and reset screens', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    const check = async (name: string) => {
      const result = await new AxeBuilder({ page }).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await check('login');
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await check('reset');
    await page.evaluate(() => sessionStorage.setItem('cu.auth.signIn', JSON.stringify({ userId: 2, phone: '+1******0002', loginStep: 'mobile-verification' })));
    await page.goto('/auth/mobile-verification');
    await page.getByRole('heading', { name: 'Sign In Verification' }).waitFor();
    await check('mobile-verification');
    // A phone-sized screen: the six boxes and the buttons fit without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'auth-mobile-verification-phone');
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'auth-login-phone');
    await context.close();
  });

  it('keeps the token out of the built bundle storage writes', () => {
    const writes = builtScripts().flatMap((f) => f.text.match(/(localStorage|sessionStorage)\.setItem\([^)]*\)/g) ?? []);
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write).not.toMatch(/token|jwt/i);
  });
});

describe('password reset in Chromium', () => {
  const e2e = browserSuite();
  let signedIn: { context: BrowserContext; page: Page };

  it('resets the password in three steps; the new one signs in, the old password and the old session do not', async () => {
    signedIn = await newPage(e2e.browser, e2e.server.url);
    const oldToken = await signIn(signedIn.page, e2e.server.url, MEMBER.email, MEMBER.password);
    await signedIn.page.waitForURL('**/users/dashboard', { timeout: 5000 });

    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Reset Password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByRole('textbox', { name: /^Email/ }).fill(MEMBER.email);
    await screenshot(page, 'reset-step-email');
    await page.getByRole('button', { name: submitTextOf('auth/reset-email') }).click();

    await page.getByRole('heading', { name: 'Verify Email' }).waitFor();
    await page.getByText(AUTH_TEXTS.resetCodeSentTo.split('{email}')[1].trim().slice(0, 30)).waitFor();
    const code = await latestCode(e2e.server.url, MEMBER.email, 'password_reset_code');
    await page.getByPlaceholder('Enter 6-digit code').fill(code);
    await page.locator('button[type="submit"]:enabled').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'reset-step-verification');
    await page.getByRole('button', { name: submitTextOf('auth/reset-code') }).click();

    await page.getByRole('heading', { name: 'New Password' }).waitFor();
    await page.locator('input[name="new_password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="confirm_password"]').fill(NEW_PASSWORD);
    await page.locator('button[type="submit"]:enabled').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'reset-step-password');
    await page.getByRole('button', { name: submitTextOf('auth/reset-password') }).click();
    await page.getByText(AUTH_TEXTS.passwordUpdated).waitFor();
    await page.waitForURL('**/login', { timeout: 5000 });
    await page.getByText(AUTH_TEXTS.resetSuccessRedirect).waitFor();
    await screenshot(page, 'reset-back-on-login');

    // The old password no longer works.
    await page.getByRole('textbox', { name: /^Email/ }).fill(MEMBER.email);
    await page.locator('input[name="password"]').fill(MEMBER.password);
    await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
    await page.getByRole('alert').filter({ hasText: AUTH_TEXTS.invalidCredentials }).waitFor();

    // The new one does.
    await signIn(page, e2e.server.url, MEMBER.email, NEW_PASSWORD);
    await page.waitForURL('**/users/dashboard', { timeout: 5000 });

    // The session opened before the reset is dead, on the server and in its browser.
    const check = await fetch(`${e2e.server.url}/api/users/verify-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' },
      body: JSON.stringify({ token: oldToken }),
    });
    expect(await check.json()).toEqual({ valid: false });
    await signedIn.page.reload();
    await signedIn.page.waitForURL('**/login', { timeout: 10_000 });
    await signedIn.page.getByText(SESSION_TEXTS.expired).waitFor();
    await context.close();
    await signedIn.context.close();
  });
});
