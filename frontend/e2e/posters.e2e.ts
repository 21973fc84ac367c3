import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  describeViolations,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
} from './support/browser.js';
import { expectTidy } from './support/layout.js';
import { band, differences, openPdf, readQr, redLogoPng, redPixels, type OpenedPdf } from './support/pdf.js';

// Issue 18's posters in a real browser, against the built product: a new business with a logo, offering Arabic,
// asks its QR card for the PDF of 3 tables, as A4 posters and as folded table cards. The downloaded PDFs are opened
// and drawn as a viewer draws them (pdf.js), and each page's code is read back (jsQR): table 1, 2, 3 in order. The
// Arabic instruction is printed while Arabic is offered, and only then. axe finds nothing on the card.

const baseUrl = inject('baseUrl');
const screenshotDir = process.env.E2E_SCREENSHOTS;

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'סמיר חורי',
  businessName: 'קפה הלוח',
  email: 'samir.posters@example.co.il',
  idNumber: '515678902',
  phone: '054-5559182',
  bankName: '10',
  branch: '800',
  accountNumber: '765431',
  beneficiaryName: 'סמיר חורי',
  street: 'הרצל 12',
  city: 'חיפה',
};
const ARABIC_INSTRUCTION = 'امسحوا الرمز للطلب والدفع';
const A4_POINTS = { width: 595.28, height: 841.89 };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Registers the business in the page and keeps its session there, as the registration page does. */
async function register(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/`);
  return page.evaluate(async (body) => {
    const response = await fetch('/api/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: { token: string; business: { departmentId: string } } };
    if (!response.ok || !json.data) throw new Error(`registration failed: ${response.status}`);
    localStorage.setItem('authToken', json.data.token);
    localStorage.setItem('businessData', JSON.stringify(json.data.business));
    return json.data.business.departmentId;
  }, OWNER);
}

/** The languages the business offers its diners besides Hebrew, set as the settings card sets them. */
async function offerLanguages(page: Page, languages: string[]): Promise<void> {
  const status = await page.evaluate(async (chosen) => {
    const response = await fetch('/api/business/diner-languages', {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
      },
      body: JSON.stringify({ languages: chosen }),
    });
    return response.status;
  }, languages);
  expect(status).toBe(200);
}

/** Asks the card for the PDF and waits for the file; answers its name and what a viewer draws of it. */
async function makePdf(card: Locator, name: string): Promise<{ fileName: string; pdf: OpenedPdf }> {
  const page = card.page();
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('poster-pdf-make').click(),
  ])) as [Download, unknown];
  const path = await download.path();
  if (screenshotDir) {
    mkdirSync(screenshotDir, { recursive: true });
    copyFileSync(path, join(screenshotDir, `${name}.pdf`));
  }
  await card.getByTestId('poster-pdf-status').getByText('ה-PDF מוכן: 3 עמודים. הקובץ הורד.').waitFor();
  return { fileName: download.suggestedFilename(), pdf: await openPdf(new Uint8Array(readFileSync(path))) };
}

/** axe-core (WCAG 2.0/2.1 A and AA, best practices) finds nothing in the QR card, as it is now. */
async function expectCardAccessible(page: Page, where: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(
      { include: [['[data-testid="qr-card"]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    );
    return results.violations;
  });
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

function expectA4Pages(pdf: OpenedPdf, count: number) {
  expect(pdf.sizes).toHaveLength(count);
  for (const size of pdf.sizes) {
    expect(size.width).toBeCloseTo(A4_POINTS.width, 0);
    expect(size.height).toBeCloseTo(A4_POINTS.height, 0);
  }
}

describe("the QR card's PDF for all tables, in a real browser", () => {
  it('makes A4 posters and folded table cards for tables 1 to 3, each page carrying its own table', async () => {
    const { page, problems } = await openPage(browser);
    const departmentId = await register(page);
    const tableUrl = (table: number) => `${baseUrl}/menu/${departmentId}?table=${table}`;
    await offerLanguages(page, ['ar']);

    await page.goto(`${baseUrl}/settings`);
    await page
      .getByLabel('בחירת קובץ לוגו')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: redLogoPng() });
    await page.getByTestId('toast').getByText('הלוגו הועלה, נדחס ונשמר').waitFor();
    const card = page.getByTestId('qr-card');
    await card.getByTestId('qr-code').waitFor();
    await card.getByTestId('poster-languages').getByText('ההוראה תודפס ב: עברית, ערבית').waitFor();
    await expectAccessible(page, '/settings, the QR card with its PDF section at 1280 px');
    await expectTidy(page, '/settings at 1280 px');

    // Without a number of tables there is nothing to make: the card says so and takes the keyboard to the field.
    await card.getByTestId('poster-pdf-make').click();
    await card.getByText('כדי להכין PDF לכל השולחנות, מלאו קודם את מספר השולחנות.').waitFor();
    expect(await card.getByTestId('qr-tables').evaluate((input) => input === document.activeElement)).toBe(true);
    await card.getByTestId('qr-tables').fill('3');

    // A4 posters: one page per table, its code read back in order, the logo at the top.
    expect(await card.getByTestId('poster-format-a4').isChecked()).toBe(true);
    const a4 = await makePdf(card, 'posters-a4');
    expect(a4.fileName).toBe('קפה הלוח - שלטי A4.pdf');
    expectA4Pages(a4.pdf, 3);
    expect(a4.pdf.info.Title).toBe('קפה הלוח: שלטי QR לשולחנות');
    expect(a4.pdf.info.Subject).toBe(`סרקו להזמנה ולתשלום / ${ARABIC_INSTRUCTION}`);
    const a4Codes = a4.pdf.pages.map((drawn) => readQr(drawn));
    expect(a4Codes.map((code) => code?.text)).toEqual([tableUrl(1), tableUrl(2), tableUrl(3)]);
    for (const drawn of a4.pdf.pages) expect(redPixels(drawn, 0, Math.round(drawn.height / 5))).toBeGreaterThan(2000);
    await expectAccessible(page, '/settings after the PDF');
    if (screenshotDir) await card.screenshot({ path: join(screenshotDir, 'qr-card-1280.png') });

    // Folded table cards: two faces per page, the upper one upside down, each face with the table's code.
    await card.getByText('כרטיס שולחן מתקפל').click();
    expect(await card.getByTestId('poster-format-tent').isChecked()).toBe(true);
    const tent = await makePdf(card, 'posters-tent');
    expect(tent.fileName).toBe('קפה הלוח - כרטיסי שולחן.pdf');
    expectA4Pages(tent.pdf, 3);
    tent.pdf.pages.forEach((drawn, index) => {
      const middle = Math.round(drawn.height / 2);
      expect(readQr(band(drawn, 0, middle))?.text).toBe(tableUrl(index + 1));
      expect(readQr(band(drawn, middle, drawn.height))?.text).toBe(tableUrl(index + 1));
      expect(redPixels(drawn, 0, middle)).toBeGreaterThan(500);
      expect(redPixels(drawn, middle, drawn.height)).toBeGreaterThan(500);
    });

    // Arabic no longer offered: the same poster without the Arabic line, which was drawn under the code.
    await offerLanguages(page, []);
    await page.reload();
    await card.getByTestId('poster-languages').getByText('ההוראה תודפס ב: עברית').waitFor();
    await card.getByTestId('qr-tables').fill('3');
    const hebrewOnly = await makePdf(card, 'posters-a4-hebrew');
    expect(hebrewOnly.pdf.info.Subject).toBe('סרקו להזמנה ולתשלום');
    const firstCode = a4Codes[0]!;
    const change = differences(a4.pdf.pages[0]!, hebrewOnly.pdf.pages[0]!);
    expect(change.pixels).toBeGreaterThan(1000);
    expect(change.rows[0]).toBeGreaterThan(firstCode.bottom);
    if (screenshotDir) {
      writeFileSync(join(screenshotDir, 'posters-difference-rows.txt'), `${change.rows[0]}..${change.rows.at(-1)}`);
    }

    // On a phone: the card, its format choice and its button fit, and axe finds nothing in the card (the whole page
    // is checked at 1280 px above; at 390 px the printer card's pairing command is a scrolling <pre> axe flags).
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByTestId('poster-pdf-make').scrollIntoViewIfNeeded();
    await expectCardAccessible(page, '/settings, the QR card at 390 px');
    if (screenshotDir) await card.screenshot({ path: join(screenshotDir, 'qr-card-390.png') });
    await expectNoSidewaysScroll(page);
    await expectTidy(page, '/settings at 390 px');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
