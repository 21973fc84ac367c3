import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';

// Issue 33 in a real browser: the demo café's owner makes a promo code on the console's "קודי הנחה" page; a diner on
// a phone types it at the checkout, sees the discount and the new total, pays it in the sandbox and reads it on the
// thank-you page. Both pages are axe-clean at 390 px and on a desktop. The code is turned off at the end, so the
// other files of the suite (which share the server) find the checkout as it was.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The checkout's payment page on a 2-core machine shared with other work. */
const PAYMENT_PAGE_WAIT = 40_000;
const CODE = 'HAPPY15';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInOwner(page: Page) {
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill('0523456789');
  await waitUntilCodeCanBeSent(smsLog, '0523456789');
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, '052-3456789', before));
  await page.waitForURL(`${baseUrl}/reports`);
}

describe('promo codes, end to end', () => {
  it('the owner makes a code of 15% off on the console, axe-clean on a desktop and at 390 px', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: DESKTOP });
    await signInOwner(page);
    await page.getByRole('link', { name: 'קודי הנחה' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'קודי הנחה' }).waitFor();
    const form = page.getByTestId('promo-code-form');
    // A percent over 100 is refused beside its field, before anything is sent.
    await form.getByLabel('הקוד').fill(CODE.toLowerCase());
    await form.getByLabel('אחוז ההנחה').fill('150');
    await form.getByRole('button', { name: 'יצירת הקוד' }).click();
    await form.getByText('אחוז ההנחה הוא מספר שלם בין 1 ל־100').waitFor();
    await form.getByLabel('אחוז ההנחה').fill('15');
    await form.getByRole('button', { name: 'יצירת הקוד' }).click();
    const row = page.getByTestId('promo-code-row').filter({ hasText: CODE });
    await row.waitFor();
    expect(await row.textContent()).toContain('15% הנחה');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a diner types the code at the checkout, sees the discount and pays what is left in the sandbox', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/demo`);
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    await page.getByTestId('sheet-add').click();
    await page.getByTestId('product-sheet').waitFor({ state: 'detached' });
    await page.getByTestId('header-cart').click();
    await page.getByRole('button', { name: 'מעבר לתשלום', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();
    expect(await page.getByTestId('checkout-amount').textContent()).toContain('₪14.00');

    const field = page.getByTestId('promo-code');
    await field.locator('summary').click();
    await field.getByLabel('קוד הנחה').fill('nope');
    await field.getByRole('button', { name: 'החלת הקוד' }).click();
    await field.getByText('קוד ההנחה לא נמצא').waitFor();
    await field.getByLabel('קוד הנחה').fill(` ${CODE.toLowerCase()} `);
    await field.getByRole('button', { name: 'החלת הקוד' }).click();
    // 15% of ₪14.00: ₪2.10 off, ₪11.90 to pay.
    await page.getByTestId('checkout-discount').waitFor();
    expect(await page.getByTestId('checkout-discount').textContent()).toContain('-₪2.10');
    await page.getByTestId('checkout-amount').getByText('₪11.90').waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: PAYMENT_PAGE_WAIT });
    const frame = page.frameLocator(PAYMENT_FRAME);
    await frame.locator('input[autocomplete="cc-number"]').waitFor({ timeout: PAYMENT_PAGE_WAIT });
    expect(await frame.locator('body').innerText()).toContain('11.90');
    await payInFrame(frame, GOOD_CARD);
    await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'תודה על ההזמנה' }).waitFor();
    expect(await page.getByTestId('order-total').textContent()).toContain('₪11.90');
    await expectAccessible(page);
    // The unknown code's refusal (a 409 the browser logs) was asked for; nothing else went wrong.
    const refusal = `${baseUrl}/api/menu/demo/promo-check`;
    expect(problems).toEqual([
      `response: status of 409 for ${refusal}`,
      'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    await context.close();
  });

  it('the checkout with the code reads right on a desktop too, axe-clean', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${baseUrl}/menu/demo`);
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    await page.getByTestId('sheet-add').click();
    await page.getByTestId('product-sheet').waitFor({ state: 'detached' });
    await page.getByTestId('header-cart').click();
    await page.getByRole('button', { name: 'מעבר לתשלום', exact: true }).click();
    const field = page.getByTestId('promo-code');
    await field.locator('summary').click();
    await field.getByLabel('קוד הנחה').fill('DEMO10');
    await field.getByRole('button', { name: 'החלת הקוד' }).click();
    await page.getByTestId('checkout-amount').getByText('₪12.60').waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the owner turns the code off; it stays listed with its history', async () => {
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    await signInOwner(page);
    await page.goto(`${baseUrl}/promo-codes`);
    const row = page.getByTestId('promo-code-row').filter({ hasText: CODE });
    await row.getByRole('button', { name: `כיבוי הקוד ${CODE}` }).click();
    await row.getByText('כבוי').waitFor();
    await context.close();
  });
});
