import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  type WatchedPage,
} from './support/browser.js';

// Pay at the end at a shared table (issue 34, part 3) against the real product: a café of its own (the demo café's
// tables are the other shared-table files', and pay at the end changes how they pay), its owner turning it on in
// settings; two phones as separate browser contexts hold a card in the sandbox's hold page, send two rounds to the
// kitchen (seen on the owner's live console), then pay: one their own lines by page, the holder the rest on the held
// card. Every wait is for a condition on the page, never for a time.

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'מיכל אדלר',
  businessName: 'ביסטרו החשבון הפתוח',
  email: 'michal.tab@example.co.il',
  idNumber: '203040506',
  phone: '054-5553355',
  bankName: '10',
  branch: '800',
  accountNumber: '765432',
  beneficiaryName: 'מיכל אדלר',
  street: 'הנביאים 8',
  city: 'חיפה',
};
const MENU = [
  ['הפוך', '14'],
  ['קרואסון', '12'],
  ['עוגת גבינה', '18'],
] as const;
const HOLD_SHEKELS = 100;
const TABLE = 2;
/** The sandbox's hold page in the cart's frame, titled as the hold button is. */
const HOLD_FRAME = 'iframe[title="אישור מסגרת באשראי"]';

let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: WatchedPage;
let departmentId: string;
let poster: string;
let dana: WatchedPage;
let omer: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await openPage(browser);
  contexts.push(opened.context);
  owner = opened;
  const { page } = owner;
  await page.goto(`${baseUrl}/`);
  // Registered and stocked through the API (the screens that do this have their own browser tests).
  departmentId = await page.evaluate(
    async ({ body, menu }) => {
      const send = async (method: string, url: string, payload: unknown, token?: string) => {
        const response = await fetch(url, {
          method,
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(payload),
        });
        const json = (await response.json()) as { data?: unknown };
        if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status}`);
        return json.data as Record<string, unknown>;
      };
      const session = (await send('POST', '/api/register', body)) as {
        token: string;
        business: { departmentId: string };
      };
      localStorage.setItem('authToken', session.token);
      localStorage.setItem('businessData', JSON.stringify(session.business));
      const category = await send('POST', '/api/categories', { name: 'בית הקפה' }, session.token);
      for (const [name, price] of menu) {
        await send('POST', '/api/products', { name, price, categoryId: category.id }, session.token);
      }
      return session.business.departmentId;
    },
    { body: OWNER, menu: MENU },
  );
}, 120_000);

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await browser?.close();
});

async function phoneAt(address: string): Promise<WatchedPage> {
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  contexts.push(context);
  await page.goto(address);
  await page.locator('[data-testid="table-bar"][data-status="joined"]').waitFor({ timeout: 30_000 });
  return { page, problems };
}

const addButton = (page: Page, product: string) => page.getByRole('button', { name: `הוספה של ${product} לעגלה` });

const lineOf = (page: Page, product: string) =>
  page
    .getByTestId('table-line')
    .filter({ has: page.getByTestId('table-line-name').getByText(product, { exact: true }) });

/** Agorot of the first "₪12.50" in a text. */
function agorotIn(text: string | null): number {
  const match = /(\d+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
const amountOf = async (page: Page, testId: string) => agorotIn(await page.getByTestId(testId).first().textContent());

/** From the menu's table bar to the table's cart, with its tab. */
async function toTableCart(page: Page) {
  await page.getByTestId('table-open-cart').click();
  await page.getByTestId('tab-area').waitFor();
}

/** Opens the menu bar's list of the table's lines (once). */
async function showLines(page: Page) {
  const toggle = page.getByTestId('table-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId('table-panel').waitFor();
}

/** The diner's name at the table, saved from the cart page's own form. */
async function callMe(page: Page, name: string, ownLine: string) {
  await page.getByTestId('table-me-name').fill(name);
  await page.getByTestId('table-me-save').click();
  await expect.poll(() => page.getByTestId('table-me-name').inputValue()).toBe(name);
  await lineOf(page, ownLine).getByTestId('line-diner').getByText(name).waitFor();
}

const tabStatus = (page: Page) => page.getByTestId('tab-area').getAttribute('data-status');

describe('pay at the end at a shared table (issue 34, part 3)', () => {
  it('the owner turns pay at the end on in settings: the switch, the hold and the idle time', async () => {
    const { page, problems } = owner;
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByTestId('tables-card');
    await card.waitFor();
    // Pay at the end is a part of the shared table: its switch shows once tables are shared.
    expect(await card.getByTestId('tables-pay-at-end').count()).toBe(0);
    await card.getByRole('checkbox', { name: 'עגלה משותפת לכל שולחן' }).check();
    await card.getByTestId('tables-numbers').fill('1-4');
    const payAtEnd = card.getByRole('switch', { name: 'תשלום בסוף הארוחה (למסעדות עם שירות לשולחן)' });
    await payAtEnd.waitFor();
    expect(await payAtEnd.isChecked()).toBe(false);
    expect(await card.getByTestId('tables-hold').count()).toBe(0);
    await payAtEnd.check();
    await card.getByTestId('tables-hold').fill(String(HOLD_SHEKELS));
    await card.getByTestId('tables-tab-idle').fill('30');
    await expectAccessible(page, 'settings with pay at the end on');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/business/tables') && response.request().method() === 'PUT',
    );
    await card.getByRole('button', { name: 'שמירת השולחנות' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('הגדרות השולחנות נשמרו').first().waitFor();

    // Saved: read again from the server, the switch is on with its numbers.
    await page.reload();
    await card.getByTestId('tables-hold').waitFor();
    expect(await card.getByRole('switch', { name: /תשלום בסוף הארוחה/ }).isChecked()).toBe(true);
    expect(await card.getByTestId('tables-hold').inputValue()).toBe(String(HOLD_SHEKELS));
    expect(await card.getByTestId('tables-tab-idle').inputValue()).toBe('30');

    // The table's poster address, as the QR card reads it.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/tables', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
      });
      return (await response.json()) as { data: { shared: boolean; tables: { number: number; url: string }[] } };
    });
    expect(answer.data.shared).toBe(true);
    const url = new URL(answer.data.tables.find((table) => table.number === TABLE)!.url);
    expect(url.pathname).toBe(`/menu/${departmentId}`);
    poster = `${baseUrl}${url.pathname}${url.search}`;

    // The owner's live console, open from here on, waits for the rounds.
    await page.goto(`${baseUrl}/orders`);
    await page.getByRole('heading', { level: 1, name: 'הזמנות חיות' }).waitFor();
    await page.getByText('מחובר – הזמנות חדשות יופיעו כאן מיד').waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
  }, 120_000);

  it('the first round asks for a card hold; one diner holds it, the other sees who, then the open tab', async () => {
    dana = await phoneAt(poster);
    omer = await phoneAt(poster);
    await addButton(dana.page, 'הפוך').click();
    await addButton(omer.page, 'קרואסון').click();
    for (const { page } of [dana, omer]) {
      await expect.poll(() => page.getByTestId('table-summary').textContent()).toContain('2 פריטים');
      await toTableCart(page);
    }
    await callMe(dana.page, 'דנה', 'הפוך');
    await callMe(omer.page, 'עומר', 'קרואסון');
    await lineOf(omer.page, 'הפוך').getByTestId('line-diner').getByText('דנה').waitFor();

    // No card held: the hold explained, the round and the payment wait for it.
    for (const { page } of [dana, omer]) {
      expect(await tabStatus(page)).toBe('none');
      const explain = await page.getByTestId('tab-hold-explain').textContent();
      expect(explain).toContain('מסגרת של');
      expect(agorotIn(explain)).toBe(HOLD_SHEKELS * 100);
      expect(await page.getByTestId('tab-send').getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('tab-send-why').getAttribute('data-block')).toBe('hold');
      await page.getByTestId('pay-unsent').waitFor();
      expect(await page.getByTestId('to-payment').getAttribute('aria-disabled')).toBe('true');
    }
    await expectNoSidewaysScroll(dana.page);
    await expectAccessible(dana.page, 'the hold explained at 390 px');

    await dana.page.getByTestId('tab-hold-button').click();
    await dana.page.locator(HOLD_FRAME).waitFor({ state: 'visible', timeout: 30_000 });
    const frame = dana.page.frameLocator(HOLD_FRAME);
    await frame.getByRole('heading', { level: 1, name: 'תפיסת מסגרת בכרטיס אשראי' }).waitFor({ timeout: 30_000 });

    // Omer sees who is holding, and cannot open a second hold meanwhile.
    await expect.poll(() => tabStatus(omer.page)).toBe('holding');
    expect(await omer.page.getByTestId('tab-holding').textContent()).toBe('דנה מאשר/ת מסגרת באשראי…');
    expect(await omer.page.getByTestId('tab-hold-button').getAttribute('aria-disabled')).toBe('true');
    await expectAccessible(omer.page, 'another diner holding the card at 390 px');

    await payInFrame(frame, GOOD_CARD, /אישור מסגרת/);
    // Held: Dana's cart shows the open tab in place of the hold page (or, when the hold page's own end comes first,
    // the whole tab goes to the table's menu, which says the hold was approved, once, and back to the cart).
    const held = dana.page.locator('[data-testid="tab-area"][data-status="open"]');
    const returned = dana.page.locator('[data-testid="tab-hold-return"][data-hold="ok"]');
    await held.or(returned).first().waitFor({ timeout: 30_000 });
    if (await returned.isVisible()) {
      expect(new URL(dana.page.url()).searchParams.has('hold')).toBe(false);
      await toTableCart(dana.page);
    }
    await held.waitFor();
    expect(await dana.page.locator(HOLD_FRAME).count()).toBe(0);
    await dana.page.getByTestId('tab-charge').waitFor();

    await expect.poll(() => tabStatus(omer.page)).toBe('open');
    const hold = await omer.page.getByTestId('tab-hold').textContent();
    expect(hold).toContain('דנה');
    expect(hold).toContain(`···${GOOD_CARD.number.slice(-4)}`);
    expect(agorotIn(hold)).toBe(HOLD_SHEKELS * 100);
    expect(await omer.page.getByTestId('tab-send').getAttribute('aria-disabled')).toBeNull();
    expect(await omer.page.getByTestId('tab-next').textContent()).toContain('₪26.00');
    for (const phone of [dana, omer]) expect(phone.problems).toEqual([]);
  }, 180_000);

  it('sends two rounds to the kitchen: each phone shows the lines sent, the console their cards', async () => {
    await omer.page.getByTestId('tab-send').click();
    // Both lines sent in round 1, on each phone.
    for (const { page } of [omer, dana]) {
      for (const product of ['הפוך', 'קרואסון']) {
        await expect.poll(() => lineOf(page, product).getAttribute('data-round')).toBe('1');
        expect(await lineOf(page, product).getByTestId('table-line-sent').textContent()).toBe('✓ נשלח למטבח · סבב 1');
        // The kitchen has it: nobody changes or removes it.
        expect(await lineOf(page, product).getByRole('button').count()).toBe(0);
      }
    }
    await expect.poll(() => omer.page.getByTestId('tab-round').count()).toBe(1);
    expect(await amountOf(omer.page, 'tab-sent')).toBe(2_600);
    expect(await amountOf(omer.page, 'tab-room')).toBe(HOLD_SHEKELS * 100 - 2_600);
    await omer.page.getByTestId('tab-closes').waitFor();
    expect(await omer.page.getByTestId('tab-send-why').getAttribute('data-block')).toBe('nothing');

    // The second round, from Dana's phone: back on the menu, the bar's list shows what was sent and what was not.
    await dana.page.getByRole('link', { name: 'חזרה לתפריט' }).click();
    await addButton(dana.page, 'עוגת גבינה').click();
    await showLines(dana.page);
    await lineOf(dana.page, 'עוגת גבינה').waitFor();
    expect(await lineOf(dana.page, 'עוגת גבינה').getAttribute('data-round')).toBeNull();
    expect(await lineOf(dana.page, 'הפוך').getAttribute('data-round')).toBe('1');
    await toTableCart(dana.page);
    await expect.poll(() => dana.page.getByTestId('tab-next').textContent()).toContain('₪18.00');
    await dana.page.getByTestId('tab-send').click();
    for (const { page } of [dana, omer]) {
      await expect.poll(() => lineOf(page, 'עוגת גבינה').getAttribute('data-round')).toBe('2');
      await expect.poll(() => page.getByTestId('tab-round').count()).toBe(2);
      await expect.poll(() => amountOf(page, 'tab-sent')).toBe(4_400);
    }
    const rounds = await omer.page.getByTestId('tab-round').allTextContents();
    expect(rounds.map(agorotIn)).toEqual([2_600, 1_800]);
    expect(rounds[0]).toMatch(/^סבב 1 · \d{2}:\d{2}/);
    expect(rounds[1]).toMatch(/^סבב 2 · \d{2}:\d{2}/);
    await expectNoSidewaysScroll(omer.page);
    await expectAccessible(omer.page, 'the open tab with two rounds at 390 px');

    // The kitchen has both rounds now: two cards of table 2 on the owner's console, each with its own lines.
    const cards = owner.page.getByTestId('live-order');
    await expect.poll(() => cards.count()).toBe(2);
    const cakeRound = cards.filter({ hasText: 'עוגת גבינה' });
    expect(await cakeRound.getByTestId('live-order-lines').textContent()).not.toContain('קרואסון');
    expect(await cakeRound.getByTestId('live-order-table').textContent()).toContain(String(TABLE));
    const firstRound = cards.filter({ hasText: 'קרואסון' });
    expect(await firstRound.getByTestId('live-order-lines').textContent()).toContain('הפוך');
    for (const phone of [dana, omer, owner]) expect(phone.problems).toEqual([]);
  }, 180_000);

  it('the console marks each round\'s card as a round of an open tab ("סבב")', async () => {
    const cards = owner.page.getByTestId('live-order');
    expect(await cards.count()).toBe(2);
    await expect
      .poll(async () => (await owner.page.getByTestId('live-order-round').allTextContents()).sort())
      .toEqual(['סבב 1 · חשבון פתוח', 'סבב 2 · חשבון פתוח']);
  });

  const languages = [
    { code: 'ar', dir: 'rtl', title: 'حساب مفتوح: الدفع في نهاية الوجبة', round: 'جولة' },
    { code: 'en', dir: 'ltr', title: 'Open tab: pay at the end of the meal', round: 'Round' },
    { code: 'ru', dir: 'ltr', title: 'Открытый счёт: оплата в конце', round: 'Раунд' },
  ] as const;

  it('the open tab speaks Arabic, English and Russian, in the right direction, and axe finds nothing', async () => {
    const guest = await phoneAt(poster);
    await toTableCart(guest.page);
    await expect.poll(() => guest.page.getByTestId('tab-round').count()).toBe(2);
    for (const language of languages) {
      await guest.page.getByTestId('language-switcher').selectOption(language.code);
      await expect.poll(() => guest.page.evaluate(() => document.documentElement.lang)).toBe(language.code);
      expect(await guest.page.evaluate(() => document.documentElement.dir)).toBe(language.dir);
      const area = guest.page.getByTestId('tab-area');
      await expect.poll(() => area.getByRole('heading', { level: 2 }).first().textContent()).toBe(language.title);
      const first = guest.page.getByTestId('tab-round').first();
      expect(await first.textContent()).toMatch(new RegExp(`^${language.round} 1 · `));
      // Numbers and amounts stay left to right in either direction.
      expect(await first.locator('bdi').first().getAttribute('dir')).toBe('ltr');
      expect(await guest.page.getByTestId('tab-sent').getAttribute('dir')).toBe('ltr');
      await expectNoSidewaysScroll(guest.page);
      await expectAccessible(guest.page, `the open tab in ${language.code} at 390 px`);
    }
    expect(guest.problems).toEqual([]);
  }, 120_000);

  it('pays at the end: Omer his own lines by page, Dana the rest on the held card; the table starts fresh', async () => {
    // Omer, on the cart page: his croissant, on the sandbox's page.
    await omer.page.getByTestId('split-mine').check();
    expect(await amountOf(omer.page, 'split-amount-mine')).toBe(1_200);
    await omer.page.getByTestId('to-payment').click();
    await omer.page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();
    await omer.page.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 30_000 });
    expect(await amountOf(omer.page, 'checkout-amount')).toBe(1_200);
    await payInFrame(omer.page.frameLocator(PAYMENT_FRAME), GOOD_CARD);
    await omer.page.waitForURL(new RegExp(`/thank-you/${departmentId}$`), { timeout: 30_000 });
    await omer.page.getByTestId('table-bill').waitFor({ timeout: 30_000 });
    await expect.poll(() => amountOf(omer.page, 'table-bill-part')).toBe(1_200);

    // Dana sees it paid and what is left, and charges the rest to her held card.
    const paidRow = dana.page.locator('[data-testid="table-payment"][data-status="paid"]');
    await paidRow.waitFor({ timeout: 30_000 });
    expect(await paidRow.getByTestId('table-payment-name').textContent()).toBe('עומר');
    await expect.poll(() => amountOf(dana.page, 'table-left-amount')).toBe(3_200);
    const charge = dana.page.getByTestId('tab-charge');
    expect(await charge.getAttribute('aria-disabled')).toBeNull();
    await charge.click();
    const dialog = dana.page.getByRole('dialog', { name: 'לחייב את הכרטיס שאושר?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('tab-charge-amount').textContent()).toBe('₪32.00');
    // The dialog's safe choice has the focus.
    await expect
      .poll(() => dana.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('tab-charge-cancel');
    await expectAccessible(dana.page, 'the charge dialog at 390 px');
    await dialog.getByTestId('tab-charge-confirm').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    // The table's next party: Dana's cart page and Omer's phone back at the poster both show a fresh, empty cart.
    await dana.page.getByTestId('table-empty').waitFor({ timeout: 30_000 });
    await expect.poll(() => tabStatus(dana.page)).toBe('none');
    expect(await dana.page.getByTestId('tab-round').count()).toBe(0);
    await expect
      .poll(() => omer.page.getByTestId('table-bill').getAttribute('data-paid'), { timeout: 60_000 })
      .toBe('true');
    await omer.page.goto(poster);
    await omer.page.locator('[data-testid="table-bar"][data-status="joined"]').waitFor({ timeout: 30_000 });
    await showLines(omer.page);
    await omer.page.getByTestId('table-empty').waitFor({ timeout: 30_000 });
    expect(await omer.page.getByTestId('table-summary').textContent()).toContain('₪0.00');
    for (const phone of [dana, omer]) expect(phone.problems).toEqual([]);
  }, 180_000);
});
