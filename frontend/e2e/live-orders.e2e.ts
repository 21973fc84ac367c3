import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';

// The owner's live orders console in a real browser: two consoles of the demo café (two tabs of one signed-in owner)
// see a diner's payment appear without a reload, a step taken on one shows on the other, and a console of another
// business sees nothing of it. Codes are read from the log SMS provider's file, payments go through the sandbox.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER_PHONE = '052-3456789';
// Another business, registered here (accounts.e2e.ts uses 054-9876543).
const OTHER_OWNER_PHONE = '054-7771234';
const OTHER_OWNER_ID = '515678902';
const LIVE_WAIT = 20_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, phone: string) {
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, phone, before));
  // The sixth digit sends the code: no tap on the sign-in button.
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function registerOtherBusiness(page: Page) {
  await page.goto(`${baseUrl}/registration`);
  await page.getByLabel('שם מלא').fill('אבי מזרחי');
  await page.getByLabel('שם העסק').fill('קפה אחר');
  await page.getByLabel('אימייל').fill('avi@example.co.il');
  await page.getByLabel('תעודת זהות או ח.פ.').fill(OTHER_OWNER_ID);
  await page.getByLabel('טלפון נייד', { exact: true }).fill(OTHER_OWNER_PHONE);
  await page.getByLabel('רחוב ומספר בית').fill('הרצל 12');
  const city = page.getByRole('combobox', { name: 'יישוב' });
  await expect
    .poll(async () => {
      await city.fill('');
      await city.fill('חיפה');
      return page.getByRole('listbox', { name: 'יישוב' }).isVisible();
    })
    .toBe(true);
  await city.press('ArrowDown');
  await city.press('Enter');
  const bank = page.getByRole('combobox', { name: 'בנק' });
  // The page comes drawn before its code: the bank list opens only once the app has taken the page over, so the
  // bank is typed again until it does (typed before, ArrowDown and Enter would reach no list).
  await expect
    .poll(async () => {
      await bank.fill('');
      await bank.fill('לאומי');
      return page.getByRole('listbox', { name: 'בנק' }).isVisible();
    })
    .toBe(true);
  await bank.press('ArrowDown');
  await bank.press('Enter');
  await page.getByLabel('מספר סניף').fill('800');
  await page.getByLabel('מספר חשבון').fill('654321');
  await page.getByLabel('שם המוטב').fill('קפה אחר בע"מ');
  await page.getByRole('checkbox', { name: /קראתי את תנאי השימוש/ }).check();
  await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
  await page.waitForURL(`${baseUrl}/success`);
}

async function openConsole(page: Page) {
  await page.goto(`${baseUrl}/orders`);
  await page.getByRole('heading', { level: 1, name: 'הזמנות חיות' }).waitFor();
  await page.getByText('מחובר – הזמנות חדשות יופיעו כאן מיד').waitFor({ timeout: LIVE_WAIT });
}

/** A diner orders a cappuccino with a remark and pays in the sandbox; answers the order number. */
async function dinerPays(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/menu/demo`);
  await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
  await page.getByTestId('sheet-add').click();
  await page.getByTestId('header-cart').click();
  await page.getByRole('textbox', { name: 'הערות למטבח (לא חובה)' }).fill('חלב שקדים');
  await page.getByRole('button', { name: 'מעבר לתשלום' }).click();
  await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
  const frame = page.frameLocator(PAYMENT_FRAME);
  await frame.locator('input[autocomplete="cc-number"]').waitFor({ timeout: 15_000 });
  await payInFrame(frame, GOOD_CARD);
  await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
  return ((await page.getByTestId('order-number').textContent()) ?? '').trim();
}

function orderCard(page: Page, orderNumber: string) {
  return page
    .getByTestId('live-order')
    .filter({ has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
}

describe('the live orders console', () => {
  let owner: BrowserContext;
  let other: BrowserContext;

  it('shows a paid order on two consoles at once, a step on one shows on the other, another business sees nothing', async () => {
    const first = await openPage(browser);
    owner = first.context;
    await signIn(first.page, DEMO_OWNER_PHONE);
    await openConsole(first.page);
    const second = await owner.newPage();
    await openConsole(second);

    const stranger = await openPage(browser);
    other = stranger.context;
    await registerOtherBusiness(stranger.page);
    await openConsole(stranger.page);
    const strangerCountBefore = await stranger.page.getByTestId('live-order').count();

    const diner = await openPage(browser, { viewport: { width: 375, height: 740 } });
    const orderNumber = await dinerPays(diner.page);
    expect(orderNumber).toMatch(/^\d+$/);
    await diner.context.close();

    // Both consoles, no reload.
    for (const page of [first.page, second]) {
      const card = orderCard(page, orderNumber);
      await card.waitFor({ timeout: LIVE_WAIT });
      expect(await card.getByTestId('live-order-remarks').textContent()).toContain('חלב שקדים');
      expect(await card.getByTestId('live-order-status').textContent()).toBe('חדשה');
      await expect.poll(() => page.title()).toMatch(/^\(\d+\) הזמנות חיות/);
    }
    await expectAccessible(first.page, '/orders with an order');

    // Accepted on one console: the other shows it.
    await orderCard(first.page, orderNumber).getByRole('button', { name: 'אישור הזמנה' }).click();
    await expect
      .poll(() => orderCard(second, orderNumber).getByTestId('live-order-status').textContent(), { timeout: LIVE_WAIT })
      .toBe('התקבלה');
    // The console that pressed shows its next step once its own answer is drawn: waited for, not assumed.
    await expect.poll(() => orderCard(first.page, orderNumber).getByRole('button', { name: 'מוכן' }).count()).toBe(1);

    // Another business: nothing of the demo café's order.
    expect(await stranger.page.getByTestId('live-order').count()).toBe(strangerCountBefore);
    expect(await orderCard(stranger.page, orderNumber).count()).toBe(0);
    await expectAccessible(stranger.page, '/orders of another business');

    expect(first.problems).toEqual([]);
  });

  it('the settings page with the local-printing card is accessible', async () => {
    const page = await owner.newPage();
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('printer-card').waitFor();
    await page
      .getByTestId('printer-status')
      .getByText(/^(לא )?מחובר$/)
      .waitFor({ timeout: LIVE_WAIT });
    // The package's path (a Mac's) shows the code and the command to type.
    await page.getByTestId('printing-setup').getByRole('radio', { name: 'Mac' }).check();
    await page.getByRole('button', { name: 'יצירת קוד חיבור' }).click();
    expect(await page.getByTestId('pairing-code').textContent()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await page.getByTestId('pair-command').textContent()).toContain(`--server ${baseUrl}`);
    await expectAccessible(page, '/settings');
    await owner.close();
    await other.close();
  });
});
