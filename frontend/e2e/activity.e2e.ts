import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { isIsraeliMobile } from '@tafrit/contracts/israel/phone';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';
import { expectTidy } from './support/layout.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';

// Who did what (issue 31), in a real browser against the built product: the owner's activity page lists the acts of
// the owner and of a person they invited, filters them by person and kind from the keyboard, and axe finds nothing
// at 390 px and on a desktop.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const smsLog = join(dataDir, 'sms.log');
const TITLE = 'מי עשה מה';

function freshMobile(): string {
  for (;;) {
    const phone = `05${[2, 3, 4, 8][randomInt(4)]}${randomInt(2, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (isIsraeliMobile(phone)) return phone;
  }
}

let browser: Browser;
let owner: { page: Page; problems: string[]; context: BrowserContext };
let token: string;
let danaId: string;

async function api(method: string, path: string, body?: unknown, bearer = token) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown> };
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer.data ?? {};
}

/** A code sent to `phone` and typed back through the API, as the person's phone would. */
async function signIn(phone: string): Promise<string> {
  const before = smsLines(smsLog).length;
  await waitUntilCodeCanBeSent(smsLog, phone);
  const headers = {
    'Content-Type': 'application/json',
    'x-forwarded-for': `198.19.${randomInt(256)}.${randomInt(1, 255)}`,
  };
  const sent = await fetch(`${baseUrl}/api/send-otp`, { method: 'POST', headers, body: JSON.stringify({ phone }) });
  expect(sent.status).toBe(200);
  const code = await codeSentTo(smsLog, phone, before);
  const verified = await fetch(`${baseUrl}/api/verify-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code }),
  });
  const answer = (await verified.json()) as { data: { token: string } };
  expect(verified.status, JSON.stringify(answer)).toBe(200);
  return answer.data.token;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const phone = freshMobile();
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fullName: 'נועה ברק',
      businessName: 'קפה הצוות',
      email: `team.${Date.now()}@example.co.il`,
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
  token = ((await registered.json()) as { data: { token: string } }).data.token;

  // The owner invites Dana to the kitchen and opens ordering hours; Dana, on her own phone, marks nothing sold out
  // but pauses nothing either: she chooses her staff PIN, an act of her own.
  const dana = freshMobile();
  danaId = (await api('POST', '/api/team', { phone: dana, name: 'דנה', role: 'kitchen' })).id as string;
  await api('PUT', '/api/team/settings', { idleHours: 8 });
  const danaToken = await signIn(dana);
  await api('PUT', '/api/team/me/pin', { pin: '4812' }, danaToken);
  // The page trails the log by a moment (a processor writes it): wait until both acts are there.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await api('GET', `/api/team/activity?member=${danaId}`);
    if ((page.items as unknown[]).length > 0) break;
    if (Date.now() > deadline) throw new Error("Dana's act never reached the activity page");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  owner = await openPage(browser);
  await owner.page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await owner.page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await owner.page.getByRole('button', { name: 'שליחת קוד' }).click();
  const code = owner.page.getByLabel('קוד אימות');
  await code.waitFor();
  await code.fill(await codeSentTo(smsLog, phone, before));
  await owner.page.waitForURL(`${baseUrl}/reports`);
});

afterAll(async () => {
  await owner?.context.close().catch(() => undefined);
  await browser?.close();
});

describe("the owner's activity page", () => {
  it('is linked from the console for the owner and lists who did what', async () => {
    const { page } = owner;
    await page.getByRole('navigation').getByRole('link', { name: 'פעילות' }).click();
    await page.waitForURL(`${baseUrl}/activity`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const rows = page.getByTestId('activity-item');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    expect(texts.some((text) => text.includes('דנה') && text.includes('בחר/ה קוד אישי'))).toBe(true);
    expect(
      texts.some((text) => text.includes('בעלי העסק') && text.includes('הזמין/ה לצוות את') && text.includes('דנה')),
    ).toBe(true);
    await expectAccessible(page, '/activity on a desktop');
    await expectTidy(page, '/activity on a desktop');
  });

  it('filters by person and kind from the keyboard, and is clean at 390 px', async () => {
    const { page, problems } = owner;
    await page.setViewportSize({ width: 390, height: 844 });
    const person = page.getByRole('combobox', { name: 'מי' });
    await person.focus();
    await person.selectOption({ label: 'דנה' });
    await expect
      .poll(async () => (await page.getByTestId('activity-actor').allTextContents()).every((name) => name === 'דנה'))
      .toBe(true);
    const kind = page.getByRole('combobox', { name: 'סוג' });
    await page.keyboard.press('Tab');
    expect(await kind.evaluate((element) => element === document.activeElement)).toBe(true);
    await kind.selectOption({ label: 'הזמנות' });
    await page.getByTestId('activity-empty').waitFor();
    await kind.selectOption({ label: 'צוות' });
    await page.getByTestId('activity-item').first().waitFor();
    await expectAccessible(page, '/activity at 390 px, filtered');
    await expectTidy(page, '/activity at 390 px');
    expect(problems).toEqual([]);
  });
});
