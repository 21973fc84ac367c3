import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DECLINED_CARD, GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// Splitting a shared table's bill (issue 34, part 2) against the real product: the demo café's tables 6 to 8 (the
// shared table's own browser test uses 3 to 5), phones as separate browser contexts, the built-in sandbox's card page
// in each checkout's frame. Every wait is for a condition on the page, never for a time.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER_PHONE = '052-3456789';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
const posters = new Map<number, string>();
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, context } = await openPage(browser);
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(DEMO_OWNER_PHONE);
  await waitUntilCodeCanBeSent(smsLog, DEMO_OWNER_PHONE);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, DEMO_OWNER_PHONE, before));
  await page.waitForURL((url) => url.pathname !== '/login');
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/tables', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
    });
    return (await response.json()) as { data: { tables: { number: number; url: string }[] } };
  });
  for (const table of answer.data.tables) posters.set(table.number, table.url);
  await context.close();
}, 120_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
});

function posterOf(table: number): string {
  const url = new URL(posters.get(table)!);
  return `${baseUrl}${url.pathname}${url.search}`;
}

async function phoneAt(address: string): Promise<{ page: Page; problems: string[] }> {
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  contexts.push(context);
  await page.goto(address);
  await page.locator('[data-testid="table-bar"][data-status="joined"]').waitFor({ timeout: 30_000 });
  return { page, problems };
}

const addButton = (page: Page, product: string) => page.getByRole('button', { name: `הוספה של ${product} לעגלה` });

/** Agorot of the first "₪12.50" in a text. */
function agorotIn(text: string | null): number {
  const match = /(\d+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
const amountOf = async (page: Page, testId: string) => agorotIn(await page.getByTestId(testId).first().textContent());

/** The phone's table cart, with its split choice. */
async function toTableCart(page: Page) {
  await page.getByTestId('table-open-cart').click();
  await page.getByTestId('split-choice').waitFor();
}

/** From the cart: pay the part chosen, to the sandbox's frame; answers the amount the checkout shows. */
async function toFrame(page: Page): Promise<number> {
  await page.getByTestId('to-payment').click();
  await page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();
  await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 30_000 });
  return amountOf(page, 'checkout-amount');
}

/** Pays in the frame with the approved card; the thank-you page shows the payer's own part and document. */
async function payAndThank(page: Page, part: number) {
  await payInFrame(page.frameLocator(PAYMENT_FRAME), GOOD_CARD);
  await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
  await page.getByTestId('table-bill').waitFor({ timeout: 30_000 });
  await expect.poll(() => amountOf(page, 'table-bill-part')).toBe(part);
  const invoice = page.getByRole('link', { name: 'צפייה בחשבונית (נפתח בחלון חדש)' });
  await invoice.waitFor({ timeout: 30_000 });
  expect(await invoice.getAttribute('href')).toBeTruthy();
}

