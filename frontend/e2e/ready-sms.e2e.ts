import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// One SMS when the order is ready (issue 18, decision 033), in a real browser against the built product: the diner
// gives a mobile on the checkout beside the open payment frame, pays, and follows the order; the owner marks it ready
// on the live console; the log SMS provider (DATA_DIR/sms.log) shows the one message, in the diner's words.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER_PHONE = '052-3456789';
const DINER_MOBILE = '050-7654321';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LIVE_WAIT = 20_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const readyMessagesTo = (mobile: string) =>
  smsLines(smsLog).filter(
    (sms) => sms.kind === 'ready' && sms.to.replace(/\D/g, '').slice(-9) === mobile.replace(/\D/g, '').slice(-9),
  );

async function signIn(page: Page, phone: string) {
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, phone, before));
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Where an element starts on the page (the screen's top plus how far the page has scrolled). */
async function pageTop(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

function orderCard(page: Page, orderNumber: string) {
  return page
    .getByTestId('live-order')
    .filter({ has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
}

describe('the diner’s ready SMS', () => {
  it('is asked for on the checkout, and sent once when the kitchen marks the order ready', async () => {
    const before = readyMessagesTo(DINER_MOBILE).length;
    const diner = await openPage(browser, { viewport: PHONE });
    const { page } = diner;
    await page.goto(`${baseUrl}/menu/demo`);
    const add = page.getByRole('button', { name: 'הוספה של קרואסון חמאה לעגלה' });
    const sheet = await add.getAttribute('aria-haspopup');
    await add.click();
    if (sheet) {
      await page.getByTestId('sheet-add').click();
      await page.getByTestId('product-sheet').waitFor({ state: 'detached' });
    }
    await page.getByTestId('header-cart').click();
    await page.getByRole('button', { name: 'מעבר לתשלום' }).click();
    await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
    // Its place on the page, not on the screen: opening the field below scrolls it into view.
    const frameTop = await pageTop(page, PAYMENT_FRAME);

    // Folded and optional; opened, the sentence beside the field says what the number is for and how long it stays.
    const field = page.getByTestId('ready-sms');
    await field.getByText('הודעה כשההזמנה מוכנה (לא חובה)').click();
    await expect.poll(() => field.textContent()).toContain('ולא נשתמש בו לשום דבר אחר');
    const input = field.getByLabel('מספר נייד');
    await input.fill('050-12');
    await field.getByRole('button', { name: 'שלחו לי הודעה' }).click();
    await expect.poll(() => field.getByTestId('ready-sms-status').textContent()).toContain('נא להזין מספר נייד ישראלי');
    await input.fill(DINER_MOBILE);
    await field.getByRole('button', { name: 'שלחו לי הודעה' }).click();
    await expect
      .poll(() => field.getByTestId('ready-sms-status').textContent())
      .toBe(`נשלח הודעה כשההזמנה מוכנה למספר ${DINER_MOBILE}`);
    await expectAccessible(page, 'the checkout with the ready SMS field open');
    await expectNoSidewaysScroll(page);
    // The frame is the same one, only moved down by the opened field.
    expect(await pageTop(page, PAYMENT_FRAME)).toBeGreaterThan(frameTop);

    await payInFrame(page.frameLocator(PAYMENT_FRAME), GOOD_CARD);
    await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
    const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
    expect(orderNumber).toMatch(/^\d+$/);

    const owner = await openPage(browser, { viewport: DESKTOP });
    await signIn(owner.page, DEMO_OWNER_PHONE);
    await owner.page.goto(`${baseUrl}/orders`);
    const card = orderCard(owner.page, orderNumber);
    await card.waitFor({ timeout: LIVE_WAIT });
    await card.getByRole('button', { name: 'אישור הזמנה' }).click();
    await card.getByRole('button', { name: 'מוכן' }).click();

    // The diner's page follows the kitchen, and the one SMS went out, with the café's name and the counter's words.
    await expect
      .poll(() => page.getByTestId('order-progress-summary').textContent(), { timeout: 40_000 })
      .toContain('מוכנה');
    await expect.poll(() => readyMessagesTo(DINER_MOBILE).length, { timeout: LIVE_WAIT }).toBe(before + 1);
    const [message] = readyMessagesTo(DINER_MOBILE).slice(before);
    expect(message?.text).toContain(`ההזמנה שלכם #${orderNumber} מוכנה!`);

    // Served: nothing more is sent.
    await card.getByRole('button', { name: 'נמסר' }).click();
    await expect
      .poll(() => page.getByTestId('order-progress-summary').textContent(), { timeout: 40_000 })
      .not.toContain('מוכנה!');
    expect(readyMessagesTo(DINER_MOBILE)).toHaveLength(before + 1);
    expect(diner.problems).toEqual([]);
    await diner.context.close();
    await owner.context.close();
  });
});
