import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// Printing with no install (issue 18): the live console of the demo café, with printing through the browser on,
// prints a diner's new paid order with window.print(); the slip's print layout is then printed to PDF by Chromium
// and read back: one page as wide as the paper, with the slip's Hebrew as text. Settings' guide prints a test slip.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER_PHONE = '052-3456789';
const LIVE_WAIT = 20_000;
const MM = 72 / 25.4; // PDF points in a millimetre

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
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function dinerPays(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/menu/demo`);
  await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
  await page.getByTestId('sheet-add').click();
  await page.getByTestId('header-cart').click();
  await page.getByRole('textbox', { name: 'הערות למטבח (לא חובה)' }).fill('בלי קצף');
  await page.getByRole('button', { name: 'מעבר לתשלום' }).click();
  await page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
  const frame = page.frameLocator(PAYMENT_FRAME);
  await frame.locator('input[autocomplete="cc-number"]').waitFor({ timeout: 15_000 });
  await payInFrame(frame, GOOD_CARD);
  await page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
  return ((await page.getByTestId('order-number').textContent()) ?? '').trim();
}

/** Counts window.print() calls and keeps the slip's text at each: headless Chromium has no printer to send to. */
async function watchPrinting(page: Page) {
  await page.evaluate(() => {
    const record = window as unknown as { printed: string[] };
    record.printed = [];
    window.print = () => {
      record.printed.push(document.querySelector('[data-testid="browser-slip"]')?.textContent ?? '');
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: string[] }).printed);

/** The characters the PDF's fonts map to text (their ToUnicode maps): what a copy or a search of the PDF finds. */
function pdfText(pdf: Buffer): Set<string> {
  const characters = new Set<string>();
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!body.includes('begincmap')) continue;
    // bfchar: "<glyph> <text>"; bfrange: "<first> <last> <text of first>" or "<first> <last> [<text> ...]".
    const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
    for (const section of body.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const pair of section[1]!.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g)) characters.add(utf16(pair[1]!));
    for (const section of body.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const range of section[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
        const count = parseInt(range[2]!, 16) - parseInt(range[1]!, 16);
        const target = range[3]!;
        if (target.startsWith('[')) {
          for (const item of target.matchAll(/<([0-9A-Fa-f]+)>/g)) characters.add(utf16(item[1]!));
        } else {
          const first = parseInt(target.slice(1, -1), 16);
          for (let offset = 0; offset <= count; offset++) characters.add(String.fromCharCode(first + offset));
        }
      }
    }
  }
  return characters;
}

function pdfPages(pdf: Buffer): Array<{ width: number; height: number }> {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((box) => ({
    width: Number(box[1]),
    height: Number(box[2]),
  }));
}

describe('printing through the browser', () => {
  it('prints a new paid order from the live console, as one page of 80 mm paper with its Hebrew', async () => {
    const { page, context, problems } = await openPage(browser);
    await signIn(page, DEMO_OWNER_PHONE);
    await page.goto(`${baseUrl}/orders`);
    await page.getByText('מחובר – הזמנות חדשות יופיעו כאן מיד').waitFor({ timeout: LIVE_WAIT });
    await watchPrinting(page);
    const toggle = page.getByRole('button', { name: /הדפסה מהדפדפן/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, '/orders with printing through the browser on');
    await expectNoSidewaysScroll(page);

    const diner = await openPage(browser, { viewport: { width: 375, height: 740 } });
    const orderNumber = await dinerPays(diner.page);
    await diner.context.close();

    await expect.poll(() => printed(page), { timeout: LIVE_WAIT }).toHaveLength(1);
    const [slip] = await printed(page);
    expect(slip).toContain(`הזמנה ${orderNumber}`);
    expect(slip).toContain('הפוך');
    expect(slip).toContain('בלי קצף');

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    // One page the slip's size: the console around it is not on paper (it would run on to more pages).
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(80 * MM, 0);
    expect(pages[0]!.height).toBeGreaterThan(30 * MM);
    expect(pages[0]!.height).toBeLessThan(200 * MM);
    const characters = pdfText(pdf);
    for (const letter of 'הזמנהפוךבליקצף') expect(characters).toContain(letter);
    for (const digit of orderNumber) expect(characters).toContain(digit);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Settings' guide explains both ways, is accessible, and prints a test slip on 58 mm paper", async () => {
    const { page, context, problems } = await openPage(browser);
    await signIn(page, DEMO_OWNER_PHONE);
    await page.evaluate(() =>
      localStorage.setItem('tafrit.browserPrinting', JSON.stringify({ enabled: false, paper: '58mm' })),
    );
    await page.goto(`${baseUrl}/settings`);
    const guide = page.getByTestId('printing-guide');
    await guide.getByRole('heading', { name: 'הדפסה מהדפדפן, בלי התקנה' }).waitFor();
    expect(await guide.getByTestId('kiosk-switch').textContent()).toBe('--kiosk-printing');
    await watchPrinting(page);
    await guide.getByRole('button', { name: 'הדפסת דף בדיקה מהדפדפן' }).click();
    await expect.poll(() => printed(page)).toHaveLength(1);
    expect((await printed(page))[0]).toContain('דף בדיקה');
    await expectAccessible(page, '/settings with the printing guide');
    await expectNoSidewaysScroll(page);
    const pages = pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(58 * MM, 0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
