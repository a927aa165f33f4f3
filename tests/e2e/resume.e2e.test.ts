import { AxeBuilder } from '@axe-core/playwright';
import { browserSuite, latestCode, newPage, screenshot } from './harness';
import { signupBody } from '../helpers/journey-bodies';
import { API_KEY_HEADER, API_SECRET_HEADER } from '../../src/shared/product';
import flow from '../../flows/onboarding.flow.json';

const CLIENT = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client', 'content-type': 'application/json' };

describe('continue an application on another device, in Chromium', () => {
  const e2e = browserSuite();

  it('from the welcome page: the email, the code from the email (which proves it), then the first unfinished step with a welcome back; on a phone too', async () => {
    for (const [i, width] of [1280, 360].entries()) {
      // Started on "another device": the application exists on the server only.
      const body = signupBody(7100 + i);
      const started = await fetch(`${e2e.server.url}/api/signups/`, { method: 'POST', headers: CLIENT, body: JSON.stringify(body) });
      expect(started.status).toBe(201);

      const { context, page } = await newPage(e2e.browser, e2e.server.url);
      await page.setViewportSize({ width, height: 800 });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/');
      await page.getByRole('link', { name: 'Continue an application' }).click();
      await page.waitForURL('**/continue');
      const contact = page.getByLabel(/Email or mobile number/);
      await contact.fill(String(body.email));
      await contact.press('Enter');
      await page.getByText(flow.resume.texts.codeSent).waitFor();
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `continue-code-${width}`);

      const code = await latestCode(e2e.server.url, String(body.email), 'resume_code');
      await page.getByLabel(/Verification Code/).fill(code);
      await page.getByLabel(/Verification Code/).press('Enter');
      // The code proved the email: the application continues past the email's own code step, at the next unfinished one.
      await page.waitForURL((url) => url.pathname !== '/continue');
      const landed = Object.values(flow.steps).find((step) => 'route' in step && step.route === new URL(page.url()).pathname)!;
      expect(landed.route).not.toBe(flow.steps['email-verification'].route);
      expect(landed.route).not.toBe(flow.steps['basic-info'].route);
      await page.getByText(flow.resume.texts.resumed.replace('{step}', landed.title)).waitFor();
      await screenshot(page, `continue-landed-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
