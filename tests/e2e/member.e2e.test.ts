import type { Locator, Page } from 'playwright-core';
import { browserSuite, latestCode, latestOutboxMessage, newPage, screenshot, signInThroughScreens } from './harness';
import { fieldMessage, submitTextOf } from '../helpers/form-messages';
import { REQUEST_TEXTS, TRANSFER_TEXTS, insufficientFundsMessage } from '../../src/shared/messages';
import { transferCodeMessage } from '../../src/server/lib/transfer-codes';
import { DEFAULT_PRODUCT_NAME } from '../../src/server/config';
import { MEMBER_TEXTS } from '../../src/shared/member-texts';
import { fillText } from '../../src/shared/fill-text';

// The transfer form's words, as forms/member words them.
const SELF = 'member/transfer-to-self';
/** Both transfer forms word their button alike. */
const TRANSFER_NOW = submitTextOf(SELF);

const MEMBER = { email: 'member@cu.example', password: 'Member!2345', mobile: '+18683000002' };

async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Transfer Now, Complete, and for a transfer to another member the code step: the code is read from the SMS in the
 * outbox, as the member reads it on their phone, and `checkSms` sees the message first.
 */
async function confirmTransfer(page: Page, codeStep?: { baseURL: string; checkSms: (body: string) => void }): Promise<string> {
  await page.getByRole('button', { name: TRANSFER_NOW }).click();
  const confirm = page.getByRole('dialog', { name: TRANSFER_TEXTS.confirmTitle });
  await confirm.getByText(TRANSFER_TEXTS.confirmQuestion).waitFor();
  const previous = codeStep ? (await latestOutboxMessage(codeStep.baseURL, MEMBER.mobile, 'transfer_code'))?.body : undefined;
  await confirm.getByRole('button', { name: TRANSFER_TEXTS.complete }).click();
  if (codeStep) {
    const dialog = page.getByRole('dialog', { name: TRANSFER_TEXTS.codeTitle });
    await dialog.getByLabel('Digit 1 of 6').waitFor();
    let sms = previous;
    for (let i = 0; i < 50 && sms === previous; i++) {
      await page.waitForTimeout(100);
      sms = (await latestOutboxMessage(codeStep.baseURL, MEMBER.mobile, 'transfer_code'))?.body;
    }
    codeStep.checkSms(sms ?? '');
    await screenshot(page, 'member-transfer-code');
    await dialog.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await latestCode(codeStep.baseURL, MEMBER.mobile, 'transfer_code'));
  }
  const success = page.getByRole('dialog', { name: TRANSFER_TEXTS.successTitle });
  await success.waitFor();
  // The success dialog opens only once the confirm dialog has fully faded out and left the page
  // (counted in the DOM: the open success dialog hides the other from the accessibility tree).
  expect(await page.getByText(TRANSFER_TEXTS.confirmQuestion).count()).toBe(0);
  return (await success.getByTestId('reference-no').textContent()) ?? '';
}

