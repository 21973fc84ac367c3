import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { startProduct, type RunningProduct } from './support/server.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';

const SHIFTED_CLOCK = fileURLToPath(new URL('./support/shifted-clock.mjs', import.meta.url));

// Order ahead (issue 33, decision 050) in a real browser against the built product: the diner of the demo café picks
// a pickup time today, pays in the sandbox, and the thank-you page shows the time and offers it for the calendar;
// the kitchen screen shows the order under "upcoming". Axe clean at 390 px and on a desktop. The diner comes by the
// café's address to share with a tag and pays with the demo's code DEMO10, as the issue's journey does.
//
// The slots are today's, so the time of day decides what this journey can do (in the last minutes before midnight in
// Israel no slot is far enough ahead to be upcoming). This file therefore runs its own product whose clock starts at
// the next noon in Israel (support/shifted-clock.mjs), and the owner first sets 10-minute slots from then to midnight
// with a 5-minute estimate. The browser's clock stays the machine's: the diner's page and the kitchen screen take
// their times from the server.

let baseUrl: string;
let smsLog: string;
let product: RunningProduct;
const DEMO_OWNER = '052-3456789';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LIVE_WAIT = 20_000;
const DEMO_SETTINGS = {
  enabled: true,
  slotMinutes: 15,
  perSlot: 4,
  leadMinutes: 20,
  lastPickupBeforeCloseMinutes: 15,
  estimateMinutes: 15,
};
let browser: Browser;
let ownerPage: Page;

async function chooseOrderAhead(settings: typeof DEMO_SETTINGS) {
  const status = await ownerPage.evaluate(
    async (body) =>
      (
        await fetch('/api/business/order-ahead', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: JSON.stringify(body),
        })
      ).status,
    settings,
  );
  expect(status).toBe(200);
}

/** The next 12:00 in Israel from now (the whole hours of its offset make a walk by hours land on it). */
function nextIsraelNoon(): Date {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', hour: 'numeric', hourCycle: 'h23' });
  let at = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  while (Number(hour.format(at)) !== 12) at += 3_600_000;
  return new Date(at);
}

