import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_CARD, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';
import { expectTidy } from './support/layout.js';

// The diner's pages in English and in Arabic (issue 16): the diner picks the language in the header, the server draws
// the next pages in it (the cookie), the product sheet, cart, checkout, the sandbox's card page and the thank-you page
// speak it, and the owner's Hebrew (product and option names) is marked as Hebrew. The choices (oat milk, an extra
// shot, no onion) reach the thank-you page, the tax invoice, the owner's live console (drawn like the slip) and report. axe finds nothing in either
// language, on a phone and on a desktop.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The thank-you page waits on the order (held answers of about 25 s) while the payment or the invoice is pending. */
const INVOICE_WAIT = 40_000;

const languages = [
  {
    code: 'en',
    dir: 'ltr',
    add: (name: string) => `Add ${name} to your cart`,
    cart: 'Your cart',
    toPayment: 'Continue to payment',
    payment: 'Payment',
    frame: 'Secure payment page',
    cardPage: 'Pay by credit card',
    pay: /^Pay/,
    thanks: 'Thank you for your order',
    invoice: /View the invoice/,
  },
  {
    code: 'ar',
    dir: 'rtl',
    add: (name: string) => `إضافة ${name} إلى السلة`,
    cart: 'سلتكم',
    toPayment: 'المتابعة إلى الدفع',
    payment: 'الدفع',
    frame: 'صفحة دفع آمنة',
    cardPage: 'الدفع ببطاقة الائتمان',
    pay: /^ادفعوا/,
    thanks: 'شكرًا على طلبكم',
    invoice: /عرض الفاتورة/,
  },
] as const;

/** The order numbers paid in each language, looked for in the owner's report. */
const paid = new Map<string, string>();

