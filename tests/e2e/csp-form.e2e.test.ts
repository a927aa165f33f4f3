import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, startServer, type RunningServer } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const staticDir = path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist');

describe('a form step under the strict CSP', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the built bundle compiles no code at runtime: no new Function / Function( (ajv is precompiled)', () => {
    const assets = path.join(staticDir, 'assets');
    const offenders = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => /new Function\b|(?<![\w$.])Function\(/.test(fs.readFileSync(path.join(assets, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('walks to /basic-info and shows the schema’s validation messages, with no CSP violation', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const response = await page.goto('/new-or-existing-customer');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    await page.getByRole('button', { name: /New Customer/ }).click();
    await page.waitForURL('**/getting-ready');
    for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.waitForURL('**/basic-info');
    await page.getByRole('textbox', { name: /First Name/i }).waitFor();
    await page.locator('form button[type="submit"]').click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByRole('textbox', { name: /First Name/i }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: /Email/i }).first().fill('not-an-email');
    await page.getByText('Invalid email address').waitFor();
    await screenshot(page, 'csp-basic-info-validation');
    expect(errors.filter((e) => /unsafe-eval|Content Security Policy|EvalError/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
