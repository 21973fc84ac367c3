import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  type WatchedPage,
} from './support/browser.js';
import { announced, keyboardSensorListening } from './support/drag.js';

// The owner's translations on the diner's pages (issue 16, decision 023): the owner names a product in English in its
// dialog; a diner reading English gets that name from the server's page and after the app took it over, an Arabic
// reader the owner's Hebrew marked lang="he"; the cart marks each line's name by the language it was added in. And the
// order of a product's add-on groups, changed by keyboard from its drag handle in the "תוספות" dialog.

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'דנה לוי',
  businessName: 'קפה המילים של דנה',
  email: 'dana.translate@example.co.il',
  idNumber: '161803390',
  phone: '054-5553322',
  bankName: '10',
  branch: '800',
  accountNumber: '765433',
  beneficiaryName: 'דנה לוי',
  street: 'הרצל 12',
  city: 'חיפה',
};

let browser: Browser;
let owner: WatchedPage & { departmentId: string; latteId: number };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An owner text's own marking: [lang, dir], nulls when it is in the page's language. */
const marks = (locator: Locator) =>
  locator.evaluate((element) => [element.getAttribute('lang'), element.getAttribute('dir')]);
const productName = (page: Page, name: string) =>
  page.getByTestId('product').getByRole('heading', { level: 3, name, exact: true });

