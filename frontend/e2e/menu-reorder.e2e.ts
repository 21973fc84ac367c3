import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { announced, keyboardSensorListening } from './support/drag.js';

// The owner's menu order in a real browser: a product moved by keyboard and by pointer drag within its category, a
// refused move put back, a product duplicated right after itself, and the diner's menu showing that order.

const baseUrl = inject('baseUrl');

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'נועה ברק',
  businessName: 'קפה הסדר של נועה',
  email: 'noa.reorder@example.co.il',
  idNumber: '271828188',
  phone: '054-5553311',
  bankName: '10',
  branch: '800',
  accountNumber: '765432',
  beneficiaryName: 'נועה ברק',
  street: 'הרצל 12',
  city: 'תל אביב-יפו',
};

let browser: Browser;
let owner: WatchedPage & { departmentId: string };
let categoryId: number;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const productList = (page: Page) => page.getByRole('list', { name: 'המוצרים בקטגוריה שתייה חמה' });
const rowNames = (page: Page) => productList(page).getByTestId('product-row').getByRole('heading').allTextContents();
const handleOf = (page: Page, name: string) => page.getByRole('button', { name: `גרירה לשינוי המקום: ${name}` });
/**
 * Until the page has stopped scrolling (three frames at the same place): a drag measures the rows where they are, and
 * the page may still be scrolling the row into view, as it does while a person finds the next key.
 */
const scrollSettled = (page: Page) =>
  page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          if (window.scrollY === last) still += 1;
          else [last, still] = [window.scrollY, 0];
          if (still >= 3) resolve(true);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
const savedOrder = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith(`/api/categories/${categoryId}/products/order`) && response.ok(),
  );

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe("the menu's order and duplicates in a real browser", () => {
  it('starts with three products listed in the order they were added, each with a drag handle', async () => {
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
      for (const [name, price] of [
        ['אספרסו', '9'],
        ['הפוך', '14'],
        ['תה', '8'],
      ]) {
        await send('POST', '/api/products', { name, price, categoryId: category.id }, session.token);
      }
      return { departmentId: session.business.departmentId, categoryId: category.id as number };
    }, OWNER);
    owner = { ...watched, departmentId: made.departmentId };
    categoryId = made.categoryId;

    await page.goto(`${baseUrl}/menu-management`);
    await handleOf(page, 'תה').waitFor();
    expect(await rowNames(page)).toEqual(['אספרסו', 'הפוך', 'תה']);
    expect(await handleOf(page, 'תה').getAttribute('aria-roledescription')).toBe('פריט שאפשר לגרור');
    await expectAccessible(page, '/menu-management with drag handles');
    expect(watched.problems).toEqual([]);
  });

  it('moves a product up by keyboard, announcing each step in Hebrew, and keeps the focus on its handle', async () => {
    const { page, problems } = owner;
    await handleOf(page, 'תה').focus();
    await page.keyboard.press('Space');
    await announced(page, 'הרמתם את תה, במקום 3 מתוך 3.');
    await keyboardSensorListening(page);
    await scrollSettled(page);
    await page.keyboard.press('ArrowUp');
    await announced(page, 'תה במקום 2 מתוך 3.');
    await scrollSettled(page);
    const saved = savedOrder(page);
    await page.keyboard.press('Space');
    await announced(page, 'תה הונח במקום 2 מתוך 3.');
    await saved;
    expect(await rowNames(page)).toEqual(['אספרסו', 'תה', 'הפוך']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('גרירה לשינוי המקום: תה');
    expect(problems).toEqual([]);
  });

  it('moves a product down by pointer drag in the right-to-left page', async () => {
    const { page, problems } = owner;
    const from = await centre(handleOf(page, 'אספרסו'));
    const target = productList(page).getByTestId('product-row').filter({ hasText: 'הפוך' });
    const box = await target.boundingBox();
    if (!box) throw new Error('not laid out');
    const saved = savedOrder(page);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // Past the last row's middle, and sideways too: the row moves only up and down.
    await page.mouse.move(from.x - 40, box.y + box.height * 0.75, { steps: 12 });
    await announced(page, 'אספרסו במקום 3 מתוך 3.');
    await page.mouse.up();
    await saved;
    expect(await rowNames(page)).toEqual(['תה', 'הפוך', 'אספרסו']);
    expect(problems).toEqual([]);
  });

  it('puts the old order back with a Hebrew error when the server refuses a move', async () => {
    const { page, problems } = owner;
    const refusedUrl = `**/api/categories/${categoryId}/products/order`;
    await page.route(refusedUrl, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'conflict', message: 'התפריט השתנה בינתיים, נסו שוב' }),
      }),
    );
    await handleOf(page, 'הפוך').focus();
    await page.keyboard.press('Space');
    await announced(page, 'הרמתם את הפוך, במקום 2 מתוך 3.');
    await keyboardSensorListening(page);
    await scrollSettled(page);
    await page.keyboard.press('ArrowUp');
    await announced(page, 'הפוך במקום 1 מתוך 3.');
    await scrollSettled(page);
    await page.keyboard.press('Space');
    const toast = page.getByTestId('toast').filter({ hasText: 'לא הצלחנו לשמור את הסדר החדש של המוצרים' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('התפריט השתנה בינתיים, נסו שוב');
    await expect.poll(() => rowNames(page)).toEqual(['תה', 'הפוך', 'אספרסו']);
    await page.unroute(refusedUrl);
    // The refused answer is the one expected problem.
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    problems.length = 0;
  });

  it('duplicates a product right after itself, says so and takes the focus to the copy', async () => {
    const { page, problems } = owner;
    await page.getByRole('button', { name: 'שכפול הפוך' }).click();
    await page.getByTestId('toast').filter({ hasText: 'נוצר עותק: הפוך (עותק)' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.querySelector('h3')?.textContent))
      .toBe('הפוך (עותק)');
    expect(await rowNames(page)).toEqual(['תה', 'הפוך', 'הפוך (עותק)', 'אספרסו']);
    await expectAccessible(page, '/menu-management after a duplicate');

    await page.reload();
    await handleOf(page, 'הפוך (עותק)').waitFor();
    expect(await rowNames(page)).toEqual(['תה', 'הפוך', 'הפוך (עותק)', 'אספרסו']);
    expect(problems).toEqual([]);
  });

  it("shows the diner's menu in the owner's order, the copy included", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/menu/${owner.departmentId}`);
    await page.getByTestId('product').first().waitFor();
    expect(await page.getByTestId('product').getByRole('heading').allTextContents()).toEqual([
      'תה',
      'הפוך',
      'הפוך (עותק)',
      'אספרסו',
    ]);
    await expectAccessible(page, "the diner's menu");
    expect(problems).toEqual([]);
    await context.close();
  });
});
