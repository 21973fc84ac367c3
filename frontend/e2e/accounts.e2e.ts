import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import {
  clickAndWaitForClose,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  openPage,
} from './support/browser.js';

// Accounts and sign-in in a real browser, against the built product: registration, the owner's code sign-in, the
// administrator's sign-in and impersonation. Codes are read from the log SMS provider's file (SMS_PROVIDER=log).

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const smsLog = join(dataDir, 'sms.log');

// Valid by libphonenumber's metadata and by the ID check digit (515678902 is a company number, ח.פ.).
const NEW_OWNER_PHONE = '054-9876543';
const NEW_OWNER_ID = '515678902';
const DEMO_OWNER_PHONE = '052-3456789';
const ADMIN_PHONE = '0547654321';

// A 16x16 teal PNG.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPgL8sjCTGMahjVMHw1AADRzfMB51v/iwAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInWithCode(page: Page, phone: string) {
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  const code = page.getByLabel('קוד אימות');
  await code.waitFor();
  expect(await page.getByTestId('otp-sent-to').textContent()).toBe(
    phone.includes('-') ? phone : `${phone.slice(0, 3)}-${phone.slice(3)}`,
  );
  await expectAccessible(page, `${page.url()} (code step)`);
  await code.fill(await codeSentTo(smsLog, phone, before));
  // The sixth digit sends the code: no tap on the sign-in button.
}