describe('member area in Chromium', () => {
  const e2e = browserSuite();
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ page } = await newPage(e2e.browser, e2e.server.url));
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(page, e2e.server.url, MEMBER, '/users/dashboard');
  });

  it('shows the dashboard: greeting, savings, deposit and loan cards, quick actions, recent transactions', async () => {
    await page.getByRole('heading', { name: fillText(MEMBER_TEXTS.greeting, { name: 'Marcus' }) }).waitFor();
    await page.getByTestId('balance-10000000101').waitFor();
    expect(await page.getByTestId('balance-10000000101').textContent()).toBe('TTD $12,500.00');
    expect(await page.getByTestId('balance-20000000101').textContent()).toBe('TTD $5,000.00');
    expect(await page.getByTestId('balance-30000000101').textContent()).toBe('TTD $18,750.00');
    await page.getByRole('region', { name: MEMBER_TEXTS.recentTransactions }).getByText('Opening balance').first().waitFor();
    await page.getByRole('link', { name: MEMBER_TEXTS.viewAll }).waitFor();
    await page.getByRole('tab', { name: MEMBER_TEXTS.dashboard }).waitFor();
    await screenshot(page, 'member-dashboard');
  });

  it('transfers to their own account: reference number, back to the dashboard with the new balances', async () => {
    await page.getByRole('link', { name: MEMBER_TEXTS.transferToSelf }).click();
    await page.waitForURL('**/users/transfer-to-self');
    await page.getByRole('tab', { name: MEMBER_TEXTS.transferToSelf }).waitFor();
    await choose(page, 'Source Account', /^10000000101 - Regular Savings/);
    await choose(page, 'Destination Account', /^10000000102 - Christmas Club Savings/);
    await page.getByLabel('Amount').fill('$1,000.25');
    await page.getByLabel('Instructions').fill('Christmas fund');
    await screenshot(page, 'member-transfer-to-self');
    const reference = await confirmTransfer(page);
    expect(reference).toMatch(/^TRF[A-Z2-9]{10}$/);
    // For the screenshot only: let the success dialog finish fading in.
    await page.waitForFunction(() => [...document.querySelectorAll('.MuiDialog-container')].every((el) => getComputedStyle(el).opacity === '1'));
    await screenshot(page, 'member-transfer-success');
    await page.waitForURL('**/users/dashboard', { timeout: 10_000 });
    await page.getByTestId('balance-10000000101').waitFor();
    expect(await page.getByTestId('balance-10000000101').textContent()).toBe('TTD $11,499.75');
    expect(await page.getByTestId('balance-10000000102').textContent()).toBe('TTD $1,850.75');
    await page.getByRole('region', { name: MEMBER_TEXTS.recentTransactions }).getByText(reference).first().waitFor();
  });

  it("transfers to another member's savings account 10000000201", async () => {
    await page.getByRole('link', { name: MEMBER_TEXTS.transferToMember }).click();
    await page.waitForURL('**/users/transfer-to-member');
    await choose(page, 'Source Account', /^10000000101 - Regular Savings/);
    await choose(page, 'Destination Account Type', /^SAV - Regular Savings$/);
    await page.getByLabel('Destination Account Number').fill('10000000201');
    await page.getByLabel('Amount').fill('49.75');
    await screenshot(page, 'member-transfer-to-member');
    const reference = await confirmTransfer(page, {
      baseURL: e2e.server.url,
      checkSms: (body) => expect(body.replace(/\b\d{6}\b/, '000000')).toBe(transferCodeMessage(DEFAULT_PRODUCT_NAME, '000000', 4975, '10000000201')),
    });
    expect(reference).toMatch(/^TRF/);
    await page.waitForURL('**/users/dashboard', { timeout: 10_000 });
    await page.getByTestId('balance-10000000101').waitFor();
    expect(await page.getByTestId('balance-10000000101').textContent()).toBe('TTD $11,450.00');
  });

  it('shows the form rules and a clear error for an amount larger than the balance', async () => {
    await page.goto('/users/transfer-to-self');
    await page.getByRole('button', { name: TRANSFER_NOW }).click();
    await page.getByText(fieldMessage(SELF, 'source_id', 'required')).first().waitFor();
    await page.getByText(fieldMessage(SELF, 'amount', 'required')).waitFor();
    await choose(page, 'Source Account', /^10000000102 - Christmas Club Savings/);
    await choose(page, 'Destination Account', /^20000000101 - Fixed Deposit/);
    await page.getByLabel('Amount').fill('1.005');
    await page.getByRole('button', { name: TRANSFER_NOW }).click();
    await page.getByText(fieldMessage(SELF, 'amount', 'multipleOf')).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Amount').fill('5000');
    await page.getByRole('button', { name: TRANSFER_NOW }).click();
    // Said before any confirm dialog: the form knows the chosen account's balance (the server says the same after
    // Complete when the balance changed meanwhile: tests/server/member). Said once, under the amount; the alert above
    // points to it.
    const message = page.getByText(insufficientFundsMessage(185_075));
    await message.waitFor();
    expect(await message.count()).toBe(1);
    await page.getByRole('alert').filter({ hasText: REQUEST_TEXTS.fixFields }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'member-transfer-insufficient-funds');
    expect(errors).toEqual([]);
  });

  it('on a phone (360 px) the recent transactions are stacked cards with dd.mm.yyyy hh:mm dates; a loan is never green', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    await signInThroughScreens(phone, e2e.server.url, MEMBER, '/users/dashboard');
    const recent = phone.getByRole('region', { name: MEMBER_TEXTS.recentTransactions });
    const cards = recent.getByRole('list', { name: MEMBER_TEXTS.recentTransactions, exact: true }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await recent.getByRole('table').count()).toBe(0);
    expect(await cards.count()).toBe(5);
    expect(await cards.first().textContent()).toMatch(/Date\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}Account/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // The loan's opening entry (money owed) has the text's colour; money in (the transfer's credit) is green.
    // The first match is the amount (the card's badge); an opening entry's balance after it is the same figure.
    const colour = (card: Locator, text: string) => card.getByText(text, { exact: true }).first().evaluate((el) => getComputedStyle(el).color);
    const textColour = await phone.getByRole('heading', { name: fillText(MEMBER_TEXTS.greeting, { name: 'Marcus' }) }).evaluate((el) => getComputedStyle(el).color);
    expect(await colour(cards.filter({ hasText: '30000000101' }), 'TTD $18,750.00')).toBe(textColour);
    expect(await colour(cards.filter({ hasText: '10000000102' }), 'TTD $1,000.25')).toBe('rgb(46, 125, 50)');
    await screenshot(phone, 'member-dashboard-360');
    await phone.getByRole('link', { name: MEMBER_TEXTS.viewAll }).click();
    await phone.waitForURL('**/users/transactions');
    await phone.getByRole('heading', { level: 1, name: MEMBER_TEXTS.transactions }).waitFor();
    await phone.getByRole('list', { name: MEMBER_TEXTS.transactions, exact: true }).getByRole('listitem').filter({ hasText: '30000000101' }).waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshot(phone, 'member-transactions-360');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('logs out from the account menu and goes to /login', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    // The menu is named after its button, and is what the button says it controls (the open menu hides the rest of
    // the page from screen readers, so the button is found by its markup here, not by its role).
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await menu.waitFor();
    expect(await page.locator('header button[aria-haspopup="menu"]').getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/users/dashboard');
    await page.waitForURL('**/login');
  });
});
