import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYMENT_FRAME } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';
import { expectTidy } from './support/layout.js';

// Opening hours and the pause of new orders (issue 18, decision 028) in a real browser: the demo café's owner pauses
// new orders from the live console, the diner's menu says ordering is closed (browsing stays, the add buttons are
// disabled) and a cart made before cannot be paid; resuming opens the menu again. The settings' hours card and the
// console's control are checked with axe. The demo café is resumed at the end, whatever happened (the files after
// this one order from it).

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER_PHONE = '052-3456789';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let ownerPage: Page | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // Never leave the demo café paused for the files after this one.
  const resume = ownerPage?.getByTestId('resume-ordering');
  if (resume && (await resume.isVisible().catch(() => false))) await resume.click();
  await browser?.close();
});

async function signIn(page: Page, phone: string) {
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(phone);
  await waitUntilCodeCanBeSent(smsLog, phone);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, phone, before));
  await page.waitForURL((url) => url.pathname !== '/login');
}

describe('pausing new orders', () => {
  it('the owner pauses, the diner sees the menu closed and cannot pay, and resuming reopens it', async () => {
    const owner = await openPage(browser);
    ownerPage = owner.page;
    await signIn(owner.page, DEMO_OWNER_PHONE);

    // The settings' card: open at every hour by default, the Shabbat switch lists the year's optional days.
    await owner.page.goto(`${baseUrl}/settings`);
    const card = owner.page.getByTestId('opening-hours-card');
    await card.getByTestId('ordering-now').getByText('ההזמנות פתוחות כעת').waitFor();
    await card.getByRole('radio', { name: 'לפי שעות הפתיחה' }).check();
    await card.getByTestId('shabbat-switch').check();
    await card
      .getByRole('checkbox', { name: /יום העצמאות/ })
      .first()
      .waitFor();
    await expectAccessible(owner.page, '/settings with the hours card');
    await expectNoSidewaysScroll(owner.page);

    // A diner fills a cart while ordering is open.
    const diner = await openPage(browser, { viewport: PHONE });
    await diner.page.goto(`${baseUrl}/menu/demo`);
    await diner.page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    await diner.page.getByTestId('sheet-add').click();
    await diner.page.getByTestId('sheet-add').waitFor({ state: 'detached' });

    // The kitchen is swamped: thirty minutes' pause from the console.
    await owner.page.goto(`${baseUrl}/orders`);
    const control = owner.page.getByTestId('ordering-pause');
    await control.getByTestId('pause-30').click();
    // Orders for a later pickup still waiting (issue 33; another file of the run may have left one): they are listed
    // and the pause is confirmed.
    const confirm = control.getByTestId('pause-confirm');
    await control.getByTestId('pause-status').or(confirm).first().waitFor();
    if (await confirm.isVisible()) await confirm.click();
    await expect
      .poll(() => control.getByTestId('pause-status').textContent())
      .toMatch(/ההזמנות מושהות, עוד (30|29) דקות/);
    await expectAccessible(owner.page, '/orders paused');

    // The menu, drawn again by the server: the calm banner, browsing stays, nothing can be added.
    await diner.page.goto(`${baseUrl}/menu/demo`);
    const banner = diner.page.getByTestId('ordering-closed');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/ההזמנות סגורות כעת · ייפתח (היום|מחר|ב).* ב־\d\d:\d\d/);
    const add = diner.page.getByRole('button', { name: 'הוספה של ארוחת בוקר ישראלית לעגלה' });
    expect(await add.isDisabled()).toBe(true);
    expect(await add.getAttribute('aria-describedby')).toBe('ordering-closed');
    await expectAccessible(diner.page, '/menu/demo closed');
    await expectTidy(diner.page, '/menu/demo closed');

    // The cart made before the pause cannot be paid: the server refuses, the checkout says why and when it opens
    // (issue 29, item 13), never "server error (409)".
    await diner.page.getByTestId('header-cart').click();
    await diner.page.getByRole('button', { name: 'מעבר לתשלום' }).click();
    const closed = diner.page.getByTestId('checkout-ordering-closed');
    await closed.getByText('המטבח לא מקבל הזמנות כרגע').waitFor();
    expect(await closed.textContent()).toMatch(/ייפתח (היום|מחר|ב).* ב־\d\d:\d\d/);
    expect(await diner.page.getByText(/שגיאת שרת/).count()).toBe(0);
    expect(await diner.page.locator(PAYMENT_FRAME).count()).toBe(0);
    await expectAccessible(diner.page, '/checkout refused while closed');

    // Resumed: the menu is open again.
    await control.getByTestId('resume-ordering').click();
    await control.getByTestId('pause-30').waitFor();
    await diner.page.goto(`${baseUrl}/menu/demo`);
    await diner.page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).waitFor();
    expect(await diner.page.getByTestId('ordering-closed').count()).toBe(0);
    expect(await add.isDisabled()).toBe(false);
    expect(owner.problems).toEqual([]);
    // The refused checkout's 409 is the browser's own console line; nothing else may be there.
    expect(diner.problems.filter((problem) => !problem.includes('409'))).toEqual([]);
  });
});
