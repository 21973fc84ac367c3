import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// The shared table (issue 34) against the real product: the demo café shares its tables 1 to 10 and its posters carry
// each table's secret (read here from the owner's `GET /api/tables`, as the QR card reads it). Phones are separate
// browser contexts (each its own diner session). Every wait is for a condition on the page, never for a time.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER_PHONE = '052-3456789';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
/** The posters' addresses of the demo café's tables, by number. */
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
    return (await response.json()) as { data: { shared: boolean; tables: { number: number; url: string }[] } };
  });
  expect(answer.data.shared).toBe(true);
  for (const table of answer.data.tables) posters.set(table.number, table.url);
  expect([...posters.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  await context.close();
}, 120_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
});

/** A table's poster address as printed: `/menu/demo?table=N&key=…`, on this test server. */
function posterOf(table: number): string {
  const url = new URL(posters.get(table)!);
  expect(url.searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{16}$/);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** A phone that scanned `address`; its table bar joined (or said why not). */
async function phoneAt(address: string, status = 'joined'): Promise<{ page: Page; problems: string[] }> {
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  contexts.push(context);
  await page.goto(address);
  await page.locator(`[data-testid="table-bar"][data-status="${status}"]`).waitFor({ timeout: 30_000 });
  return { page, problems };
}

const addButton = (page: Page, product: string) => page.getByRole('button', { name: `הוספה של ${product} לעגלה` });

/** Opens the bar's list of the table's lines (once). */
async function showLines(page: Page) {
  const toggle = page.getByTestId('table-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId('table-panel').waitFor();
}

const lineOf = (page: Page, product: string) =>
  page
    .getByTestId('table-line')
    .filter({ has: page.getByTestId('table-line-name').getByText(product, { exact: true }) });

const lineNames = (page: Page) => page.getByTestId('table-line-name').allTextContents();

describe('two phones at demo table 3 (issue 34)', () => {
  it('a line added on one phone appears on the other; each edits only their own; a late phone sees the cart', async () => {
    const table = posterOf(3);
    const dana = await phoneAt(table);
    const omer = await phoneAt(table);
    await showLines(dana.page);
    await showLines(omer.page);

    await addButton(dana.page, 'קרואסון חמאה').click();
    await lineOf(omer.page, 'קרואסון חמאה').waitFor();
    expect(await lineOf(omer.page, 'קרואסון חמאה').getAttribute('data-own')).toBe('false');
    expect(await lineOf(dana.page, 'קרואסון חמאה').getAttribute('data-own')).toBe('true');

    await addButton(omer.page, 'מאפה גבינה').click();
    await lineOf(dana.page, 'מאפה גבינה').waitFor();
    // Someone else's line has nothing to press; one's own has its quantity and removal.
    expect(await lineOf(dana.page, 'מאפה גבינה').getByRole('button').count()).toBe(0);
    expect(await lineOf(omer.page, 'קרואסון חמאה').getByRole('button').count()).toBe(0);

    // Both change their own lines at once: nothing lost, nothing doubled.
    await Promise.all([
      lineOf(dana.page, 'קרואסון חמאה').getByRole('button', { name: 'הוספת עוד קרואסון חמאה' }).click(),
      lineOf(omer.page, 'מאפה גבינה').getByRole('button', { name: 'הוספת עוד מאפה גבינה' }).click(),
    ]);
    for (const page of [dana.page, omer.page]) {
      for (const product of ['קרואסון חמאה', 'מאפה גבינה']) {
        const quantity = lineOf(page, product).getByTestId('table-line-quantity').locator('bdi');
        await expect.poll(() => quantity.textContent()).toBe('2');
      }
    }
    await expect.poll(() => omer.page.getByTestId('table-summary').textContent()).toContain('4 פריטים');
    await expect.poll(() => dana.page.getByTestId('table-summary').textContent()).toContain('4 פריטים');

    await lineOf(omer.page, 'מאפה גבינה').getByTestId('table-line-remove').click();
    await expect.poll(() => lineNames(dana.page)).toEqual(['קרואסון חמאה']);

    // A third phone scanning later sees the cart as it is.
    const late = await phoneAt(table);
    await showLines(late.page);
    await expect.poll(() => lineNames(late.page)).toEqual(['קרואסון חמאה']);
    expect(await late.page.getByTestId('table-summary').textContent()).toContain('2 פריטים');

    for (const phone of [dana, omer, late]) expect(phone.problems).toEqual([]);
  });

  it('"just for me" keeps a private cart on the phone, and the table never sees its lines', async () => {
    const table = posterOf(3);
    const other = await phoneAt(table);
    const alone = await phoneAt(table);
    const sent: string[] = [];
    alone.page.on('request', (request) => {
      if (/\/api\/tables\/.+\/lines/.test(request.url())) sent.push(request.url());
    });
    await alone.page.getByRole('switch', { name: 'רק בשבילי' }).check();
    await alone.page.locator('[data-testid="table-bar"][data-status="alone"]').waitFor();
    await addButton(alone.page, 'מים מינרליים').click();
    await alone.page.getByTestId('floating-cart').waitFor();
    expect(await alone.page.evaluate(() => JSON.parse(localStorage.getItem('cart_demo') ?? '[]'))).toMatchObject([
      { name: 'מים מינרליים', quantity: 1 },
    ]);
    expect(sent).toEqual([]);
    // The private cart page is today's cart page.
    await alone.page.getByTestId('floating-cart').click();
    await alone.page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();

    // After a line of the table reaches the other phone, the private water is still not on it.
    await addButton(other.page, 'לימונדה נענע').click();
    await showLines(other.page);
    await lineOf(other.page, 'לימונדה נענע').waitFor();
    expect(await lineNames(other.page)).not.toContain('מים מינרליים');
  });

  it('a wrong secret joins nothing: a calm message, and the phone orders alone', async () => {
    const url = new URL(posterOf(3));
    url.searchParams.set('key', 'AAAAAAAAAAAAAAAA');
    const wrong = await phoneAt(`${baseUrl}${url.pathname}${url.search}`, 'invalid');
    expect(await wrong.page.getByTestId('table-invalid').textContent()).toBe(
      'הקוד של השולחן הזה אינו תקף. אפשר עדיין להזמין לעצמכם.',
    );
    await addButton(wrong.page, 'עוגת שוקולד').click();
    await wrong.page.getByTestId('floating-cart').waitFor();
    expect(await wrong.page.evaluate(() => JSON.parse(localStorage.getItem('cart_demo') ?? '[]'))).toMatchObject([
      { name: 'עוגת שוקולד' },
    ]);
  });

  it('one phone pays for the table: the others see who pays and cannot add; after payment the table starts fresh', async () => {
    const table = posterOf(3);
    const payer = await phoneAt(table);
    const other = await phoneAt(table);
    await showLines(other.page);
    await addButton(payer.page, 'לימונדה נענע').click();
    await lineOf(other.page, 'לימונדה נענע').first().waitFor();

    await payer.page.getByTestId('table-open-cart').click();
    await payer.page.getByTestId('table-pay').waitFor();
    await payer.page.getByTestId('to-payment').click();
    await payer.page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();
    await payer.page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 20_000 });

    await other.page.getByTestId('table-paying').waitFor();
    // Adding waits for the payment: the buttons are disabled, and say why.
    const add = addButton(other.page, 'עוגת שוקולד');
    await expect.poll(() => add.isDisabled()).toBe(true);
    const reason = await other.page.getByTestId('table-paying').getAttribute('id');
    expect(await add.getAttribute('aria-describedby')).toBe(reason);

    await payInFrame(payer.page.frameLocator(PAYMENT_FRAME), GOOD_CARD);
    await payer.page.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
    await payer.page.getByRole('heading', { level: 1, name: 'תודה על ההזמנה' }).waitFor();
    // The table's next party starts with an empty cart.
    await other.page.getByTestId('table-empty').waitFor({ timeout: 30_000 });
  });
});

