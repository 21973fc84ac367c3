import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { isIsraeliMobile } from '@tafrit/contracts/israel/phone';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
  type WatchedPage,
} from './support/browser.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';

// The café's team in a real browser against the built product (issue 31): the owner invites a kitchen person, who
// signs in on a phone and sees only the kitchen's screens; a tablet paired by a code survives a reload and an expired
// access token, and moves an order under a manager's PIN; the accountant has the reports and not the menu; axe finds
// nothing on the new pages at 390 px and on a desktop.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

/** A valid Israeli mobile number no other file uses (random; libphonenumber's metadata decides what is valid). */
function freshMobile(): string {
  for (;;) {
    const phone = `05${[2, 3, 4, 8][randomInt(4)]}${randomInt(2, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (isIsraeliMobile(phone)) return phone;
  }
}

const OWNER_PHONE = freshMobile();
const KITCHEN_PHONE = freshMobile();
const ACCOUNTANT_PHONE = freshMobile();
const MANAGER_PHONE = freshMobile();
const MANAGER_PIN = '482913';

let browser: Browser;
let owner: WatchedPage;
let tablet: WatchedPage;
const opened: WatchedPage['page'][] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const page of opened)
    await page
      .context()
      .close()
      .catch(() => undefined);
  await browser?.close();
});

async function newPage(viewport?: { width: number; height: number }): Promise<WatchedPage> {
  const watched = await openPage(browser, viewport ? { viewport } : {});
  opened.push(watched.page);
  return watched;
}

/** A call with this page's stored access token, as the console makes it. */
function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
          ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** The sign-in page with a phone and the code the product sent it; the sixth digit sends the code. */
async function signInByPhone(page: Page, phone: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  const before = smsLines(smsLog).length;
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  const code = page.getByLabel('קוד אימות');
  await code.waitFor();
  await code.fill(await codeSentTo(smsLog, phone, before));
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function navigationLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'ניווט ניהול העסק' });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

async function invite(page: Page, phone: string, name: string, role: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'הזמנת איש צוות' }).click();
  const dialog = page.getByRole('dialog', { name: 'הזמנת איש צוות' });
  await dialog.getByLabel('הטלפון הנייד של האדם').fill(phone);
  await dialog.getByLabel('שם', { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: role }).check();
  await dialog.getByRole('button', { name: 'שליחת הזמנה' }).click();
}

describe("the café's team", () => {
  it('the owner invites a kitchen person from the team page, and is told inline that the own phone needs none', async () => {
    owner = await newPage();
    const { page } = owner;
    await page.goto(`${baseUrl}/`);
    const registered = await page.evaluate(async (phone) => {
      const response = await fetch('/api/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          fullName: 'שירה אלון',
          businessName: 'קפה הצוות',
          email: `team.${Date.now()}@example.co.il`,
          idNumber: '515678902',
          phone,
          bankName: '12',
          branch: '600',
          accountNumber: '123456',
          beneficiaryName: 'שירה אלון',
          street: 'הרצל 12',
          city: 'תל אביב-יפו',
        }),
      });
      const json = (await response.json()) as { data?: { token: string; business: unknown } };
      if (!json.data) return response.status;
      localStorage.setItem('authToken', json.data.token);
      localStorage.setItem('businessData', JSON.stringify(json.data.business));
      return response.status;
    }, OWNER_PHONE);
    expect(registered).toBeLessThan(300);

    await page.goto(`${baseUrl}/team`);
    await page.getByRole('heading', { level: 1, name: 'צוות' }).waitFor();
    await invite(page, OWNER_PHONE, 'שירה', /מנהל/);
    const dialog = page.getByRole('dialog', { name: 'הזמנת איש צוות' });
    await dialog.getByText('זה מספר הטלפון של העסק עצמו', { exact: false }).waitFor();
    expect(await dialog.getByLabel('הטלפון הנייד של האדם').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'ביטול' }).last().click();

    await invite(page, KITCHEN_PHONE, 'יוסי במטבח', /^מטבח/);
    await page.getByRole('heading', { level: 3, name: 'יוסי במטבח' }).waitFor();
    await invite(page, ACCOUNTANT_PHONE, 'רונית מהנהלת החשבונות', /^הנהלת חשבונות/);
    await page.getByRole('heading', { level: 3, name: 'רונית מהנהלת החשבונות' }).waitFor();
    await invite(page, MANAGER_PHONE, 'מיכל המנהלת', /^מנהל/);
    await page.getByRole('heading', { level: 3, name: 'מיכל המנהלת' }).waitFor();
    expect(
      smsLines(smsLog).some((sms) => sms.kind === 'team-invitation' && sms.to.endsWith(KITCHEN_PHONE.slice(-9))),
    ).toBe(true);
    await expectAccessible(page, '/team at desktop');
    await page.setViewportSize(PHONE);
    await expectAccessible(page, '/team at 390 px');
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the kitchen person signs in on a phone and sees only the live orders and the sold-out switches', async () => {
    const { page, problems } = await newPage(PHONE);
    await signInByPhone(page, KITCHEN_PHONE);
    await page.waitForURL(`${baseUrl}/orders`);
    await page.getByRole('heading', { level: 1, name: 'הזמנות חיות' }).waitFor();
    expect(await navigationLinks(page)).toEqual(['הזמנות', 'תפריט', 'החשבון שלי', 'פנייה לתמיכה']);
    expect(await page.getByTestId('signed-in-member').textContent()).toContain('יוסי במטבח');

    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL(`${baseUrl}/orders`);
    await page.goto(`${baseUrl}/menu`);
    await page.getByRole('heading', { level: 1, name: 'זמינות בתפריט' }).waitFor();
    expect(await page.getByTestId('add-product').count()).toBe(0);
    await expectAccessible(page, '/menu for the kitchen at 390 px');
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'החשבון שלי' }).waitFor();
    await expectAccessible(page, '/account at 390 px');
    expect(problems).toEqual([]);
  });

  it('a tablet paired by a code stays a kitchen screen across a reload and an expired access token', async () => {
    const { page: ownerPage } = owner;
    await ownerPage.getByRole('button', { name: 'קוד חיבור חדש' }).click();
    const code = (await ownerPage.getByTestId('pair-screen-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    tablet = await newPage(TABLET);
    const { page } = tablet;
    await page.goto(`${baseUrl}/screen`);
    await page.getByRole('heading', { level: 1, name: 'חיבור מסך מטבח' }).waitFor();
    await expectAccessible(page, '/screen at tablet width');
    await page.getByLabel('קוד החיבור').fill(code.toLowerCase());
    await page.getByLabel('שם המסך').fill('מטבח ראשי');
    await page.getByRole('button', { name: 'חיבור המסך' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    await page.getByText('מסך מטבח: מטבח ראשי').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'הזמנות חיות' }).waitFor();
    // As after a night switched off: the access token is refused, and the screen's cookie brings a new one.
    await page.evaluate(() => localStorage.setItem('authToken', 'expired-overnight'));
    await page.reload();
    await page.getByText('מחובר – הזמנות חדשות יופיעו כאן מיד').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/orders');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).not.toBe('expired-overnight');
    await expectAccessible(page, '/orders on the kitchen screen');
    // The screen is one row of the team, beside the people.
    await ownerPage.reload();
    await ownerPage.getByRole('heading', { level: 3, name: 'מטבח ראשי' }).waitFor();
  });

  it("moves an order on the screen under a manager's PIN, once", async () => {
    // The manager signs in on a phone of their own and chooses their PIN.
    const { page: managerPage } = await newPage(PHONE);
    await signInByPhone(managerPage, MANAGER_PHONE);
    await managerPage.goto(`${baseUrl}/account`);
    await managerPage.getByLabel('קוד אישי חדש').fill(MANAGER_PIN);
    await managerPage.getByRole('button', { name: 'שמירת הקוד' }).click();
    await managerPage.getByText('הקוד האישי נשמר').first().waitFor();

    // The owner's menu gets a product and a test order, which arrives on the screen.
    const { page: ownerPage } = owner;
    expect((await call(ownerPage, 'POST', '/api/categories', { name: 'שתייה' })).status).toBeLessThan(300);
    const categories = (await call(ownerPage, 'GET', '/api/categories')).json as { data: { id: number }[] };
    const product = await ownerPage.evaluate(async (categoryId) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'לימונדה', price: '12', description: '', tags: '' })) {
        form.append(key, value);
      }
      form.append('categoryId', String(categoryId));
      const response = await fetch('/api/products', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
        body: form,
      });
      return response.status;
    }, categories.data[0]!.id);
    expect(product).toBeLessThan(300);
    const placed = await call(ownerPage, 'POST', '/api/test-orders', {});
    expect(placed.status).toBeLessThan(300);
    const orderNumber = String((placed.json as { data: { orderNumber: number } }).data.orderNumber);

    const { page } = tablet;
    const card = page
      .getByTestId('live-order')
      .filter({ has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
    await card.waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'קוד אישי של עובד/ת' }).click();
    const dialog = page.getByRole('dialog', { name: 'מי מבצע את הפעולה הבאה?' });
    await dialog.getByRole('radio', { name: /מיכל המנהלת/ }).check();
    await dialog.getByLabel('קוד אישי').fill(MANAGER_PIN);
    await expectAccessible(page, 'the staff PIN dialog');
    await dialog.getByRole('button', { name: 'אישור' }).click();
    const acting = page.getByTestId('staff-pin-acting');
    await acting.waitFor();
    expect(await acting.textContent()).toContain('מיכל המנהלת');

    await card.getByRole('button', { name: 'אישור הזמנה' }).click();
    await page
      .getByTestId('live-section-active')
      .getByTestId('live-order-number')
      .getByText(orderNumber, { exact: true })
      .waitFor();
    await acting.waitFor({ state: 'detached' });

    // The owner's console names who moved it: the card's timeline says the manager accepted it, on the screen.
    await ownerPage.goto(`${baseUrl}/orders`);
    const ownerCard = ownerPage
      .getByTestId('live-order')
      .filter({ has: ownerPage.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
    await ownerCard.getByRole('button', { name: 'מי עשה מה' }).click();
    const accepted = ownerCard.getByTestId('timeline-step').filter({ hasText: 'מיכל המנהלת' });
    await accepted.first().waitFor();
    expect(await accepted.first().textContent()).toContain('במסך');
    await expectAccessible(ownerPage, "the order's timeline on the owner's console");
  });

  it('the accountant opens the reports and downloads the orders, and neither sees nor reaches the menu', async () => {
    const { page, problems } = await newPage();
    await signInByPhone(page, ACCOUNTANT_PHONE);
    await page.waitForURL(`${baseUrl}/reports`);
    await page.getByRole('heading', { level: 1, name: 'דוח הזמנות חודשי' }).waitFor();
    expect(await navigationLinks(page)).toEqual(['דוחות', 'מספרים', 'הנהלת חשבונות', 'החשבון שלי', 'פנייה לתמיכה']);
    // The month's orders as a file: the documents are the accountant's to take.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'הורדת קובץ CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await page.goto(`${baseUrl}/menu`);
    await page.waitForURL(`${baseUrl}/reports`);
    await page.getByRole('heading', { level: 1, name: 'דוח הזמנות חודשי' }).waitFor();
    await expectAccessible(page, '/reports for the accountant');
    expect(problems).toEqual([]);
  });
});
