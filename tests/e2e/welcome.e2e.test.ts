import { browserSuite, newPage, screenshot } from './harness';

describe('welcome page in Chromium', () => {
  const e2e = browserSuite();

  it('serves the app and the API on one port', async () => {
    const res = await fetch(`${e2e.server.url}/api/health`, { headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } });
    expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
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
