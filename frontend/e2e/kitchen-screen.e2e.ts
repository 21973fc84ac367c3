import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';
import { expectTidy } from './support/layout.js';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';
import { codeSentTo, smsLines, waitUntilCodeCanBeSent } from './support/sms.js';

// The kitchen screen (issue 18, decision 032) in a real browser: the columns side by side at 1280 and 1024 px, one
// column with its filter on a phone, full screen with its exit, nothing under the accessibility button or the sound
// switch, axe clean; and "accept new orders automatically" switched on from the console accepts a diner's order.

const baseUrl = inject('baseUrl');
const smsLog = join(inject('dataDir'), 'sms.log');
const DEMO_OWNER = '052-3456789';
const LIVE_WAIT = 20_000;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];
const PHONE = { width: 390, height: 844 };
const COLUMNS = ['live-section-new', 'live-section-active', 'live-section-ready'];
// Screenshots for a person to look at, when asked for: E2E_SCREENSHOTS=/some/dir.
const screenshotDir = process.env.E2E_SCREENSHOTS;
const snapshot = async (name: string) => {
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `kitchen-${name}.png`), fullPage: true });
};

let browser: Browser;
let owner: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: owner, page } = await openPage(browser, { viewport: WIDTHS[0] }));
  await page.goto(`${baseUrl}/login`);
  const before = smsLines(smsLog).length;
  await page.getByLabel('מספר טלפון נייד').fill(DEMO_OWNER);
  await waitUntilCodeCanBeSent(smsLog, DEMO_OWNER);
  await page.getByRole('button', { name: 'שליחת קוד' }).click();
  await page.getByLabel('קוד אימות').fill(await codeSentTo(smsLog, DEMO_OWNER, before));
  await page.waitForURL((url) => url.pathname !== '/login');
});
afterAll(async () => {
  // The demo café is shared by every file of the run: its orders must arrive new for the others.
  await page
    ?.evaluate(() =>
      fetch('/api/business/auto-accept', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: JSON.stringify({ enabled: false, readyInMinutes: null }),
      }),
    )
    .catch(() => undefined);
  await owner?.close();
  await browser?.close();
});

async function openConsole() {
  await page.goto(`${baseUrl}/orders`);
  await page.getByRole('heading', { level: 1, name: 'הזמנות חיות' }).waitFor();
  await page.getByText('מחובר – הזמנות חדשות יופיעו כאן מיד').waitFor({ timeout: LIVE_WAIT });
  await page.getByTestId('live-section-new').or(page.getByTestId('live-empty')).first().waitFor();
}

/** The controls that overlap the sound switch (it and the other buttons of the bar must never lie on each other). */
function overSoundToggle(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const sound = document.querySelector('[data-testid="sound-toggle"]');
    if (!sound) return ['no sound switch'];
    const box = sound.getBoundingClientRect();
    return [...document.querySelectorAll('a[href], button, select, input, summary')]
      .filter((element) => element !== sound && !sound.contains(element) && !element.contains(sound))
      .filter((element) => {
        const other = element.getBoundingClientRect();
        return (
          other.width > 0 &&
          Math.min(box.right, other.right) - Math.max(box.left, other.left) > 0.5 &&
          Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top) > 0.5
        );
      })
      .map((element) => (element.textContent ?? '').trim().slice(0, 40));
  });
}

async function dinerPays(): Promise<string> {
  const diner = await openPage(browser, { viewport: { width: 375, height: 740 } });
  const { page: menu } = diner;
  await menu.goto(`${baseUrl}/menu/demo`);
  await menu.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
  await menu.getByTestId('sheet-add').click();
  await menu.getByTestId('header-cart').click();
  await menu.getByRole('button', { name: 'מעבר לתשלום' }).click();
  await menu.locator(PAYMENT_FRAME).waitFor({ state: 'visible', timeout: 15_000 });
  const frame = menu.frameLocator(PAYMENT_FRAME);
  await frame.locator('input[autocomplete="cc-number"]').waitFor({ timeout: 15_000 });
  await payInFrame(frame, GOOD_CARD);
  await menu.waitForURL(/\/thank-you\/demo$/, { timeout: 30_000 });
  const number = ((await menu.getByTestId('order-number').textContent()) ?? '').trim();
  await diner.context.close();
  return number;
}

function orderCard(orderNumber: string) {
  return page
    .getByTestId('live-order')
    .filter({ has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }) });
}

