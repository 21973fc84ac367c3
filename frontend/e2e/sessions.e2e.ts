import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { isIsraeliMobile } from '@tafrit/contracts/israel/phone';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { launchBrowser, openPage } from './support/browser.js';

// Two tabs of one owner, in a real browser against the built product (issue 15, item 4): a kitchen tablet reconnecting
// two tabs after a Wi-Fi blip refreshes both sessions at once. One tab refreshes under the Web Lock and the other uses
// its token; two refreshes that do reach the server at the same moment both get the same new session (decision 003).

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const smsLog = join(dataDir, 'sms.log');

const REPORTS_TITLE = 'דוח הזמנות חודשי';

/** A valid Israeli mobile number no other file uses (random; libphonenumber's metadata decides what is valid). */
function freshMobile(): string {
  for (;;) {
    const phone = `05${[2, 3, 4, 8][randomInt(4)]}${randomInt(2, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (isIsraeliMobile(phone)) return phone;
  }
}

let browser: Browser;
let owner: { page: Page; problems: string[]; context: BrowserContext };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await owner?.context.close().catch(() => undefined);
  await browser?.close();
});

/** A business of its own, registered over HTTP, then signed in through the login page with its code. */
async function signedInOwner(): Promise<void> {
  const phone = freshMobile();
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fullName: 'נועה ברק',
      businessName: 'קפה שתי לשוניות',
      email: `tabs.${Date.now()}@example.co.il`,
      idNumber: '515678902',
      phone,
      bankName: '12',
      branch: '600',
      accountNumber: '123456',
      beneficiaryName: 'נועה ברק',
      street: 'הרצל 12',
      city: 'תל אביב-יפו',
    }),
  });
  expect(registered.status, await registered.clone().text()).toBeLessThan(300);

  owner = await openPage(browser);
  const { page } = owner;
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  const code = page.getByLabel('קוד אימות');
  await code.waitFor();
  await code.fill(await codeSentTo(smsLog, phone, before));
  // The sixth digit sends the code (no button to press).
  await page.waitForURL(`${baseUrl}/reports`);
  await page.getByRole('heading', { level: 1, name: REPORTS_TITLE }).waitFor();
}

/** Asks the server with this tab's stored token: is the owner still signed in? */
function profileStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('authToken') ?? '';
    const response = await fetch('/api/business/profile', { headers: { Authorization: `Bearer ${token}` } });
    return response.status;
  });
}

describe('an owner with two tabs', () => {
  it('stays signed in when both tabs find their access token refused at the same moment', async () => {
    await signedInOwner();
    const { page: first, context } = owner;
    const second = await context.newPage();
    await second.goto(`${baseUrl}/reports`);
    await second.getByRole('heading', { level: 1, name: REPORTS_TITLE }).waitFor();

    // Both tabs share the stored token; make it one the server refuses, as after a long sleep, and reload both.
    await first.evaluate(() => localStorage.setItem('authToken', 'refused-after-the-blip'));
    await Promise.all([first.reload(), second.reload()]);

    // One refresh renews the token for both; neither tab is sent to /login.
    await expect
      .poll(() => first.evaluate(() => localStorage.getItem('authToken')), { timeout: 15_000 })
      .not.toBe('refused-after-the-blip');
    for (const page of [first, second]) {
      await page.getByRole('heading', { level: 1, name: REPORTS_TITLE }).waitFor();
      await expect.poll(() => profileStatus(page), { timeout: 15_000 }).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/reports');
    }
    expect(owner.problems.filter((problem) => problem.includes('/api/auth/refresh'))).toEqual([]);
  });

  it('keeps the sign-in when two refreshes with the same cookie reach the server at once', async () => {
    const { page } = owner;
    const statuses = await page.evaluate(async () => {
      const refresh = () =>
        fetch('/api/auth/refresh', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ audience: 'owner' }),
        });
      const answers = await Promise.all([refresh(), refresh()]);
      const next = await refresh();
      return [...answers.map((answer) => answer.status), next.status];
    });
    // Both simultaneous refreshes get the new session, and the sign-in goes on from the shared cookie.
    expect(statuses).toEqual([200, 200, 200]);
  });
});
