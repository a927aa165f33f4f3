import { launchBrowser } from '../../tests/e2e/harness';
const base = process.env.BASE ?? 'http://localhost:3010';
const paths = (process.env.PATHS ?? '/').split(',');
const browser = await launchBrowser();
for (const width of [1280, 360]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 } });
  const page = await ctx.newPage();
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(1200);
    const name = `/tmp/shot-${p.replace(/\W+/g, '_')}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