describe('splitting the bill at demo tables (issue 34, part 2)', () => {
  it('A pays their items, B sees it and pays all that is left; each thank-you page is their own', async () => {
    const table = posterOf(6);
    const a = await phoneAt(table);
    const b = await phoneAt(table);
    await addButton(a.page, 'קרואסון חמאה').click();
    await addButton(b.page, 'לימונדה נענע').click();
    await expect.poll(() => a.page.getByTestId('table-summary').textContent()).toContain('2 פריטים');
    await expect.poll(() => b.page.getByTestId('table-summary').textContent()).toContain('2 פריטים');

    await toTableCart(a.page);
    const total = await amountOf(a.page, 'table-total');
    await a.page.getByTestId('split-mine').check();
    const mine = await amountOf(a.page, 'split-amount-mine');
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(total);
    await expectNoSidewaysScroll(a.page);
    await expectAccessible(a.page, 'the split choice at 390 px');
    expect(await toFrame(a.page)).toBe(mine);
    expect(await amountOf(a.page, 'checkout-part')).toBe(mine);

    // B sees A paying, then paid, and what is left; B may pay a part meanwhile.
    await b.page.getByTestId('table-payments').waitFor({ timeout: 30_000 });
    await payAndThank(a.page, mine);
    expect(await a.page.getByTestId('table-bill').getAttribute('data-paid')).toBe('false');
    expect(await amountOf(a.page, 'table-bill-left-amount')).toBe(total - mine);
    await expectAccessible(a.page, "the payer's thank-you page at a shared table");

    const paidRow = b.page.locator('[data-testid="table-payment"][data-status="paid"]');
    await paidRow.waitFor({ timeout: 30_000 });
    expect(agorotIn(await paidRow.getByTestId('table-payment-amount').textContent())).toBe(mine);
    await expect.poll(() => amountOf(b.page, 'table-left-amount')).toBe(total - mine);
    await toTableCart(b.page);
    await expectAccessible(b.page, 'who paid and what is left at 390 px');
    expect(await amountOf(b.page, 'split-amount-all')).toBe(total - mine);
    expect(await toFrame(b.page)).toBe(total - mine);
    await payAndThank(b.page, total - mine);
    await expect.poll(() => b.page.getByTestId('table-bill').getAttribute('data-paid')).toBe('true');
    // A's page follows the table: all paid, the kitchen's steps.
    await expect
      .poll(() => a.page.getByTestId('table-bill').getAttribute('data-paid'), { timeout: 60_000 })
      .toBe('true');
    await a.page.getByTestId('order-progress').waitFor();

    // The table starts fresh for its next party.
    const next = await phoneAt(table);
    await next.page.getByTestId('table-toggle').click();
    await next.page.getByTestId('table-empty').waitFor({ timeout: 30_000 });
    for (const phone of [a, b, next]) expect(phone.problems).toEqual([]);
  });

  it('equal parts of 3 round up to the agora; a declined card leaves the share open', async () => {
    const table = posterOf(7);
    const a = await phoneAt(table);
    const b = await phoneAt(table);
    await addButton(a.page, 'קרואסון חמאה').click();
    await addButton(b.page, 'מים מינרליים').click();
    await expect.poll(() => a.page.getByTestId('table-summary').textContent()).toContain('2 פריטים');
    await toTableCart(a.page);
    const total = await amountOf(a.page, 'table-total');
    await a.page.getByTestId('split-equal').check();
    await a.page.getByTestId('split-shares-plus').click();
    expect(await a.page.getByTestId('split-shares').inputValue()).toBe('3');
    const third = Math.ceil(total / 3);
    await expect.poll(() => amountOf(a.page, 'split-amount-equal')).toBe(third);
    expect(third * 3).toBeGreaterThanOrEqual(total);
    expect(await toFrame(a.page)).toBe(third);

    await payInFrame(a.page.frameLocator(PAYMENT_FRAME), DECLINED_CARD);
    await a.page.frameLocator(PAYMENT_FRAME).getByRole('alert').filter({ hasText: /סורבה/ }).waitFor();
    // The declined part is open again: B sees the whole bill left, and may pay a third of it.
    await toTableCart(b.page);
    await expect.poll(() => amountOf(b.page, 'split-amount-all')).toBe(total);
    await b.page.getByTestId('split-equal').check();
    await b.page.getByTestId('split-shares-plus').click();
    await expect.poll(() => amountOf(b.page, 'split-amount-equal')).toBe(third);
    expect(await toFrame(b.page)).toBe(third);
    await payAndThank(b.page, third);
    expect(await amountOf(b.page, 'table-bill-left-amount')).toBe(total - third);
  });

  it('two phones pay all that is left at once: one gets the page, the other is told', async () => {
    const table = posterOf(8);
    const a = await phoneAt(table);
    const b = await phoneAt(table);
    await addButton(a.page, 'עוגת שוקולד').click();
    await addButton(b.page, 'לימונדה נענע').click();
    for (const { page } of [a, b]) {
      await expect.poll(() => page.getByTestId('table-summary').textContent()).toContain('2 פריטים');
      await toTableCart(page);
    }
    await Promise.all([a.page.getByTestId('to-payment').click(), b.page.getByTestId('to-payment').click()]);
    const outcome = async (page: Page) => {
      const frame = page.locator(PAYMENT_FRAME);
      const told = page.locator(
        '[data-testid="split-refused"], [data-testid="payment-error"], [data-testid="price-changed"]',
      );
      await frame.or(told).first().waitFor({ timeout: 30_000 });
      return (await frame.isVisible()) ? 'page' : 'told';
    };
    const outcomes = await Promise.all([outcome(a.page), outcome(b.page)]);
    expect([...outcomes].sort()).toEqual(['page', 'told']);
    const told = outcomes[0] === 'told' ? a.page : b.page;
    expect((await told.getByRole('alert').first().textContent())?.trim()).toBeTruthy();
  });
});