describe.each(languages)('a diner in $code', (language) => {
  it('picks the language, chooses oat milk, an extra shot and no onion, pays, and sees it all after', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/demo`);
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).waitFor();
    await page.getByTestId('language-switcher').selectOption(language.code);
    await page.getByRole('button', { name: language.add('הפוך') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      language.code,
      language.dir,
    ]);
    // Remembered: the server draws the menu in it now, and the browser takes it over without redrawing.
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.code);
    await page.getByRole('button', { name: language.add('הפוך') }).click();
    const coffee = page.getByRole('dialog', { name: 'הפוך' });
    await coffee.waitFor();
    expect(await coffee.getByRole('heading', { name: 'הפוך' }).getAttribute('lang')).toBe('he');
    await coffee.getByRole('radio', { name: /חלב שיבולת שועל/ }).check();
    await coffee.getByRole('checkbox', { name: /שוט אספרסו נוסף/ }).check();
    await expectAccessible(page);
    await coffee.getByTestId('sheet-add').click();
    await coffee.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: language.add('ארוחת בוקר ישראלית') }).click();
    const breakfast = page.getByRole('dialog', { name: 'ארוחת בוקר ישראלית' });
    await breakfast.waitFor();
    await breakfast.getByRole('checkbox', { name: 'בלי בצל' }).check();
    await breakfast.getByTestId('sheet-add').click();
    await breakfast.waitFor({ state: 'detached' });

    await page.getByTestId('header-cart').click();
    await page.getByRole('heading', { level: 1, name: language.cart }).waitFor();
    const options = await page.getByTestId('line-options').allTextContents();
    expect(options.join(' | ')).toContain('חלב שיבולת שועל +₪2.00שוט אספרסו נוסף +₪3.00');
    expect(options.join(' | ')).toContain('בלי בצל');
    await expectAccessible(page);
    // Drawn by the server from the cart's cookie, in the language.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: language.cart }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.code);

    await page.getByRole('button', { name: language.toPayment }).click();
    await page.getByRole('heading', { level: 1, name: language.payment }).waitFor();
    const frameSelector = `iframe[title="${language.frame}"]`;
    await page.locator(frameSelector).waitFor({ state: 'visible', timeout: 15_000 });
    const frame = page.frameLocator(frameSelector);
    // The sandbox's card page follows the diner's language.
    await frame.getByRole('heading', { level: 1, name: language.cardPage }).waitFor({ timeout: 15_000 });
    expect(await frame.locator('html').getAttribute('lang')).toBe(language.code);
    await expectAccessible(page);
    await payInFrame(frame, GOOD_CARD, language.pay);

    await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: language.thanks }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^\d+$/);
    paid.set(language.code, orderNumber);
    const lines = (await page.getByTestId('order-lines').textContent()) ?? '';
    expect(lines).toContain('חלב שיבולת שועל');
    expect(lines).toContain('שוט אספרסו נוסף');
    expect(lines).toContain('בלי בצל');
    await expectTidy(page, `the thank-you page in ${language.code}`);
    const invoiceLink = page.getByRole('link', { name: language.invoice });
    await invoiceLink.waitFor({ timeout: INVOICE_WAIT });
    await expectAccessible(page);
    const [invoice] = await Promise.all([context.waitForEvent('page'), invoiceLink.click()]);
    await invoice.waitForLoadState();
    const invoiceText = await invoice.locator('body').innerText();
    expect(invoiceText).toContain('חשבונית מס/קבלה');
    expect(invoiceText).toContain('חלב שיבולת שועל');
    expect(invoiceText).toContain('בלי בצל');
    await invoice.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has nothing for axe on the menu and the cart at 390 px and on a desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseUrl}/menu/demo?lang=${language.code}`);
      await page.getByRole('button', { name: language.add('הפוך') }).waitFor();
      await expectAccessible(page);
      await expectTidy(page, `the menu at ${viewport.width} px`);
      await page.goto(`${baseUrl}/cart/demo`);
      await page.getByRole('heading', { level: 1, name: language.cart }).waitFor();
      await expectAccessible(page);
      await expectTidy(page, `the cart at ${viewport.width} px`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe("the owner's live console, report and languages", () => {
  it('show the choices of the orders paid in English and in Arabic, as the slip prints them; then offer fewer languages', async () => {
    expect([...paid.keys()].sort(), 'both journeys ran').toEqual(['ar', 'en']);
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${baseUrl}/login`);
    const before = smsLines(smsLog).length;
    await page.getByLabel('מספר טלפון נייד').fill('0523456789');
    await waitUntilCodeCanBeSent(smsLog, '0523456789');
    await page.getByRole('button', { name: 'שליחת קוד' }).click();
    await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, '052-3456789', before));
    await page.waitForURL(`${baseUrl}/reports`);
    for (const orderNumber of paid.values()) {
      const row = page
        .getByTestId('report-order')
        .filter({ has: page.locator('bdi', { hasText: new RegExp(`^#${orderNumber}$`) }) });
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole('button').click();
      const details = (await row.textContent()) ?? '';
      expect(details).toContain('חלב שיבולת שועל');
      expect(details).toContain('שוט אספרסו נוסף');
      expect(details).toContain('בלי בצל');
    }
    // The live console draws each line's choices as the kitchen's slip does ("without" apart).
    await page.goto(`${baseUrl}/orders`);
    for (const orderNumber of paid.values()) {
      const card = page
        .getByTestId('live-order')
        .filter({ has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
      await card.waitFor({ timeout: 15_000 });
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('חלב שיבולת שועל');
      expect(text).toContain('שוט אספרסו נוסף');
      // The "without" choices follow one "בלי:", the word not doubled for a choice named "בלי בצל" (issue 29).
      expect(text).toContain('בלי: בצל');
      expect(text).not.toContain('בלי: בלי');
    }

    // The owner offers English alone besides Hebrew: the diner's switcher offers just those, Arabic falls back.
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByTestId('diner-languages-card');
    await card.getByRole('checkbox', { name: /ערבית/ }).uncheck();
    await card.getByRole('checkbox', { name: /רוסית/ }).uncheck();
    await card.getByRole('button', { name: 'שמירת השפות' }).click();
    await page.getByText('השפות נשמרו').first().waitFor();
    await expectAccessible(page);
    const diner = await openPage(browser, { viewport: PHONE });
    await diner.page.goto(`${baseUrl}/menu/demo?lang=ar`);
    await diner.page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).waitFor();
    expect(await diner.page.evaluate(() => document.documentElement.lang)).toBe('he');
    const options = diner.page.getByTestId('language-switcher').locator('option');
    expect(await options.evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value))).toEqual([
      'he',
      'en',
    ]);
    expect(diner.problems).toEqual([]);
    await diner.context.close();
    // Back to every language, as the demo café was.
    await card.getByRole('checkbox', { name: /ערבית/ }).check();
    await card.getByRole('checkbox', { name: /רוסית/ }).check();
    await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/api/business/diner-languages') && response.request().method() === 'PUT',
      ),
      card.getByRole('button', { name: 'שמירת השפות' }).click(),
    ]);
    await context.close();
  });
});
