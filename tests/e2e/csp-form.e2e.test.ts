import { browserSuite, builtScripts, newPage, screenshot } from './harness';

describe('a form step under the strict CSP', () => {
  const e2e = browserSuite();

  it('the built bundle compiles no code at runtime: no new Function / Function( (ajv is precompiled)', () => {
    const offenders = builtScripts()
      .filter((f) => /new Function\b|(?<![\w$.])Function\(/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('walks to /basic-info and shows the schema’s validation messages, with no CSP violation', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const response = await page.goto('/new-or-existing-customer');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    await page.getByRole('button', { name: /New Customer/ }).click();
    await page.waitForURL('**/getting-ready');
    // all() does not wait: without this the loop can run before the lazily loaded checklist is there.
    await page.getByRole('checkbox').first().waitFor();
    for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.waitForURL('**/basic-info');
    await page.getByRole('textbox', { name: /First Name/i }).waitFor();
    await page.locator('form button[type="submit"]').click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByRole('textbox', { name: /First Name/i }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: /Email/i }).first().fill('not-an-email');
    await page.getByText('Please enter a valid email address').waitFor();
    await screenshot(page, 'csp-basic-info-validation');
    expect(errors.filter((e) => /unsafe-eval|Content Security Policy|EvalError/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
