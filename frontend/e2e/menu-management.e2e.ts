import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';

// The owner's menu management and the settings' QR card in a real browser, against the built product: a new business
// adds a category and a product with a photo, sees it listed with the photo, and downloads the printable QR poster.

const baseUrl = inject('baseUrl');
// Screenshots for a person to look at, when asked for: E2E_SCREENSHOTS=/some/dir.
const screenshotDir = process.env.E2E_SCREENSHOTS;

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'יעל אברהם',
  businessName: 'בית הקפה של יעל',
  email: 'yael.menu@example.co.il',
  idNumber: '314159260',
  phone: '054-5551234',
  bankName: '10',
  branch: '800',
  accountNumber: '654321',
  beneficiaryName: 'יעל אברהם',
  street: 'הרצל 12',
  city: 'תל אביב-יפו',
};

// A 16x16 teal PNG.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPgL8sjCTGMahjVMHw1AADRzfMB51v/iwAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let owner: Awaited<ReturnType<typeof openPage>> & { departmentId: string };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function screenshot(page: Page, name: string) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, name), fullPage: true });
}

/** Width and height from a PNG's IHDR chunk (bytes 16..23), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('menu management and the QR code in a real browser', () => {
  it('starts a new business with an empty menu whose add-product button asks for a category first', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    // Registered through the API (the registration screen has its own browser test), then signed in as the
    // registration screen does: the token and the business on the device.
    await page.goto(`${baseUrl}/`);
    const session = await page.evaluate(async (body) => {
      const response = await fetch('/api/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data?: { token: string; business: { departmentId: string } } };
      if (!response.ok || !json.data) throw new Error(`registration failed: ${response.status}`);
      localStorage.setItem('authToken', json.data.token);
      localStorage.setItem('businessData', JSON.stringify(json.data.business));
      return json.data;
    }, OWNER);
    owner = { ...watched, departmentId: session.business.departmentId };

    await page.goto(`${baseUrl}/menu-management`);
    await page.getByRole('heading', { level: 1, name: 'ניהול תפריט' }).waitFor();
    await page.getByText('עדיין אין קטגוריות').first().waitFor();
    const add = page.getByRole('button', { name: 'הוספת מוצר' });
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    expect(await add.getAttribute('title')).toBe('יש להוסיף קטגוריה תחילה');
    const link = page.getByRole('link', { name: /צפייה בתפריט/ });
    expect(await link.getAttribute('href')).toBe(`/menu/${owner.departmentId}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    await expectAccessible(page, '/menu-management (empty)');
    expect(watched.problems).toEqual([]);
  });

  it('adds a category and a product with a photo, and lists it with the photo', async () => {
    const { page, problems } = owner;
    await page.getByRole('button', { name: 'הוספת קטגוריה' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'הוספת קטגוריה' });
    await categoryDialog.getByLabel('שם הקטגוריה').fill('שתייה קרה');
    await expectAccessible(page, '/menu-management category dialog');
    await categoryDialog.getByRole('button', { name: 'שמירה' }).click();
    await categoryDialog.waitFor({ state: 'detached' });
    const category = page.getByRole('button', { name: /^שתייה קרה/ });
    await category.waitFor();
    expect(await page.getByRole('button', { name: 'הוספת מוצר' }).getAttribute('aria-disabled')).toBeNull();

    await category.click();
    expect(await category.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'הוספת מוצר' }).click();
    const productDialog = page.getByRole('dialog', { name: 'הוספת מוצר' });
    await productDialog.getByLabel('שם המוצר').fill('לימונדה');
    await productDialog.getByLabel('מחיר (₪)').fill('14.5');
    await productDialog.getByLabel('תיאור').fill('סחוטה במקום, עם נענע');
    await productDialog.getByLabel('טבעוני').check();
    await productDialog
      .getByLabel('בחירת תמונה')
      .setInputFiles({ name: 'lemonade.png', mimeType: 'image/png', buffer: TINY_PNG });
    await productDialog.getByTestId('product-image-preview').waitFor();
    await expectAccessible(page, '/menu-management product dialog');
    await screenshot(page, 'product-dialog-1280.png');
    await productDialog.getByRole('button', { name: 'שמירה' }).click();
    await page.getByTestId('toast').getByText('המוצר נוסף').waitFor();
    await productDialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('product-row').filter({ hasText: 'לימונדה' });
    await row.waitFor();
    expect(await row.textContent()).toContain('₪14.50');
    expect(await row.textContent()).toContain('טבעוני');
    const image = row.getByRole('img', { name: 'תמונה של לימונדה' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Sold out for today, and back.
    const toggle = row.getByRole('switch');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await row.getByText('אזל היום').waitFor();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    await expectAccessible(page, '/menu-management with a product');
    await screenshot(page, 'menu-management-1280.png');
    expect(problems).toEqual([]);
  });

  it('reorders categories from the keyboard, keeping the focus on the moved category', async () => {
    const { page, problems } = owner;
    await page.getByRole('button', { name: 'הוספת קטגוריה' }).click();
    const dialog = page.getByRole('dialog', { name: 'הוספת קטגוריה' });
    await dialog.getByLabel('שם הקטגוריה').fill('קינוחים');
    await dialog.getByLabel('שם הקטגוריה').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^קינוחים/ }).waitFor();

    await page.getByRole('button', { name: 'הזזה למטה: שתייה קרה' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('category-announcement').textContent())
      .toBe('הקטגוריה שתייה קרה הוזזה למקום 2 מתוך 2');
    // At the bottom its down button is disabled: the focus moves to its up button, not to the page's start.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('הזזה למעלה: שתייה קרה');
    const names = await page.getByTestId('category-panel').locator('[aria-pressed]').allTextContents();
    expect(names.map((name) => name.split(' ')[0])).toEqual(['קינוחים', 'שתייה']);
    // The server kept the order.
    await page.reload();
    await page.getByRole('button', { name: /^קינוחים/ }).waitFor();
    const reloaded = await page.getByTestId('category-panel').locator('[aria-pressed]').allTextContents();
    expect(reloaded[0]).toContain('קינוחים');

    // Deleting asks first and says how many products go with the category.
    await page.getByRole('button', { name: 'מחיקה שתייה קרה' }).click();
    const confirm = page.getByRole('dialog', { name: 'מחיקת קטגוריה' });
    expect(await confirm.textContent()).toContain('גם המוצר שבה יימחק (מוצר אחד)');
    await expectAccessible(page, '/menu-management delete confirmation');
    await confirm.getByRole('button', { name: 'ביטול' }).last().click();
    await confirm.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('looks right on a phone', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 375, height: 812 } });
    await page.goto(`${baseUrl}/`);
    const stored = await owner.page.evaluate(() => [
      localStorage.getItem('authToken'),
      localStorage.getItem('businessData'),
    ]);
    await page.evaluate(([token, business]) => {
      localStorage.setItem('authToken', token ?? '');
      localStorage.setItem('businessData', business ?? '');
    }, stored);
    await page.goto(`${baseUrl}/menu`);
    await page.getByTestId('product-row').first().waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/menu at 375 px');
    await screenshot(page, 'menu-management-375.png');
    await page.getByRole('button', { name: 'עריכה לימונדה' }).click();
    const dialog = page.getByRole('dialog', { name: 'עריכת מוצר' });
    await dialog.getByTestId('product-image-preview').waitFor();
    expect(await dialog.getByLabel('שם המוצר').inputValue()).toBe('לימונדה');
    await expectAccessible(page, '/menu product dialog at 375 px');
    await screenshot(page, 'product-dialog-375.png');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the QR code of the public menu and downloads a 2480 x 3508 poster', async () => {
    const { page, problems } = owner;
    await page.getByRole('link', { name: 'הגדרות' }).click();
    await page.waitForURL(`${baseUrl}/settings`);
    const card = page.getByTestId('qr-card');
    await card.getByTestId('qr-code').waitFor();
    const url = `${baseUrl}/menu/${owner.departmentId}`;
    expect(await card.getByTestId('qr-url').textContent()).toBe(url);
    expect(await card.getByTestId('qr-url').getAttribute('href')).toBe(url);

    // With a logo, so the poster draws it too.
    await page
      .getByLabel('בחירת קובץ לוגו')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByTestId('toast').getByText('הלוגו הועלה, נדחס ונשמר').waitFor();
    await expectAccessible(page, '/settings');
    await screenshot(page, 'settings-1280.png');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('qr-download').click()]);
    expect(download.suggestedFilename()).toBe(`qr-${owner.departmentId}.png`);
    const path = await download.path();
    expect(pngSize(readFileSync(path))).toEqual({ width: 2480, height: 3508 });
    if (screenshotDir) copyFileSync(path, join(screenshotDir, 'qr-poster.png'));
    await card.getByText('הקובץ הורד').waitFor();

    // Printing goes through a hidden frame holding the poster: the page itself is never printed.
    await card.getByTestId('qr-print').click();
    await expect.poll(() => card.getByTestId('qr-print').getAttribute('aria-disabled')).toBeNull();
    expect(await card.getByTestId('qr-print').textContent()).toBe('הדפסה');

    // Posters for tables: one file per table, each with its own code.
    await card.getByLabel('מספר שולחנות').fill('2');
    const downloads: string[] = [];
    page.on('download', (file) => downloads.push(file.suggestedFilename()));
    await card.getByTestId('qr-download').click();
    await card.getByText('2 קבצים הורדו').waitFor();
    await expect
      .poll(() => downloads)
      .toEqual([`qr-${owner.departmentId}-table-1.png`, `qr-${owner.departmentId}-table-2.png`]);
    expect(problems).toEqual([]);
    await owner.context.close();
  });
});
