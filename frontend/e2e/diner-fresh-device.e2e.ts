import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// A phone with nothing stored (private browsing, cleared data, an old `/order` link): the diner's address names no
// menu and the device knows none. Each address gets a browser of its own, so no earlier visit leaves a menu behind.
// The page says the menu was not found and leads to the landing page; it never stays blank.

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ALIASES = ['/order', '/cart', '/checkout', '/shopping-cart', '/shoppingcart', '/thank-you', '/thankyou'];

describe('a diner page opened on a device that knows no menu', () => {
  for (const path of ALIASES) {
    it(`${path} says the menu was not found and leads home`, async () => {
      for (const viewport of [PHONE, DESKTOP]) {
        const { page, context, problems } = await openPage(browser, { viewport });
        await page.goto(`${baseUrl}${path}`);
        await expect.poll(() => page.getByRole('heading', { level: 1, name: 'התפריט לא נמצא' }).isVisible()).toBe(true);
        const home = page.getByRole('link', { name: 'לדף הבית' });
        expect(await home.getAttribute('href')).toBe('/');
        expect(problems.filter((problem) => problem.startsWith('page error'))).toEqual([]);
        await expectAccessible(page, `${path} at ${viewport.width} px`);
        await expectNoSidewaysScroll(page);
        await context.close();
      }
    });
  }

  it('/cart of an unknown menu says the menu was not found', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/cart/nosuchmenu1`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'התפריט לא נמצא' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'לדף הבית' }).getAttribute('href')).toBe('/');
    expect(problems.filter((problem) => problem.startsWith('page error'))).toEqual([]);
    await expectAccessible(page, '/cart/nosuchmenu1');
    await context.close();
  });
});