describe('the kitchen screen', () => {
  it('accepts a paid order by itself once the owner switches automatic acceptance on from the console', async () => {
    await openConsole();
    const toggle = page.getByTestId('auto-accept-toggle');
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    const orderNumber = await dinerPays();
    const card = page
      .getByTestId('live-section-active')
      .getByTestId('live-order')
      .filter({
        has: page.getByTestId('live-order-number').getByText(orderNumber, { exact: true }),
      });
    await card.waitFor({ timeout: LIVE_WAIT });
    expect(await card.getByTestId('live-order-status').textContent()).toBe('התקבלה');
    expect(await card.getByRole('button', { name: 'מוכן' }).count()).toBe(1);
    await expectAccessible(page, '/orders with automatic acceptance on');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    // The next order waits for the kitchen again.
    const next = await dinerPays();
    await orderCard(next).waitFor({ timeout: LIVE_WAIT });
    expect(await orderCard(next).getByTestId('live-order-status').textContent()).toBe('חדשה');
  });

  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px: the columns side by side across the width, full screen and back, nothing covered`, async () => {
      await page.setViewportSize(viewport);
      await openConsole();
      const boxes = await Promise.all(COLUMNS.map(async (id) => page.getByTestId(id).boundingBox()));
      const [first, second, third] = boxes.map((box) => box!);
      // One row, right to left: new at the start (the right), ready at the end.
      expect(Math.abs(first!.y - third!.y)).toBeLessThan(2);
      expect(first!.x).toBeGreaterThan(second!.x);
      expect(second!.x).toBeGreaterThan(third!.x);
      // Across the width, not the console's reading column.
      expect(first!.x + first!.width - third!.x).toBeGreaterThan(viewport.width * 0.8);
      expect(await page.getByRole('group', { name: 'סינון ההזמנות' }).isVisible()).toBe(false);
      expect(await overSoundToggle(page)).toEqual([]);
      await expectTidy(page, `/orders at ${viewport.width} px`);
      await snapshot(String(viewport.width));
      await expectAccessible(page, `/orders at ${viewport.width} px`);

      // Full screen: the console's header steps aside, the exit is a visible button, reached by the keyboard.
      await page.getByRole('button', { name: 'מסך מלא' }).click();
      await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
      const exit = page.getByRole('button', { name: 'יציאה ממסך מלא' });
      await exit.waitFor();
      expect(await page.locator('[data-console-header]').isVisible()).toBe(false);
      expect(await overSoundToggle(page)).toEqual([]);
      await expectTidy(page, `/orders full screen at ${viewport.width} px`);
      await snapshot(`${viewport.width}-full-screen`);
      await expectAccessible(page, `/orders full screen at ${viewport.width} px`);
      await exit.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
      expect(await page.locator('[data-console-header]').isVisible()).toBe(true);
    });
  }

  it('on a phone (390 px): one column with its filter, nothing covered', async () => {
    await page.setViewportSize(PHONE);
    await openConsole();
    const filter = page.getByRole('group', { name: 'סינון ההזמנות' });
    await filter.waitFor();
    const visibleColumns = async () => {
      const shown: string[] = [];
      for (const id of COLUMNS) if (await page.getByTestId(id).isVisible()) shown.push(id);
      return shown;
    };
    expect(await visibleColumns()).toEqual(['live-section-new']);
    await filter.getByRole('button', { name: /בהכנה/ }).click();
    expect(await visibleColumns()).toEqual(['live-section-active']);
    // Every button of the filter is a large target.
    for (const button of await filter.getByRole('button').all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await overSoundToggle(page)).toEqual([]);
    await expectTidy(page, '/orders at 390 px');
    await snapshot('390');
    await expectAccessible(page, '/orders at 390 px');
  });

  it("Settings' card sets the estimate of automatic acceptance, which the console's switch shows (390 px)", async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByTestId('auto-accept-card');
    await card.waitFor();
    await card.getByRole('checkbox', { name: 'לאשר הזמנות חדשות אוטומטית' }).check();
    await card.getByRole('combobox', { name: 'זמן הכנה משוער שיוצג לסועד' }).selectOption({ label: '10 דקות' });
    await card.getByRole('button', { name: 'שמירת האישור האוטומטי' }).click();
    await page.getByText('ההגדרה נשמרה').first().waitFor();
    await expectTidy(page, '/settings at 390 px');
    await expectAccessible(page, '/settings with automatic acceptance at 390 px');

    await openConsole();
    // On a phone the screen's controls wait behind one button, the orders first.
    await page.getByRole('button', { name: 'אפשרויות המסך' }).click();
    const toggle = page.getByTestId('auto-accept-toggle');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await toggle.textContent()).toContain('פועל, 10 דק׳');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  });
});
