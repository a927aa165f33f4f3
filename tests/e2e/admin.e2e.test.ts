import type { Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSuite, latestOutboxMessage, newPage, screenshot, signInThroughScreens } from './harness';
import { loadJourney, replayJourney, JOURNEYS_DIR } from '../../scripts/lib/replay-journey';
import { seriousViolations } from '../../scripts/lib/browser-replay';
import { ADMIN_TEXTS } from '../../src/shared/messages';
import { MEMBER_TEXTS } from '../../src/shared/member-texts';
import { fillText } from '../../src/shared/fill-text';

const ADMIN = { email: 'admin@cu.example', password: 'Admin!2345', mobile: '+18683000001' };
const SECOND_ADMIN = { email: 'ben@cu.example', password: 'Admin!2345', mobile: '+18683000004' };
const PHONE = { width: 360, height: 780 };

/** How many pixels the page is wider than the window (0: nothing to scroll sideways for). */
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether the whole control is on screen: not cut off by a clipped toolbar or pushed past the window's edge. */
async function insideWindow(control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= PHONE.width;
}


/** Screenshots of a phone page as `name`-360, then at 1280 px as `name`; the window is a phone again after. */
async function phoneAndDesktopShots(page: Page, name: string) {
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
}

describe('administrator approves an application in Chromium; the new member signs in', () => {
  const e2e = browserSuite();
  let signupId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    // A whole applicant journey replayed through the onboarding API (QA's fixture), ending pending approval.
    const journey = loadJourney(`${JOURNEYS_DIR}/adult-new-local.json`);
    const result = await replayJourney(journey, { baseUrl: e2e.server.url });
    expect(result.ok, JSON.stringify(result.verdicts.filter((v) => v.verdict === 'FAILED'))).toBe(true);
    signupId = result.signupId!;
  });

  it('signs the administrator in, reviews and approves the application, then logs out; the member signs in and sees the savings account', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    page.on('pageerror', (e) => errors.push(e.message));

    await signInThroughScreens(page, e2e.server.url, ADMIN, '/admin/users');
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
    // Read-only steps show dates in the product's one format, not a locked browser date picker.
    expect(await page.getByRole('region', { name: 'Basic Information' }).getByRole('textbox', { name: /^Date of Birth/ }).inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await screenshot(page, 'admin-application-review');

    // A document downloads as a file (attachment), through the administrator's session.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download / }).first().click();
    expect((await download).suggestedFilename()).toMatch(/\.(pdf|jpe?g|png)$/);

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Signup' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(ADMIN_TEXTS.approved).waitFor();
    await page.getByRole('region', { name: 'Audit Trail' }).getByText(/^Approved by Ava Administrator on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(savings account \d{11}\)$/).waitFor();
    await screenshot(page, 'admin-application-approved');
    // The review page is long: also keep what the administrator sees first.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'tests/e2e/artifacts/admin-application-approved-top.png' });
    const mail = await latestOutboxMessage(e2e.server.url, email, 'signup_approved');
    expect(mail?.body).toMatch(/savings account \d{11}/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await context.close();

    const member = await newPage(e2e.browser, e2e.server.url);
    member.page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(member.page, e2e.server.url, { email, password: 'Str0ng!Pass', mobile }, '/users/dashboard');
    await member.page.getByRole('heading', { name: fillText(MEMBER_TEXTS.greeting, { name: 'Nadia' }) }).waitFor();
    const accountNumber = mail!.body.match(/savings account (\d{11})/)![1];
    await member.page.getByTestId(`balance-${accountNumber}`).waitFor();
    expect(await member.page.getByTestId(`balance-${accountNumber}`).textContent()).toBe('TTD $0.00');
    await screenshot(member.page, 'admin-approved-member-dashboard');
    await member.context.close();
    expect(errors).toEqual([]);
  });

  it('on a phone (360 px) the users and signups lists are stacked cards; the audit trail reads as words; the administrator cannot block or delete themselves', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(page, e2e.server.url, ADMIN, '/admin/users');

    const users = page.getByRole('list', { name: 'Users' });
    await users.getByText('admin@cu.example').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // The four demo users (two administrators, two members) and Nadia, approved above.
    expect(await users.getByRole('listitem').count()).toBe(5);
    expect(await horizontalOverflow(page)).toBe(0);
    // The frame and the paging fit: every header control and both page arrows are on screen.
    for (const control of [
      page.getByRole('tab', { name: 'Users' }),
      page.getByRole('tab', { name: 'Signup Approvals' }),
      page.getByRole('button', { name: 'Notifications' }),
      page.getByRole('button', { name: 'Account menu' }),
      page.getByRole('button', { name: 'Go to previous page' }),
      page.getByRole('button', { name: 'Go to next page' }),
    ]) {
      expect(await insideWindow(control), String(control)).toBe(true);
    }
    await screenshot(page, 'admin-users-360');
    expect(await seriousViolations(page, 'users at 360 px')).toEqual([]);

    // The own card: Block and Delete are there but disabled; another user's are not.
    const own = users.getByRole('listitem').filter({ hasText: 'admin@cu.example' });
    expect(await own.getByRole('button', { name: 'Block Ava Administrator' }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: 'Delete Ava Administrator' }).isDisabled()).toBe(true);

    // Block Grace from her card, then read her page's audit trail.
    const grace = users.getByRole('listitem').filter({ hasText: 'grace@cu.example' });
    await grace.getByRole('button', { name: 'Block Grace Ramdial' }).click();
    await page.getByRole('dialog', { name: 'Block User' }).getByRole('button', { name: 'Block' }).click();
    await page.getByText(ADMIN_TEXTS.userBlocked).waitFor();
    await grace.getByText('Blocked', { exact: true }).waitFor();
    await grace.getByRole('link', { name: 'View Grace Ramdial' }).click();
    await page.getByRole('heading', { level: 1, name: 'Grace Ramdial' }).waitFor();
    const trail = page.getByRole('region', { name: 'Audit Trail' });
    await trail.getByText(/^Blocked by Ava Administrator on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    expect(await trail.textContent()).not.toMatch(/is_blocked|true|→/);
    expect(await horizontalOverflow(page)).toBe(0);
    await phoneAndDesktopShots(page, 'admin-user-audit');

    await page.getByRole('tab', { name: 'Signup Approvals' }).click();
    await page.waitForURL('**/admin/signup-approvals');
    const signups = page.getByRole('list', { name: 'Signups' });
    await signups.getByText('Nadia Persad').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await signups.getByRole('listitem').first().textContent()).toMatch(/Registration Date\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'admin-signup-approvals-360');
    expect(await seriousViolations(page, 'signup approvals at 360 px')).toEqual([]);

    // Create User: the form's title is the page's one heading, and the form fits the phone.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Create User' }).click();
    await page.getByRole('textbox', { name: /^First Name/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Create User' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await phoneAndDesktopShots(page, 'admin-create-user');

    // Edit User from a card: its title once too, prefilled.
    await page.getByRole('link', { name: 'Back to Users' }).click();
    await users.getByRole('listitem').filter({ hasText: 'grace@cu.example' }).getByRole('link', { name: 'Edit Grace Ramdial' }).click();
    await page.getByRole('textbox', { name: /^First Name/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Edit User' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await phoneAndDesktopShots(page, 'admin-edit-user');

    // The funnel's tables scroll inside their sections: the page itself never scrolls sideways.
    await page.goto('/admin/onboarding-funnel');
    await page.getByRole('heading', { level: 1, name: 'Onboarding Funnel' }).waitFor();
    await page.getByText(/^From \d{2}\.\d{2}\.\d{4} to \d{2}\.\d{2}\.\d{4}/).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page, 'onboarding funnel at 360 px')).toEqual([]);
    await screenshot(page, 'admin-funnel-360');
    await context.close();
    expect(errors).toEqual([]);
  });

  it("shows an existing customer's proven claim side by side with the member record; once approved, the member sees their existing accounts", async () => {
    // Andre Charles applies with a new email and mobile and proves the claim with the code sent to his mobile on file.
    const journey = await replayJourney(loadJourney(`${JOURNEYS_DIR}/existing-customer.json`), { baseUrl: e2e.server.url });
    expect(journey.ok, JSON.stringify(journey.verdicts.filter((v) => v.verdict === 'FAILED'))).toBe(true);

    const { context, page } = await newPage(e2e.browser, e2e.server.url);
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(page, e2e.server.url, ADMIN, '/admin/users');
    await page.goto(`/admin/signup-approvals/${journey.signupId}`);
    await page.getByRole('heading', { level: 1, name: 'Andre Charles' }).waitFor();
    const claim = page.getByRole('region', { name: 'Existing Customer Claim' });
    await claim.getByText(/^Claim proven: the applicant entered the code sent to the member's mobile number on file \(\+18684000002\)/).waitFor();
    const table = claim.getByRole('table', { name: 'Applicant and member record side by side' });
    const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    expect(await row('Name').textContent()).toContain('Same');
    expect(await row('Date of Birth').textContent()).toContain('Same');
    expect(await row('Email').textContent()).toMatch(/andre\..+@example\.com.*andre\.charles@example\.com.*Differs/);
    expect(await row('Mobile').textContent()).toMatch(/\+18684000002.*Differs/);
    await claim.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/artifacts/admin-existing-customer-claim.png' });
    await claim.screenshot({ path: 'tests/e2e/artifacts/admin-existing-customer-claim-section.png' });
    // axe on the claim section (the read-only step forms below have their own review: see the report).
    const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="claim-title"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    const email = (await page.locator('dt:text-is("Email") + dd').textContent())!.trim();
    const mobile = (await page.locator('dt:text-is("Mobile") + dd').textContent())!.trim();

    // An existing-customer claim is a risk flag: the first approval waits for a second administrator.
    await page.getByRole('list', { name: 'Risk flags' }).getByText('Existing-customer claim').waitFor();
    // The whole review of a flagged application, its orange chips and Refer included, reads at AA contrast; so does
    // the list holding it, and a user's page with its Block button.
    expect(await seriousViolations(page, 'review of a flagged application')).toEqual([]);
    await page.goto('/admin/signup-approvals');
    await page.getByRole('table', { name: 'Signups' }).getByText('Andre Charles').waitFor();
    expect(await seriousViolations(page, 'signup approvals with a flagged application')).toEqual([]);
    // At 1280 px every column fits: nothing to scroll to, so the pinned Actions column covers none.
    const tableBox = page.getByRole('table', { name: 'Signups' }).locator('xpath=..');
    expect(await tableBox.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    await screenshot(page, 'admin-signup-approvals-flagged');
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'View Marcus Baptiste' }).click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    expect(await seriousViolations(page, 'a user with Block')).toEqual([]);
    await page.goto(`/admin/signup-approvals/${journey.signupId}`);
    await page.getByRole('heading', { level: 1, name: 'Andre Charles' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve Signup' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText(ADMIN_TEXTS.firstApproval).waitFor();
    await page.getByText(ADMIN_TEXTS.firstApprovalByYou).waitFor();
    await context.close();

    const second = await newPage(e2e.browser, e2e.server.url);
    second.page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(second.page, e2e.server.url, SECOND_ADMIN, '/admin/users');
    await second.page.goto(`/admin/signup-approvals/${journey.signupId}`);
    await second.page.getByText(/needs your second approval to open the accounts/).waitFor();
    await screenshot(second.page, 'admin-second-approval');
    await second.page.getByRole('button', { name: 'Give Second Approval' }).click();
    await second.page.getByRole('dialog', { name: 'Give Second Approval' }).getByRole('button', { name: 'Approve' }).click();
    await second.page.getByText(ADMIN_TEXTS.approved).waitFor();
    await second.context.close();

    const member = await newPage(e2e.browser, e2e.server.url);
    member.page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(member.page, e2e.server.url, { email, password: 'Str0ng!Pass', mobile }, '/users/dashboard');
    await member.page.getByTestId('balance-10000000302').waitFor();
    expect(await member.page.getByTestId('balance-10000000302').textContent()).toBe('TTD $1,000.00');
    await screenshot(member.page, 'admin-approved-existing-customer-dashboard');
    await member.context.close();
    expect(errors).toEqual([]);
  });
});
