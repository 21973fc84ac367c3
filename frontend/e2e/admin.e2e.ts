import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { isIsraeliMobile } from '@tafrit/contracts/israel/phone';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import {
  clickAndWaitForClose,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
} from './support/browser.js';

// The administrator in a real browser, against the built product (issues 7 and 15): sign in, pause the demo café after
// a confirmation naming it (its public menu stops at once), activate it again, reopen a closed account whose owner then
// signs in again, open the café as the business in a new tab and leave, edit the terms of use, read them on the public
// page and go back to the dashboard. The other browser files use the demo café too: it is left active whatever happens.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const smsLog = join(dataDir, 'sms.log');

// Not accounts.e2e.ts's administrator: codes to one phone are spaced 30 s apart (see support/global-setup.ts).
const ADMIN_PHONE = '0542222222';
const DEMO_PHONE_E164 = '+972523456789';
const DEMO_DEPARTMENT = 'demo';
const UNAVAILABLE = 'העסק אינו מקבל הזמנות כרגע';

/** A valid Israeli mobile number no other file uses (random; libphonenumber's metadata decides what is valid). */
function freshMobile(): string {
  for (;;) {
    const phone = `05${[2, 3, 4, 8][randomInt(4)]}${randomInt(2, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (isIsraeliMobile(phone)) return phone;
  }
}

let browser: Browser;
let admin: { page: Page; problems: string[]; context: BrowserContext };
/** Read from the signed-in page, for the clean-up calls below. */
let adminToken: string | null = null;
/** The terms before this file changed them, put back at the end. */
let originalTerms: string | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl}/api/terms`).catch(() => null);
  const body = (await response?.json().catch(() => null)) as { data?: { content?: unknown } } | null;
  originalTerms = typeof body?.data?.content === 'string' ? body.data.content : null;
});

afterAll(async () => {
  if (adminToken) {
    const headers = { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' };
    // Whatever failed above, the demo café trades again for the files that run after this one.
    await fetch(`${baseUrl}/api/admin/businesses/${encodeURIComponent(DEMO_PHONE_E164)}/toggle`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ isActive: true }),
    }).catch(() => undefined);
    if (originalTerms && originalTerms.trim() !== '') {
      await fetch(`${baseUrl}/api/admin/terms`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ content: originalTerms }),
      }).catch(() => undefined);
    }
  }
  await admin?.context.close().catch(() => undefined);
  await browser?.close();
});

function demoCafe(page: Page): Locator {
  return page.locator(`[data-testid="account-item"][data-phone="${DEMO_PHONE_E164}"]`);
}

/** The h1 of the public menu in a fresh context (a diner), polled: the server drops its menu cache on a toggle. */
async function publicMenuHeading(): Promise<string> {
  const diner = await openPage(browser);
  try {
    await diner.page.goto(`${baseUrl}/menu/${DEMO_DEPARTMENT}`);
    const h1 = diner.page.getByRole('heading', { level: 1 });
    await h1.first().waitFor();
    return ((await h1.first().textContent()) ?? '').trim();
  } finally {
    await diner.context.close();
  }
}

