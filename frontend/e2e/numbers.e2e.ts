import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';
import { DEMO_OWNER_PHONE, signInWithCode } from './support/money.js';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';

// Issue 33, part 4, in a real browser against the built product: a diner pays an order at the demo café; its owner
// opens "מה נמכר" from the console's navigation, sees the plots of this month with the paid order in them, opens a
// plot's table and downloads its CSV. axe finds nothing at 390 px and on a desktop.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TITLE = 'מה נמכר';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A diner on a phone pays for a cappuccino at the demo café (the sandbox's approved card). */
async function dinerPays(page: Page) {
  await page.goto(`${baseUrl}/menu/demo`);
  await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
  await page.getByTestId('sheet-add').click();
  await page.getByTestId('product-sheet').waitFor({ state: 'detached' });
  await page.getByTestId('header-cart').click();
  await page.getByRole('button', { name: 'מעבר לתשלום', exact: true }).click();
  await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
  const frame = page.frameLocator(PAYMENT_FRAME);
  await frame.locator('input[autocomplete="cc-number"]').waitFor({ timeout: 15_000 });
  await payInFrame(frame, GOOD_CARD);
  await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
}

/** The numbers page, reached from the console's navigation, once its figures include at least one paid order. */
async function openNumbers(page: Page) {
  await page.getByRole('navigation', { name: 'ניווט ניהול העסק' }).getByRole('link', { name: 'מספרים' }).click();
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await page.getByTestId('numbers-content').waitFor({ timeout: 30_000 });
}

describe("the owner's numbers, end to end (issue 33)", () => {
  it('a diner pays; the owner sees the plots and their tables, downloads a CSV; axe finds nothing', async () => {
    const diner = await openPage(browser, { viewport: PHONE });
    await dinerPays(diner.page);
    expect(diner.problems).toEqual([]);
    await diner.context.close();

    const { page, context, problems } = await openPage(browser, { viewport: DESKTOP });
    await signInWithCode(page, { baseUrl, smsLog, phone: DEMO_OWNER_PHONE });
    await openNumbers(page);
    // The plots, each an image with its name, and this month's sales counting the order just paid.
    for (const id of ['days', 'weeks', 'best', 'least', 'options', 'hours', 'service', 'months', 'sources']) {
      await expect(page.getByTestId(`numbers-${id}-chart`).getAttribute('role')).resolves.toBe('img');
    }
    // The promo codes' plot: a chart once a code was used this month (another browser test may pay with DEMO10),
    // else its own empty state.
    const promos = page.getByTestId('numbers-plot-promos');
    await expect(
      promos.getByTestId('numbers-promos-chart').or(promos.getByText('לא נעשה שימוש בקודי הנחה בטווח הזה.')).count(),
    ).resolves.toBe(1);
    // Where the orders came from: its table lists the channels with their orders.
    const sources = page.getByTestId('numbers-plot-sources');
    await sources.locator('summary').click();
    await sources.getByRole('table').waitFor();
    expect(await sources.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    const products = page.getByTestId('numbers-plot-products');
    await products.locator('summary').click();
    const table = products.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'הפוך' }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the numbers page on a desktop, a table open');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      products.getByRole('button', { name: 'הורדת CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^numbers-products-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.split('\r\n');
    expect(header).toBe('מוצר,יחידות,מכירות (₪)');
    expect(rows.some((line) => line.startsWith('הפוך,'))).toBe(true);

    // Another range from the picker: this year, which holds this month.
    await page.getByRole('button', { name: 'השנה' }).click();
    await expect(page.getByRole('button', { name: 'השנה' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('numbers-content').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('comes as HTML with its first screen, which React takes over without drawing it again (decision 054)', async () => {
    // The page as the server sends it: the console's frame and the page's heading, intro and presets, nothing of a
    // session; `/reports` likewise.
    const html = await (await fetch(`${baseUrl}/numbers`)).text();
    expect(html).toMatch(/<h1[^>]*>מה נמכר<\/h1>/);
    expect(html).toContain('aria-label="ניווט ניהול העסק"');
    expect(html).toContain('aria-pressed="true"');
    expect(html).not.toContain('data-testid="numbers-content"');
    expect(await (await fetch(`${baseUrl}/reports`)).text()).toMatch(/<h1[^>]*>דוח הזמנות חודשי<\/h1>/);

    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await signInWithCode(page, { baseUrl, smsLog, phone: DEMO_OWNER_PHONE });
    // The HTML's own heading and intro, kept before the app arrives (it loads after the first paint).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const drawn = window as unknown as { drawnHeading?: Element | null; drawnIntro?: Element | null };
        drawn.drawnHeading = document.querySelector('main h1');
        drawn.drawnIntro = document.querySelector('main h1 + p');
      });
    });
    await page.goto(`${baseUrl}/numbers`);
    expect(await page.evaluate(() => document.querySelector('main h1')?.textContent)).toBe(TITLE);
    // Hydrated: the session's data is drawn (the figures, the business's name, the range's dates)...
    await page.getByTestId('numbers-content').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('numbers-range').textContent()).resolves.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    // ...over the very elements the server sent, not drawn again (a hydration error would replace them).
    const kept = await page.evaluate(() => {
      const drawn = window as unknown as { drawnHeading?: Element | null; drawnIntro?: Element | null };
      return {
        heading: !!drawn.drawnHeading && drawn.drawnHeading === document.querySelector('main h1'),
        intro: !!drawn.drawnIntro && drawn.drawnIntro === document.querySelector('main h1 + p'),
      };
    });
    expect(kept).toEqual({ heading: true, intro: true });
    // It works: another preset draws its range.
    await page.getByRole('button', { name: 'השנה' }).click();
    await expect(page.getByRole('button', { name: 'השנה' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expectAccessible(page, 'the numbers page hydrated from its HTML at 390 px');
    // The monthly report, also from its HTML.
    await page.goto(`${baseUrl}/reports`);
    await page.getByTestId('transfers-note').waitFor();
    await page.getByRole('navigation', { name: 'ניווט ניהול העסק' }).getByRole('link', { name: 'מספרים' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    // Without a session the guard sends the visitor to sign in: that page is drawn anew, not hydrated over this one.
    const stranger = await openPage(browser, { viewport: PHONE });
    await stranger.page.goto(`${baseUrl}/numbers`);
    await stranger.page.waitForURL(/\/login$/);
    await stranger.page.getByRole('heading', { level: 1, name: 'כניסה לעסקים' }).waitFor();
    expect(await stranger.page.locator('main h1').count()).toBe(1);
    expect(stranger.problems).toEqual([]);
    await stranger.context.close();
  });

  it('reads on a phone: no sideways scroll, axe finds nothing', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await signInWithCode(page, { baseUrl, smsLog, phone: DEMO_OWNER_PHONE });
    await page.goto(`${baseUrl}/numbers`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByTestId('numbers-content').waitFor({ timeout: 30_000 });
    await page.getByTestId('numbers-plot-hours').locator('summary').click();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'the numbers page at 390 px, the hours table open');
    expect(problems).toEqual([]);
    await context.close();
  });
});
