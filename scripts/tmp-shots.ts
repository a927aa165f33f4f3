import { chromium } from 'playwright-core';
import { newPage, signInThroughScreens } from '../tests/e2e/harness';
const BASE = 'http://127.0.0.1:3700';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 360]) {
  const { context: ctx, page } = await newPage(browser, BASE);
  await page.setViewportSize({ width, height: 800 });
  await signInThroughScreens(page, BASE, { email: 'admin@cu.example', password: 'Admin!2345', mobile: '+18683000001' }, '/admin/users');
  await page.goto(`${BASE}/admin/users`);
  await page.getByRole('button', { name: /^Delete Grace/ }).first().click();
  await page.getByRole('dialog', { name: 'Confirm Delete' }).waitFor();
  await page.waitForTimeout(400);
  console.log(width, 'focused:', await page.evaluate(() => document.activeElement?.textContent));
  await page.screenshot({ path: `/tmp/shot-delete-${width}.png` });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  console.log('dialog after Enter:', await page.getByRole('dialog').count());
  await ctx.close();
}
await browser.close();