describe('accounts and sign-in in a real browser', () => {
  let owner: { page: Page; problems: string[]; context: BrowserContext };

  it('loads the registration page without the other owner screens, the posters PDF maker or the schemas', async () => {
    // The page's Lighthouse budget (TBT at most 100 ms) held until the address fields drew the whole owner area, and
    // with it jsPDF and zod, into the page's load (400 ms of script on a phone).
    const { page, context, problems } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/registration`, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: 'יישוב' }).waitFor();
    expect(scripts.some((path) => path.includes('owner-registration-'))).toBe(true);
    // The owner area's own chunk is `owner-<hash>.js`; the registration's and the sign-in's have longer names. Nor the
    // sign-in page with its code step: the registration needs only what they share (owner-account).
    expect(
      scripts.filter((path) =>
        /\/(poster-pdf|zod|reports-chart|html2canvas|owner-sign-in|otp-sign-in-page|otp)-|\/owner-[\w-]{8}\.js$/.test(
          path,
        ),
      ),
    ).toEqual([]);
    // The comboboxes (Downshift, the list of localities) and the terms dialog are loaded apart, after the page's chunk
    // (which imports none of them), so React hydrates them after the rest of the form.
    expect(scripts.some((path) => path.includes('city-combobox-'))).toBe(true);
    const registrationChunk = scripts.find((path) => path.includes('owner-registration-'));
    const registrationCode = await (await fetch(`${baseUrl}${registrationChunk}`)).text();
    expect(registrationCode.match(/from\s*["']\.\/(localities|combobox|dialog|banks)-[\w-]+\.js["']/g)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('registers a new business, shows the success countdown, then the menu', async () => {
    owner = await openPage(browser);
    const { page } = owner;
    await page.goto(`${baseUrl}/registration`);
    await page.getByRole('heading', { level: 1, name: 'הרשמת עסק' }).waitFor();
    await expectAccessible(page, '/registration');

    // Every error shows next to its field, and the page stays accessible with them.
    await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
    await page.getByText('נא להזין שם מלא').waitFor();
    await expectAccessible(page, '/registration with errors');

    await page.getByLabel('שם מלא').fill('נועה לוי');
    await page.getByLabel('שם העסק').fill('מאפיית הבדיקה');
    await page.getByLabel('אימייל').fill('noa@example.co.il');
    await page.getByLabel('תעודת זהות או ח.פ.').fill(NEW_OWNER_ID);
    await page.getByLabel('טלפון נייד', { exact: true }).fill(NEW_OWNER_PHONE);
    // The address of the tax documents (issue 17): the city from the CBS list, in the same accessible combobox.
    await page.getByLabel('רחוב ומספר בית').fill('הרצל 12');
    const city = page.getByRole('combobox', { name: 'יישוב' });
    await expect
      .poll(async () => {
        await city.fill('');
        await city.fill('זכרון');
        return page.getByRole('listbox', { name: 'יישוב' }).isVisible();
      })
      .toBe(true);
    await expectAccessible(page, '/registration with the city list open');
    // On a phone too: the list and the page fit the width, and axe finds nothing.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/registration at 390 px with the city list open');
    if (desktop) await page.setViewportSize(desktop);
    await city.press('ArrowDown');
    await city.press('Enter');
    expect(await city.inputValue()).toBe('זכרון יעקב');
    const bank = page.getByRole('combobox', { name: 'בנק' });
    await bank.fill('לאומי');
    await expectAccessible(page, '/registration with the bank list open');
    // The list opens in the page's flow, under the box: it does not float over the fields that follow.
    expect(await page.getByRole('listbox', { name: 'בנק' }).evaluate((list) => getComputedStyle(list).position)).toBe(
      'static',
    );
    await bank.press('ArrowDown');
    await bank.press('Enter');
    expect(await bank.inputValue()).toBe('10 – בנק לאומי');
    await page.getByLabel('מספר סניף').fill('800');
    await page.getByLabel('מספר חשבון').fill('123456');
    await page.getByLabel('שם המוטב').fill('מאפיית הבדיקה בע"מ');

    await page.getByRole('button', { name: 'קריאת תנאי השימוש' }).click();
    const terms = page.getByRole('dialog', { name: 'תנאי השימוש' });
    await expect.poll(() => terms.getByTestId('terms-content').textContent()).not.toMatch(/^$|טוען/);
    await expectAccessible(page, '/registration terms dialog');
    await terms.getByRole('button', { name: 'אני מסכים/ה לתנאים' }).click();
    await terms.waitFor({ state: 'detached' });
    expect(await page.getByRole('checkbox', { name: /קראתי את תנאי השימוש/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'הרשמה', exact: true }).click();
    await page.waitForURL(`${baseUrl}/success`);
    await page.getByRole('heading', { level: 1, name: 'ההרשמה הושלמה' }).waitFor();
    expect(await page.getByTestId('success-countdown').textContent()).toMatch(/[1-5]/);
    await expectAccessible(page, '/success');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    await page.waitForURL(`${baseUrl}/menu`, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: 'ניהול תפריט' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('מאפיית הבדיקה');
    await expectAccessible(page, '/menu');
    expect(owner.problems).toEqual([]);
  });

  it('logs out, then signs in again with the code from the SMS and lands on /reports', async () => {
    const { page, problems, context } = owner;
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // The console is closed without a session.
    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('heading', { level: 1, name: 'כניסה לעסקים' }).waitFor();
    await expectAccessible(page, '/login');

    await signInWithCode(page, NEW_OWNER_PHONE);
    await page.waitForURL(`${baseUrl}/reports`);
    await page.getByRole('heading', { level: 1, name: 'דוח הזמנות חודשי' }).waitFor();
    await expectAccessible(page, '/reports');

    await page.getByRole('link', { name: 'הגדרות' }).click();
    await page.waitForURL(`${baseUrl}/settings`);
    const phone = page.getByTestId('settings-phone');
    await phone.waitFor();
    expect(await phone.inputValue()).toBe(NEW_OWNER_PHONE);
    expect(await page.getByLabel('שם העסק').inputValue()).toBe('מאפיית הבדיקה');
    await expectAccessible(page, '/settings');

    // The logo: uploaded, then shown in the settings and in the header.
    await page
      .getByLabel('בחירת קובץ לוגו')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByTestId('toast').getByText('הלוגו הועלה, נדחס ונשמר').waitFor();
    const logo = page.getByAltText('הלוגו הנוכחי');
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByTestId('header-logo').getAttribute('src')).toBe(await logo.getAttribute('src'));

    // Saving the business details keeps the phone and shows the new name in the header.
    await page.getByLabel('שם העסק').fill('מאפיית הבדיקה והקפה');
    await page.getByRole('button', { name: 'שמירה' }).first().click();
    await page.getByTestId('toast').getByText('הפרטים נשמרו').waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('מאפיית הבדיקה והקפה');
    await expectAccessible(page, '/settings after saving');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets the administrator sign in and open the demo business in the same tab, as an impersonation', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/admin-login`);
    await page.getByRole('heading', { level: 1, name: 'כניסת מנהל מערכת' }).waitFor();
    await expectAccessible(page, '/admin-login');
    await signInWithCode(page, ADMIN_PHONE);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'לוח ניהול המערכת' }).waitFor();
    await expectAccessible(page, '/admin');

    // In a new tab: the tab opens on /reports as the business; leaving the impersonation closes it.
    await page.getByLabel('טלפון העסק').fill(DEMO_OWNER_PHONE);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'פתיחה בלשונית חדשה' }).click(),
    ]);
    await tab.waitForURL(`${baseUrl}/reports`);
    await tab.getByTestId('impersonation-banner').waitFor();
    expect(await tab.evaluate(() => window.location.hash)).toBe('');
    await clickAndWaitForClose(tab, tab.getByRole('button', { name: 'התנתקות' }));
    expect(page.url()).toBe(`${baseUrl}/admin`);

    await page.getByRole('button', { name: 'פתיחה בלשונית הזו' }).click();
    await page.waitForURL(`${baseUrl}/reports`);
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('מצב התחזות: אתם צופים בעסק כמנהל מערכת');
    expect(page.url()).toBe(`${baseUrl}/reports`);
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    expect(await page.getByRole('banner').textContent()).toContain('קפה הגפן');
    expect(await page.evaluate(() => localStorage.getItem('adminImpersonating'))).toBe('true');
    await expectAccessible(page, '/reports as the administrator');

    // Leaving the impersonation: this tab was not opened by a script, so it goes home instead of closing.
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });
});