describe('the administrator in a real browser', () => {
  it('signs in and sees the dashboard with the demo café, accessibly', async () => {
    admin = await openPage(browser);
    const { page } = admin;
    await page.goto(`${baseUrl}/admin-login`);
    await page.getByRole('heading', { level: 1, name: 'כניסת מנהל מערכת' }).waitFor();
    const before = smsLines(smsLog).length;
    await page.getByLabel('מספר טלפון נייד').fill(ADMIN_PHONE);
    await waitUntilCodeCanBeSent(smsLog, ADMIN_PHONE);
    await page.getByRole('button', { name: 'שליחת קוד' }).click();
    const code = page.getByLabel('קוד אימות');
    await code.waitFor();
    await code.fill(await codeSentTo(smsLog, ADMIN_PHONE, before));
    // The sixth digit sends the code: no tap on the sign-in button.
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'לוח ניהול המערכת' }).waitFor();
    adminToken = await page.evaluate(() => localStorage.getItem('adminToken'));
    expect(adminToken).toBeTruthy();

    // The sections have loaded: the cards, the commission report (a table or its empty state), the list.
    await demoCafe(page).waitFor();
    expect(Number(await page.getByTestId('count-total').textContent())).toBeGreaterThanOrEqual(1);
    await page.locator('[data-testid="commission-table"], [data-testid="commissions-empty"]').first().waitFor();
    await page.locator('[data-testid="payout-summary"]').waitFor();
    await page.locator('[data-testid="audit-table"], [data-testid="audit-empty"]').first().waitFor();
    await expect
      .poll(() => page.getByTestId('connection-badge').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('ok');
    expect(await demoCafe(page).getByText('פעיל', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, '/admin');

    // The search finds the café by its phone written the Israeli way.
    await page.getByLabel('חיפוש חשבון').fill('052-3456789');
    await expect.poll(() => page.getByTestId('account-item').count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('חיפוש חשבון').fill('');

    // The connection dialog and the debug dialog: both open, trap focus and are accessible.
    await page.getByTestId('connection-badge').click();
    const connection = page.getByRole('dialog', { name: 'מצב החיבור לשרת' });
    await connection.getByTestId('connection-details').waitFor();
    await expectAccessible(page, '/admin connection dialog');
    await page.keyboard.press('Escape');
    await connection.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'מידע טכני' }).click();
    const debug = page.getByRole('dialog', { name: 'מידע טכני' });
    await debug.getByTestId('debug-details').waitFor();
    await expectAccessible(page, '/admin debug dialog');
    await page.keyboard.press('Escape');
    await debug.waitFor({ state: 'detached' });
    expect(admin.problems).toEqual([]);
  });

  it('shows the payouts with their balances and the platform’s commission invoices of the month, and issues them, accessibly', async () => {
    const { page } = admin;
    const payouts = page.locator('#payouts');
    await payouts.scrollIntoViewIfNeeded();
    await page.locator('[data-testid="payout-table"], [data-testid="payouts-empty"]').first().waitFor();
    const invoices = page.getByTestId('platform-invoices');
    await invoices
      .locator('[data-testid="platform-invoices-table"], [data-testid="platform-invoices-empty"]')
      .first()
      .waitFor();
    // Issuing the ended month's due invoices asks first (a tax document stays), then answers with a toast; the list
    // is read again after it.
    await invoices.getByRole('button', { name: 'הפקת החשבוניות עכשיו' }).click();
    const confirmation = page.getByRole('dialog', { name: 'להפיק את חשבוניות העמלה?' });
    await confirmation.waitFor();
    await expectAccessible(page, '/admin issue confirmation');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, '/admin issue confirmation at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirmation.getByRole('button', { name: 'כן, להפיק את החשבוניות' }).click();
    await page.getByText('החשבוניות הופקו').first().waitFor();
    await expectAccessible(page, '/admin payouts and platform invoices');
    expect(admin.problems).toEqual([]);
  });

  it('offers the platform’s documents in the uniform structure for the year so far, accessibly and on a phone', async () => {
    const { page } = admin;
    const section = page.getByRole('region', { name: 'מבנה אחיד של מסמכי הפלטפורמה' });
    await section.scrollIntoViewIfNeeded();
    expect(await section.getByLabel('מתאריך').inputValue()).toMatch(/^\d{4}-01-01$/);
    expect(await section.getByLabel('עד תאריך').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await section.getByRole('button', { name: 'הורדת המבנה האחיד (ZIP)' }).waitFor();
    await expectAccessible(page, '/admin uniform structure');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/admin uniform structure at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('pauses the demo café after a confirmation naming it, whose public menu then takes no orders, and activates it again', async () => {
    const { page, problems } = admin;
    const cafe = demoCafe(page);
    const name = ((await cafe.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
    await cafe.getByRole('button', { name: /^השהיה/ }).click();
    const confirmation = page.getByRole('dialog', { name: `להשהות את ${name}?` });
    await confirmation.waitFor();
    await expectAccessible(page, '/admin pause confirmation');
    // Nothing is paused until the administrator confirms.
    expect(await cafe.getByText('פעיל', { exact: true }).isVisible()).toBe(true);
    await confirmation.getByRole('button', { name: 'השהיית העסק' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await page.getByTestId('toast').getByText('העסק הושהה').waitFor();
    await cafe.getByText('מושהה', { exact: true }).waitFor();
    await expect.poll(publicMenuHeading, { timeout: 15_000, interval: 500 }).toBe(UNAVAILABLE);

    await cafe.getByRole('button', { name: /^הפעלה/ }).click();
    await page.getByTestId('toast').getByText('העסק הופעל מחדש').waitFor();
    await cafe.getByText('פעיל', { exact: true }).waitFor();
    await expect.poll(publicMenuHeading, { timeout: 15_000, interval: 500 }).not.toBe(UNAVAILABLE);
    await expectAccessible(page, '/admin after pause and activate');
    expect(problems).toEqual([]);
  });

  it('reopens a closed account after a confirmation naming it, and its owner signs in again with the same phone', async () => {
    const { page, problems } = admin;
    const phone = freshMobile();
    const businessName = 'קפה שחוזר לפעול';
    const registered = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fullName: 'רותם לוי',
        businessName,
        email: `reopen.${Date.now()}@example.co.il`,
        idNumber: '515678902',
        phone,
        bankName: '12',
        branch: '600',
        accountNumber: '123456',
        beneficiaryName: 'רותם לוי',
        street: 'הרצל 12',
        city: 'תל אביב-יפו',
      }),
    });
    expect(registered.status, await registered.clone().text()).toBeLessThan(300);
    const e164 = ((await registered.json()) as { data: { business: { phone: string } } }).data.business.phone;
    const closed = await fetch(`${baseUrl}/api/admin/businesses/${encodeURIComponent(e164)}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(closed.status).toBe(200);

    await page.reload();
    await demoCafe(page).waitFor();
    await page.getByLabel('הצגת חשבונות סגורים').check();
    const account = page.locator(`[data-testid="account-item"][data-phone="${e164}"]`);
    await account.getByText('סגור', { exact: true }).waitFor();
    await account.getByRole('button', { name: `פתיחת החשבון מחדש: ${businessName}` }).click();
    const confirmation = page.getByRole('dialog', { name: `לפתוח מחדש את ${businessName}?` });
    await confirmation.waitFor();
    await expectAccessible(page, '/admin reopen confirmation');
    await confirmation.getByRole('button', { name: 'פתיחת החשבון מחדש' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await page.getByTestId('toast').getByText('החשבון נפתח מחדש').waitFor();
    await account.getByText('פעיל', { exact: true }).waitFor();
    await page.getByLabel('הצגת חשבונות סגורים').uncheck();
    await expectAccessible(page, '/admin after reopening');

    // The phone is usable again: its owner signs in with a new code and reaches the console.
    const owner = await openPage(browser);
    try {
      await owner.page.goto(`${baseUrl}/login`);
      const before = smsLines(smsLog).length;
      await owner.page.getByLabel('מספר טלפון נייד').fill(phone);
      await waitUntilCodeCanBeSent(smsLog, phone);
      await owner.page.getByRole('button', { name: 'שליחת קוד' }).click();
      const code = owner.page.getByLabel('קוד אימות');
      await code.waitFor();
      await code.fill(await codeSentTo(smsLog, phone, before));
      // The sixth digit sends the code (no button to press).
      await owner.page.waitForURL(`${baseUrl}/reports`);
      await owner.page.getByRole('heading', { level: 1, name: 'דוח הזמנות חודשי' }).waitFor();
      expect(owner.problems).toEqual([]);
    } finally {
      await owner.context.close();
    }
    expect(problems).toEqual([]);
  });

  it('opens the demo café as the business in a new tab, and logging out closes that tab', async () => {
    const { page, context, problems } = admin;
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      demoCafe(page)
        .getByRole('button', { name: /^כניסה כעסק בלשונית חדשה/ })
        .click(),
    ]);
    await tab.waitForURL(`${baseUrl}/reports`);
    await tab.getByTestId('impersonation-banner').waitFor();
    expect(await tab.evaluate(() => window.location.hash)).toBe('');
    expect(await tab.evaluate(() => localStorage.getItem('adminImpersonating'))).toBe('true');
    await clickAndWaitForClose(tab, tab.getByRole('button', { name: 'התנתקות' }));

    // The admin tab stays where it was, still signed in.
    expect(page.url()).toBe(`${baseUrl}/admin`);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
    await demoCafe(page).waitFor();
    expect(problems).toEqual([]);
  });

  it('edits the terms of use, which a visitor then reads on the public page', async () => {
    const { page } = admin;
    const content = `תנאי שימוש לבדיקה ${Date.now()}\nסעיף שני: העמלה 5% מכל עסקה.`;
    await page.getByRole('link', { name: 'עריכת תנאי השימוש' }).click();
    await page.waitForURL(`${baseUrl}/terms-conditions`);

    // The editor belongs to the terms page (features/landing): found by role and label only, its save button by the
    // start of its name ('שמירה' or 'שמירת תנאי השימוש').
    const editor = page.getByRole('textbox', { name: /תנאי השימוש/ }).first();
    await editor.waitFor({ timeout: 15_000 });
    await editor.fill(content);
    await page
      .getByRole('button', { name: /^שמיר[הת]/ })
      .first()
      .click();
    // Publishing asks first: everyone reads the new terms at once.
    const confirmation = page.getByRole('dialog', { name: 'לפרסם את תנאי השימוש החדשים?' });
    await confirmation.waitFor();
    await expectAccessible(page, '/terms-conditions publish confirmation');
    await confirmation.getByRole('button', { name: 'כן, לפרסם' }).click();
    await page.getByText('תנאי השימוש עודכנו בהצלחה').first().waitFor();
    await expectAccessible(page, '/terms-conditions with the editor');

    const visitor = await openPage(browser);
    try {
      await visitor.page.goto(`${baseUrl}/terms-conditions`);
      await visitor.page.getByText(content.split('\n')[0]!).first().waitFor();
      expect(await visitor.page.getByRole('textbox', { name: /תנאי השימוש/ }).count()).toBe(0);
      expect(await visitor.page.locator('body').textContent()).toContain('סעיף שני: העמלה 5% מכל עסקה.');
    } finally {
      await visitor.context.close();
    }

    // The editor leads back to the dashboard.
    await page.getByRole('link', { name: 'חזרה ללוח הבקרה של המנהל' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'לוח ניהול המערכת' }).waitFor();
  });

  it('leaves the demo café active for the other browser files', async () => {
    const response = await fetch(`${baseUrl}/api/admin/businesses`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const body = (await response.json()) as { data: { phone: string; isActive: boolean }[] };
    expect(body.data.find((row) => row.phone === DEMO_PHONE_E164)?.isActive).toBe(true);
  });
});