describe('five phones at demo table 4 (issue 34)', () => {
  it('all add at once, and every phone sees all five lines', async () => {
    const table = posterOf(4);
    const products = ['קרואסון חמאה', 'מאפה גבינה', 'עוגת שוקולד', 'לימונדה נענע', 'מים מינרליים'];
    const phones = await Promise.all(products.map(() => phoneAt(table)));
    await Promise.all(phones.map(({ page }) => showLines(page)));
    await Promise.all(phones.map(({ page }, index) => addButton(page, products[index]!).click()));
    for (const { page } of phones) {
      await expect.poll(async () => (await lineNames(page)).sort()).toEqual([...products].sort());
      expect(await page.locator('[data-testid="table-line"][data-own="true"]').count()).toBe(1);
    }
  });
});

const languages = [
  { code: 'he', dir: 'rtl', title: 'העגלה המשותפת של שולחן', alone: 'רק בשבילי', split: 'איך משלמים?' },
  { code: 'ar', dir: 'rtl', title: 'السلة المشتركة للطاولة', alone: 'لي فقط', split: 'كيف تدفعون؟' },
  { code: 'en', dir: 'ltr', title: 'Shared cart of table', alone: 'Just for me', split: 'How do you pay?' },
  { code: 'ru', dir: 'ltr', title: 'Общая корзина стола', alone: 'Только для меня', split: 'Как платите?' },
] as const;

describe.each(languages)('the shared table in $code at 390 px (issue 34)', (language) => {
  it('speaks the language, keeps the number left to right, and axe finds nothing on the menu and the cart', async () => {
    const table = posterOf(5);
    const { page, problems } = await phoneAt(table);
    // A line of this phone's own, so the cart offers the split choice.
    await addButton(page, 'מים מינרליים').click();
    await expect.poll(() => page.getByTestId('table-summary').textContent()).not.toMatch(/^0 /);
    if (language.code !== 'he') {
      await page.getByTestId('language-switcher').selectOption(language.code);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language.code);
    }
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language.dir);
    const heading = page.getByTestId('table-bar').getByRole('heading', { level: 2 });
    await expect.poll(() => heading.textContent()).toBe(`${language.title} 5`);
    expect(await heading.locator('bdi').getAttribute('dir')).toBe('ltr');
    await page.getByRole('switch', { name: language.alone }).waitFor();
    await showLines(page);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `menu at table 5 in ${language.code}`);

    await page.getByTestId('table-open-cart').click();
    await page.getByTestId('table-pay').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`${language.title} 5`);
    // The split choice (issue 34, part 2) in the language, each amount left to right; equal parts opened for axe.
    expect(await page.getByTestId('split-choice').locator('legend').textContent()).toBe(language.split);
    expect(await page.getByTestId('split-amount-all').locator('bdi').getAttribute('dir')).toBe('ltr');
    await page.getByTestId('split-equal').check();
    await page.getByTestId('split-shares').waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `table cart in ${language.code}`);
    expect(problems).toEqual([]);
  });
});
