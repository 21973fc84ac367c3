import { randomInt } from 'node:crypto';
import { isIsraeliMobile } from '@tafrit/contracts/israel/phone';
import type { Locator, Page } from 'playwright-core';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './sms.js';

// Steps the money browser tests share (issue 17): signing in the demo café's owner and an administrator, the owner's
// payment options, the live console and its order cards, and reading shekel figures off the screens.

export const DEMO_OWNER_PHONE = '052-3456789';
/** The console's socket and pushes on a busy 2-core machine. */
export const LIVE_WAIT = 20_000;

/** The owner (or an administrator at `/admin-login`) signs in with the code the log SMS provider wrote. */
export async function signInWithCode(
  page: Page,
  {
    baseUrl,
    smsLog,
    phone,
    loginPath = '/login',
  }: { baseUrl: string; smsLog: string; phone: string; loginPath?: string },
) {
  await page.goto(`${baseUrl}${loginPath}`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, phone, before));
  await page.waitForURL((url) => url.pathname !== loginPath);
}

/** Settings' payment options: the tip, Bit and Google Pay, all on or all off. */
export async function setPaymentOptions(page: Page, baseUrl: string, on: boolean) {
  await page.goto(`${baseUrl}/settings`);
  const card = page.getByTestId('payment-options-card');
  for (const name of ['להציע טיפ בתשלום', 'תשלום בביט', 'Google Pay']) {
    await card.getByRole('checkbox', { name, exact: true }).setChecked(on);
  }
  await card.getByRole('button', { name: 'שמירת אמצעי התשלום' }).click();
  await page.getByText('אמצעי התשלום נשמרו').first().waitFor();
}

export async function openConsole(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/orders`);
  await page.getByRole('heading', { level: 1, name: 'הזמנות חיות' }).waitFor();
  await page.getByText('מחובר – הזמנות חדשות יופיעו כאן מיד').waitFor({ timeout: LIVE_WAIT });
}

export function orderCard(page: Page, orderNumber: string): Locator {
  return page
    .getByTestId('live-order')
    .filter({ has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
}

/** "₪1,234.50" (or "-₪3.00") as agorot; NaN when the text holds no amount. */
export function agorotOf(text: string | null): number {
  const match = /(-?)₪\s*([\d,]+)\.(\d\d)/.exec(text ?? '');
  if (!match) return Number.NaN;
  const agorot = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -agorot : agorot;
}

/** A valid Israeli mobile number no other file uses (random; libphonenumber's metadata decides what is valid). */
export function freshMobile(): string {
  for (;;) {
    const phone = `05${[2, 3, 4, 8][randomInt(4)]}${randomInt(2, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (isIsraeliMobile(phone)) return phone;
  }
}
