import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';

// Options on the demo café (issue 16, backend/src/modules/demo/demo-cafe.ts): the הפוך's milk (required, regular by
// default) and coffee extras, the Israeli breakfast's eggs, hot drink and "without" choices. The diner chooses in the
// product's sheet, sees the choices in the cart (drawn by the server from the cookie, then hydrated) and edits a line.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe("the product sheet on the demo café's menu", () => {
  it('chooses options, sees them in the cart with the price, reloads, and edits a line', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/demo`);
    const add = page.getByRole('button', { name: 'הוספה של הפוך לעגלה' });
    await add.click();
    const sheet = page.getByRole('dialog', { name: 'הפוך' });
    await sheet.waitFor();
    // The default milk is chosen; oat milk and an extra shot add their prices to the live price.
    expect(await sheet.getByRole('radio', { name: 'חלב רגיל' }).isChecked()).toBe(true);
    await sheet.getByRole('radio', { name: /חלב שיבולת שועל/ }).check();
    await sheet.getByRole('checkbox', { name: /שוט אספרסו נוסף/ }).check();
    await sheet.getByRole('button', { name: 'הוספת יחידה' }).click();
    expect(await sheet.getByTestId('sheet-price').textContent()).toBe('₪38.00');
    await sheet.getByTestId('sheet-add').click();
    await sheet.waitFor({ state: 'detached' });
    // Focus is back on the card's button.
    expect(await add.evaluate((element) => element === document.activeElement)).toBe(true);

    // The same product with the defaults is another line.
    await add.click();
    await page.getByTestId('sheet-add').click();
    await page.getByTestId('product-sheet').waitFor({ state: 'detached' });

    // Escape closes a sheet without adding.
    await page.getByRole('button', { name: 'הוספה של ארוחת בוקר ישראלית לעגלה' }).click();
    await page.getByRole('dialog', { name: 'ארוחת בוקר ישראלית' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('product-sheet').waitFor({ state: 'detached' });

    await page.getByTestId('header-cart').click();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    const cartLines = page.getByTestId('cart-line');
    expect(await cartLines.count()).toBe(2);
    expect(await cartLines.nth(0).getByTestId('line-options').textContent()).toBe(
      'חלב שיבולת שועל +₪2.00שוט אספרסו נוסף +₪3.00',
    );
    expect(await page.getByTestId('cart-total').textContent()).toContain('₪52.00');

    // Drawn by the server from the cookie, the same.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(await page.getByTestId('line-options').first().textContent()).toBe(
      'חלב שיבולת שועל +₪2.00שוט אספרסו נוסף +₪3.00',
    );

    // Editing the oat-milk line back to the defaults joins it with the other line.
    await page.getByRole('button', { name: 'עריכה של הפוך' }).first().click();
    const edit = page.getByRole('dialog', { name: 'הפוך' });
    await edit.waitFor();
    expect(await edit.getByRole('radio', { name: /חלב שיבולת שועל/ }).isChecked()).toBe(true);
    await edit.getByRole('radio', { name: 'חלב רגיל' }).check();
    await edit.getByRole('checkbox', { name: /שוט אספרסו נוסף/ }).uncheck();
    await edit.getByRole('button', { name: /שמירת השינויים/ }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await cartLines.count()).toBe(1);
    expect(await page.getByRole('spinbutton', { name: 'כמות של הפוך' }).inputValue()).toBe('3');
    expect(await page.getByTestId('cart-total').textContent()).toContain('₪42.00');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds the breakfast with its default eggs and drink and a "without" choice, worded as such', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/demo`);
    // A tap anywhere on the card opens its sheet (here, on its name).
    const heading = page.getByRole('heading', { level: 3, name: 'ארוחת בוקר ישראלית' });
    // With photos the card may start below the first screen: a click at its box must land on the screen.
    await heading.scrollIntoViewIfNeeded();
    const name = await heading.boundingBox();
    if (!name) throw new Error('no card');
    await page.mouse.click(name.x + name.width / 2, name.y + name.height / 2);
    const sheet = page.getByRole('dialog', { name: 'ארוחת בוקר ישראלית' });
    await sheet.waitFor();
    // The defaults satisfy the required groups (a group left unchosen is explained on the button: product-sheet.test.tsx).
    await sheet.getByRole('checkbox', { name: 'בלי בצל' }).check();
    expect(await sheet.getByTestId('sheet-reason').count()).toBe(0);
    await sheet.getByTestId('sheet-add').click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('header-cart').click();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(await page.getByTestId('line-options').textContent()).toBe('חביתההפוךבלי בצל');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('axe-core finds nothing on the open sheet', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px`, async () => {
      const { page, context, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseUrl}/menu/demo`);
      await page.getByRole('button', { name: 'הוספה של ארוחת בוקר ישראלית לעגלה' }).click();
      await page.getByRole('dialog', { name: 'ארוחת בוקר ישראלית' }).waitFor();
      await expectAccessible(page);
      // Nothing outside the sheet takes focus (a modal dialog): Tab stays inside.
      for (let press = 0; press < 25; press++) await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.querySelector('dialog[open]')?.contains(document.activeElement) ?? false),
      ).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