describe("the owner's translation on the diner's pages", () => {
  it('the owner names a product in English in its dialog', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    await page.goto(`${baseUrl}/`);
    // Registered and stocked through the API (the screens that do this have their own browser tests).
    const made = await page.evaluate(async (body) => {
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
      const category = await send('POST', '/api/categories', { name: 'שתייה חמה' }, session.token);
      const latte = await send(
        'POST',
        '/api/products',
        { name: 'הפוך', price: '14', categoryId: category.id },
        session.token,
      );
      await send('POST', '/api/products', { name: 'קרואסון', price: '12', categoryId: category.id }, session.token);
      // Two add-on groups on the latte, for the order of its groups below.
      for (const name of ['סוג חלב', 'תוספת מתוק']) {
        const group = await send(
          'POST',
          '/api/option-groups',
          { name, minChoices: 0, maxChoices: 1, options: [{ name: `${name} רגיל`, price: '0' }] },
          session.token,
        );
        await send('PUT', `/api/products/${String(latte.id)}/option-groups/${String(group.id)}`, {}, session.token);
      }
      return { departmentId: session.business.departmentId, latteId: latte.id as number };
    }, OWNER);
    owner = { ...watched, ...made };

    await page.goto(`${baseUrl}/menu-management`);
    await page.getByRole('button', { name: 'עריכה הפוך' }).click();
    const dialog = page.getByRole('dialog', { name: 'עריכת מוצר' });
    await dialog.getByLabel('שם באנגלית').fill('Latte');
    await expectAccessible(page, 'the product dialog with its translations');
    const translated = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/menu-translations/product/${made.latteId}`) &&
        response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'שמירה' }).click();
    expect((await translated).ok()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    expect(watched.problems).toEqual([]);
  });

  it('a diner reading English gets the English name, from the server and after the app took over', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    const menuUrl = `${baseUrl}/menu/${owner.departmentId}?lang=en`;
    // The server's page as sent: the English name as the page's own, the untranslated one marked Hebrew.
    const sent = await (await page.request.get(menuUrl)).text();
    expect(sent).toMatch(/<h3 class="[^"]*">Latte<\/h3>/);
    expect(sent).toMatch(/<h3 lang="he" dir="rtl" class="[^"]*">קרואסון<\/h3>/);

    await page.goto(menuUrl);
    await page.getByRole('button', { name: 'Add קרואסון to your cart' }).waitFor();
    // A product with add-ons opens its sheet: once it does, the app has the page.
    await page.getByRole('button', { name: 'Add Latte to your cart' }).click();
    const sheet = page.getByRole('dialog', { name: 'Latte' });
    await sheet.waitFor();
    expect(await marks(sheet.getByRole('heading', { name: 'Latte' }))).toEqual([null, null]);
    expect(await marks(sheet.getByText('סוג חלב', { exact: true }))).toEqual(['he', 'rtl']);
    await sheet.getByTestId('sheet-add').click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('floating-cart').waitFor();
    expect(await marks(productName(page, 'Latte'))).toEqual([null, null]);
    expect(await marks(productName(page, 'קרואסון'))).toEqual(['he', 'rtl']);
    await expectAccessible(page, 'the menu in English');
    await expectNoSidewaysScroll(page);

    // Arabic has no translation: the owner's Hebrew, marked so, asked of the API with ?lang=ar.
    const arabic = page.waitForResponse((response) =>
      response.url().endsWith(`/api/menu/${owner.departmentId}?lang=ar`),
    );
    await page.getByTestId('language-switcher').selectOption('ar');
    expect((await arabic).ok()).toBe(true);
    await productName(page, 'הפוך').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    expect(await marks(productName(page, 'הפוך'))).toEqual(['he', 'rtl']);
    expect(await marks(page.getByRole('heading', { level: 2, name: 'שתייה חמה' }))).toEqual(['he', 'rtl']);
    await page.getByRole('button', { name: 'إضافة קרואסון إلى السلة' }).click();
    await expectAccessible(page, 'the menu in Arabic, in Hebrew where untranslated');

    // The cart keeps each name as it was added: English marked English on the Arabic page, Hebrew marked Hebrew.
    await page.getByTestId('header-cart').click();
    await page.getByRole('heading', { level: 1, name: 'سلتكم' }).waitFor();
    const lineNames = page.getByTestId('cart-line').getByRole('heading', { level: 3 });
    const cartMarks = () =>
      lineNames.evaluateAll((names) =>
        names.map((name) => [name.textContent, name.getAttribute('lang'), name.getAttribute('dir')]),
      );
    expect(await cartMarks()).toEqual([
      ['Latte', 'en', 'ltr'],
      ['קרואסון', 'he', 'rtl'],
    ]);
    await expectAccessible(page, 'the cart in Arabic');
    await expectNoSidewaysScroll(page);
    // Drawn by the server from the cart's cookie, with the same marks.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'سلتكم' }).waitFor();
    expect(await cartMarks()).toEqual([
      ['Latte', 'en', 'ltr'],
      ['קרואסון', 'he', 'rtl'],
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the order of a product's add-on groups", () => {
  it('moves a group by keyboard from its drag handle, announced in Hebrew, and the diner sees that order', async () => {
    const { page, problems } = owner;
    await page.getByRole('button', { name: 'תוספות הפוך' }).click();
    const dialog = page.getByRole('dialog', { name: /הפוך/ });
    const order = dialog.getByRole('list', { name: 'סדר ההצגה במוצר' });
    const handle = order.getByRole('button', { name: 'גרירה לשינוי המקום: תוספת מתוק' });
    await handle.waitFor();
    await expectAccessible(page, "the product's add-on groups with drag handles");
    await handle.focus();
    await page.keyboard.press('Space');
    await announced(dialog, 'הרמתם את תוספת מתוק, במקום 2 מתוך 2.');
    await keyboardSensorListening(page);
    await page.keyboard.press('ArrowUp');
    await announced(dialog, 'תוספת מתוק במקום 1 מתוך 2.');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/products/${owner.latteId}/option-groups/order`) && response.ok(),
    );
    await page.keyboard.press('Space');
    await announced(dialog, 'תוספת מתוק הונח במקום 1 מתוך 2.');
    await saved;
    await expect
      .poll(() =>
        order.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.firstElementChild?.textContent)),
      )
      .toEqual(['תוספת מתוק', 'סוג חלב']);
    expect(problems).toEqual([]);

    const diner = await openPage(browser, { viewport: PHONE });
    await diner.page.goto(`${baseUrl}/menu/${owner.departmentId}`);
    await diner.page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    const sheet = diner.page.getByRole('dialog', { name: 'הפוך' });
    await sheet.waitFor();
    expect(await sheet.locator('legend > span:first-child').allTextContents()).toEqual(['תוספת מתוק', 'סוג חלב']);
    expect(diner.problems).toEqual([]);
    await diner.context.close();
  });
});
