import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { join } from 'node:path';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';
import { codeSentTo, smsLines } from './support/sms.js';

// Settings' "new QR code" in a real browser, against the built product: a new business (not the demo, which other
// files use) asks for a new address, is told what stops working, confirms, and sees the new address on the QR card
// and its posters; the old address is gone from the menu API and the diner's page.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'רונית שלום',
  businessName: 'קפה הקוד החדש',
  email: 'ronit.qr@example.co.il',
  idNumber: '515678902',
  phone: '054-5557788',
  bankName: '10',
  branch: '800',
  accountNumber: '765432',
  beneficiaryName: 'רונית שלום',
  street: 'הרצל 12',
  city: 'תל אביב-יפו',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The status of a plain GET from outside the browser (a 404 there is the point, not a problem of the page). */
const statusOf = async (path: string) => (await fetch(`${baseUrl}${path}`)).status;

describe('a new QR code from the settings in a real browser', () => {
  it('asks first, then shows the new address; the old one answers 404 on the menu API and the diner page', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const oldId = await page.evaluate(async (body) => {
      const response = await fetch('/api/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data?: { token: string; business: { departmentId: string } } };
      if (!response.ok || !json.data) throw new Error(`registration failed: ${response.status}`);
      localStorage.setItem('authToken', json.data.token);
      localStorage.setItem('businessData', JSON.stringify(json.data.business));
      return json.data.business.departmentId;
    }, OWNER);
    expect(await statusOf(`/api/menu/${oldId}`)).toBe(200);
    expect(await statusOf(`/menu/${oldId}`)).toBe(200);

    await page.goto(`${baseUrl}/settings`);
    const card = page.getByTestId('qr-card');
    const url = card.getByTestId('qr-url');
    await url.waitFor();
    expect(await url.textContent()).toBe(`${baseUrl}/menu/${oldId}`);
    await card.getByTestId('qr-code').waitFor();
    await expectAccessible(page, '/settings with the regenerate section');

    // By keyboard: the button opens the dialog, Escape closes it and sends nothing, focus comes back to the button.
    const open = card.getByRole('button', { name: 'יצירת קוד QR חדש' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ליצור לתפריט כתובת וקוד QR חדשים?' });
    await dialog.waitFor();
    await dialog.getByText('כל קוד QR וכל דף שכבר הדפסתם', { exact: false }).waitFor();
    await dialog.getByText('צריך להדפיס מחדש את כל קודי ה-QR והדפים', { exact: false }).waitFor();
    await expectAccessible(page, '/settings regenerate dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await statusOf(`/api/menu/${oldId}`)).toBe(200);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // A new address needs the code sent to the business's phone (decision 036): its dialog opens over this one.
    const sentBefore = smsLines(smsLog).length;
    await dialog.getByRole('button', { name: 'כן, ליצור קוד חדש' }).click();
    const stepUp = page.getByRole('dialog', { name: 'אימות בקוד מהטלפון של העסק' });
    await stepUp.waitFor();
    await stepUp.getByText('שלחנו קוד אימות ב-SMS לטלפון של העסק.').waitFor();
    await expectAccessible(page, 'the code dialog over the regenerate dialog');
    expect(await statusOf(`/api/menu/${oldId}`)).toBe(200);
    await stepUp.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, OWNER.phone, sentBefore));
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/api/business/regenerate-qr') && response.status() !== 403,
      ),
      stepUp.getByRole('button', { name: 'אישור והמשך' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { departmentId: string } };
    const newId = data.departmentId;
    expect(newId).not.toBe(oldId);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('נוצרו כתובת וקוד QR חדשים. הדפיסו אותם מחדש.').first().waitFor();
    await expect.poll(() => url.textContent()).toBe(`${baseUrl}/menu/${newId}`);
    await card.getByTestId('qr-code').waitFor();
    expect(await card.getByTestId('qr-link').getAttribute('href')).toBe(`${baseUrl}/menu/${newId}`);
    await expectAccessible(page, '/settings after a new QR code');

    // The poster carries the new address.
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('qr-download').click()]);
    expect(download.suggestedFilename()).toBe(`qr-${newId}.png`);

    // After a reload the server's copy says the same.
    await page.reload();
    await expect.poll(() => page.getByTestId('qr-url').textContent()).toBe(`${baseUrl}/menu/${newId}`);

    expect(await statusOf(`/api/menu/${oldId}`)).toBe(404);
    expect(await statusOf(`/menu/${oldId}`)).toBe(404);
    expect(await statusOf(`/api/menu/${newId}`)).toBe(200);
    expect(await statusOf(`/menu/${newId}`)).toBe(200);
    // The one refusal: the first try, which asked for the code.
    expect(problems.filter((problem) => !/status of 403\b/.test(problem))).toEqual([]);
    expect(problems).toContain(`response: status of 403 for ${baseUrl}/api/business/regenerate-qr`);
  });
});
