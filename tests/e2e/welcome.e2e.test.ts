import { AxeBuilder } from '@axe-core/playwright';
import { browserSuite, newPage, screenshot } from './harness';

describe('welcome page in Chromium', () => {
  const e2e = browserSuite();

  it('serves the app and the API on one port', async () => {
    const res = await fetch(`${e2e.server.url}/api/health`, { headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } });
    expect(await res.json()).toEqual({ status: 'up' });
    const page = await fetch(`${e2e.server.url}/some/deep/link`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
  });

  it("opens /, clicks \"Don't have an account?\" and lands on /new-or-existing-customer", async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.title()).toBe('Welcome - Credit Union Online');
    await screenshot(page, 'welcome');
    await page.getByRole('button', { name: "Don't have an account?" }).click();
    await page.waitForURL('**/new-or-existing-customer');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations in light and dark mode, on a desktop and a phone; the theme button switches and remembers the mode', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome to Credit Union Online');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 740 });
      for (const mode of ['light', 'dark']) {
        if ((await page.locator('html').getAttribute('data-color-mode')) !== mode) await page.getByRole('button', { name: /Switch to/ }).click();
        expect(await page.locator('html').getAttribute('data-color-mode')).toBe(mode);
        // axe reads colours as they are: wait until the switch's colour transitions have ended (a button mid-fade
        // has the contrast of neither mode).
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const result = await new AxeBuilder({ page }).analyze();
        const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${mode} ${width}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `welcome-${mode}-${width}`);
      }
    }
    // The chosen mode survives a reload, and MUI pages draw in it.
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 21, 19)');
    // Keyboard: the first stops are the home link, the theme button, then the page's buttons, each with a visible focus.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Switch to light theme');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign In');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!, '::after').opacity)).not.toBe('');
    // A ring outside the button too (WCAG 2.4.7: the ripple alone was faint inside a filled button), on the first
    // page's buttons and on MUI's (the sign-in page's show-password button; its Sign In waits for the fields).
    const ring = () => page.evaluate(() => { const s = getComputedStyle(document.activeElement!); return `${s.outlineStyle} ${s.outlineWidth}`; });
    expect(await ring()).toBe('solid 2px');
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    for (let i = 0; i < 12 && (await focusedName()) !== 'Show password'; i++) await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Show password');
    expect(await ring()).toBe('solid 2px');
    await context.close();
  });

  it("shows 'Page Not Found' for an unknown path and returns home", async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
