import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage, type WatchedPage } from './support/browser.js';

// A new owner's first run (issue 18, decision 034) in a real browser, against the built product: the checklist on
// menu management, the first category and product, a test order from the checklist, the order on /orders marked as a
// test, and the month's report still empty.

const baseUrl = inject('baseUrl');

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'נועה ברק',
  businessName: 'הקפה הראשון של נועה',
  email: 'noa.first.run@example.co.il',
  idNumber: '314152703',
  phone: '054-5556677',
  bankName: '10',
  branch: '800',
  accountNumber: '765432',
  beneficiaryName: 'נועה ברק',
  street: 'יפו 30',
  city: 'ירושלים',
};

let browser: Browser;
let owner: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a new owner's first run in a real browser", () => {
  it('sees the checklist at the top of menu management, with the details given at registration done', async () => {
    owner = await openPage(browser);
    const { page } = owner;
    // Registered through the API (the registration screen has its own browser test), then signed in as the
    // registration screen does: the token and the business on the device.
    await page.goto(`${baseUrl}/`);
    await page.evaluate(async (body) => {
      const response = await fetch('/api/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data?: { token: string; business: unknown } };
      if (!response.ok || !json.data) throw new Error(`registration failed: ${response.status}`);
      localStorage.setItem('authToken', json.data.token);
      localStorage.setItem('businessData', JSON.stringify(json.data.business));
    }, OWNER);

    await page.goto(`${baseUrl}/menu-management`);
    const card = page.getByTestId('setup-checklist');
    await card.waitFor();
    const bar = card.getByRole('progressbar', { name: 'התקדמות ההגדרה' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('1');
    expect(await bar.getAttribute('aria-valuemax')).toBe('6');
    expect(await card.getByTestId('setup-progress').textContent()).toBe('1 מתוך 6 הושלמו');
    expect(await card.getByTestId('setup-step-details').getAttribute('data-done')).toBe('true');
    // The card sits above the menu's own lists, under the page's title.
    const cardTop = (await card.boundingBox())!.y;
    const listsTop = (await page.getByTestId('category-panel').boundingBox())!.y;
    expect(cardTop).toBeLessThan(listsTop);
    await expectAccessible(page, '/menu-management with the checklist');
    expect(owner.problems).toEqual([]);
  });

  it('ticks the first category and product as they are added', async () => {
    const { page, problems } = owner;
    await page.getByRole('button', { name: 'הוספת קטגוריה' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'הוספת קטגוריה' });
    await categoryDialog.getByLabel('שם הקטגוריה').fill('שתייה חמה');
    await categoryDialog.getByRole('button', { name: 'שמירה' }).click();
    await categoryDialog.waitFor({ state: 'detached' });
    const category = page.getByRole('button', { name: /^שתייה חמה/ });
    await category.click();
    await page.getByRole('button', { name: 'הוספת מוצר' }).click();
    const productDialog = page.getByRole('dialog', { name: 'הוספת מוצר' });
    await productDialog.getByLabel('שם המוצר').fill('הפוך');
    await productDialog.getByLabel('מחיר (₪)').fill('13');
    await productDialog.getByRole('button', { name: 'שמירה' }).click();
    await productDialog.waitFor({ state: 'detached' });
    await page.getByTestId('product-row').filter({ hasText: 'הפוך' }).waitFor();

    const card = page.getByTestId('setup-checklist');
    await expect.poll(() => card.getByTestId('setup-step-product').getAttribute('data-done')).toBe('true');
    expect(await card.getByTestId('setup-step-category').getAttribute('data-done')).toBe('true');
    expect(await card.getByTestId('setup-progress').textContent()).toBe('3 מתוך 6 הושלמו');
    expect(problems).toEqual([]);
  });

  it('sends a test order from the checklist', async () => {
    const { page, problems } = owner;
    const card = page.getByTestId('setup-checklist');
    await card.getByRole('button', { name: 'שליחת הזמנת בדיקה' }).click();
    await expect.poll(() => card.getByTestId('test-order-status').textContent()).toMatch(/הזמנת בדיקה מספר \d+/);
    await expect.poll(() => card.getByTestId('setup-step-test_order').getAttribute('data-done')).toBe('true');
    expect(await card.getByTestId('setup-progress').textContent()).toBe('4 מתוך 6 הושלמו');
    await expectAccessible(page, '/menu-management after the test order');
    expect(problems).toEqual([]);
  });

  it('shows the test order on /orders marked as a test, with nothing to refund', async () => {
    const { page, problems } = owner;
    await page.getByTestId('setup-checklist').getByRole('link', { name: 'למסך ההזמנות' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    const order = page.getByTestId('live-order').filter({ hasText: 'הפוך' });
    await order.waitFor();
    expect(await order.getByTestId('live-order-test').textContent()).toBe('הזמנת בדיקה');
    expect(await order.getByTestId('live-order-total').textContent()).toBe('₪13.00');
    expect(await order.getByRole('button', { name: 'החזר כספי' }).count()).toBe(0);
    expect(await order.getByRole('button', { name: 'דחיית הזמנה' }).count()).toBe(0);
    await expectAccessible(page, '/orders with a test order');
    expect(problems).toEqual([]);
  });

  it("keeps the month's report empty, saying what to do next", async () => {
    const { page, problems } = owner;
    await page.goto(`${baseUrl}/reports`);
    const empty = page.getByTestId('report-empty');
    await empty.waitFor();
    expect(await page.getByTestId('report-summary').textContent()).toContain('₪0.00');
    expect(await empty.getByRole('link', { name: 'להוסיף קטגוריות ומוצרים לתפריט' }).getAttribute('href')).toBe(
      '/menu',
    );
    // The checklist is on the report too, until the rest is done or closed.
    const card = page.getByTestId('setup-checklist');
    await card.waitFor();
    await expectAccessible(page, '/reports of an empty month with the checklist');
    await card.getByRole('button', { name: 'הסתרת הרשימה' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('report-empty').waitFor();
    expect(await page.getByTestId('setup-checklist').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