beforeAll(async () => {
  product = await startProduct({
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(SHIFTED_CLOCK).href}`.trim(),
    E2E_CLOCK_AT: nextIsraelNoon().toISOString(),
    TRUST_PROXY: '127.0.0.1',
  });
  baseUrl = product.url;
  smsLog = join(product.dataDir, 'sms.log');
  browser = await launchBrowser();
  ({ page: ownerPage } = await openPage(browser, { viewport: DESKTOP }));
  await ownerPage.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await ownerPage.getByLabel('מספר טלפון נייד').fill(DEMO_OWNER);
  await waitUntilCodeCanBeSent(smsLog, DEMO_OWNER);
  await ownerPage.getByRole('button', { name: 'שליחת קוד' }).click();
  await ownerPage.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, DEMO_OWNER, before));
  await ownerPage.waitForURL((url) => url.pathname !== '/login');
  await chooseOrderAhead({
    ...DEMO_SETTINGS,
    slotMinutes: 10,
    leadMinutes: 0,
    lastPickupBeforeCloseMinutes: 0,
    estimateMinutes: 5,
  });
  // Its own product starts first: PGlite and the demo café take over 40 s on a busy machine.
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('ordering ahead for a pickup time', () => {
  it('the diner picks a slot and pays; the thank-you page says the time and offers the calendar; the kitchen waits', async () => {
    const diner = await openPage(browser, { viewport: PHONE });
    const { page } = diner;
    await page.goto(`${baseUrl}/menu/demo-cafe?src=instagram`);
    const add = page.getByRole('button', { name: 'הוספה של קרואסון חמאה לעגלה' });
    const sheet = await add.getAttribute('aria-haspopup');
    await add.click();
    if (sheet) {
      await page.getByTestId('sheet-add').click();
      await page.getByTestId('product-sheet').waitFor({ state: 'detached' });
    }
    await page.getByTestId('header-cart').click();
    await page.getByRole('button', { name: 'מעבר לתשלום' }).click();

    // "As soon as possible" opens the payment page at once; the latest slot of today is chosen instead.
    const field = page.getByTestId('pickup-time');
    await field.getByText('מתי לאסוף?').waitFor();
    await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
    const select = field.getByLabel('שעת איסוף');
    const slots = await select
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? '' })),
      );
    const last = slots.at(-1)!;
    expect(last.value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d0:00\+0[23]:00$/);
    // Another time is another order with its own payment page: the frame is replaced.
    const firstPage = await page.locator(PAYMENT_FRAME).getAttribute('src');
    await select.selectOption(last.value);
    await expect.poll(() => field.getByLabel('בשעה').isChecked()).toBe(true);
    await expect
      .poll(
        () =>
          page
            .locator(PAYMENT_FRAME)
            .getAttribute('src')
            .catch(() => firstPage),
        { timeout: 15_000 },
      )
      .not.toBe(firstPage);
    await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
    // The demo's code, 10% off: the amount drops, and the order for that slot with the code gets its own page.
    const fullAmount = await page.getByTestId('checkout-amount').textContent();
    const slotPage = await page.locator(PAYMENT_FRAME).getAttribute('src');
    const code = page.getByTestId('promo-code');
    await code.locator('summary').click();
    await code.getByLabel('קוד הנחה').fill('DEMO10');
    await code.getByRole('button', { name: 'החלת הקוד' }).click();
    await page.getByTestId('checkout-discount').waitFor();
    await expect.poll(() => page.getByTestId('checkout-amount').textContent()).not.toBe(fullAmount);
    await expect
      .poll(
        () =>
          page
            .locator(PAYMENT_FRAME)
            .getAttribute('src')
            .catch(() => slotPage),
        { timeout: 15_000 },
      )
      .not.toBe(slotPage);
    await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await select.inputValue()).toBe(last.value);
    const discounted = (await page.getByTestId('checkout-amount').textContent())?.match(/₪[\d.,]+/)?.[0];
    expect(discounted).toBeDefined();
    await expectAccessible(page, 'the checkout with a pickup time at 390 px');
    await expectNoSidewaysScroll(page);

    await payInFrame(page.frameLocator(PAYMENT_FRAME), GOOD_CARD);
    await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
    const pickup = page.getByTestId('pickup-at');
    await expect.poll(() => pickup.textContent(), { timeout: 15_000 }).toContain(`איסוף בשעה ${last.text}`);
    expect(await page.getByTestId('order-total').textContent()).toContain(discounted);
    const calendar = pickup.getByRole('link', { name: 'הוספה ליומן' });
    expect(await calendar.getAttribute('download')).toMatch(/^order-\d+\.ics$/);
    const ics = decodeURIComponent((await calendar.getAttribute('href')) ?? '');
    expect(ics.startsWith('data:text/calendar')).toBe(true);
    expect(ics).toContain(`DTSTART:${new Date(last.value).toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    await expectAccessible(page, 'the thank-you page of an order for later at 390 px');
    const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
    expect(orderNumber).toMatch(/^\d+$/);

    // The kitchen sees it apart, under "upcoming", with its pickup time; not among the new orders.
    await ownerPage.goto(`${baseUrl}/orders`);
    const upcoming = ownerPage.getByTestId('live-section-upcoming');
    const card = upcoming
      .getByTestId('live-order')
      .filter({ has: ownerPage.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
    await card.waitFor({ timeout: LIVE_WAIT });
    expect(await card.getByTestId('live-order-pickup').textContent()).toContain(last.text);
    expect(
      await ownerPage
        .getByTestId('live-section-new')
        .getByTestId('live-order-number')
        .getByText(orderNumber, { exact: true })
        .count(),
    ).toBe(0);
    await expectAccessible(ownerPage, 'the kitchen screen with an order for later on a desktop');
    await ownerPage.setViewportSize(PHONE);
    await expectAccessible(ownerPage, 'the kitchen screen with an order for later at 390 px');
    expect(diner.problems).toEqual([]);
    await diner.context.close();
  });
});
