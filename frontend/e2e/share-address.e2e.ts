import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';
import { GOOD_CARD, PAYMENT_FRAME, payInFrame } from './support/payment.js';

// Issue 33, an address to share, in a real browser against the built product: a new café (not the demo, which other
// files use) chooses its readable address in Settings; the address's HTML carries the link preview's tags with
// absolute addresses; a diner opens it with ?src=instagram, orders and pays; the owner's report shows the source.

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADDRESS = 'cafe-hagefen-share';

// Valid by libphonenumber's metadata and by the ID check digit; used by no other browser test.
const OWNER = {
  fullName: 'נועה ברק',
  businessName: 'קפה "הגפן" <שיתוף>',
  email: 'noa.share@example.co.il',
  idNumber: '039337423',
  phone: '054-5553344',
  bankName: '10',
  branch: '800',
  accountNumber: '765439',
  beneficiaryName: 'נועה ברק',
  street: 'הרצל 14',
  city: 'תל אביב-יפו',
};

let browser: Browser;
let token = '';
let departmentId = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Registers the café and gives it a category and a product, through the API the console uses. */
async function registerCafe(page: Page) {
  await page.goto(`${baseUrl}/`);
  return page.evaluate(async (body) => {
    const send = async (path: string, init: RequestInit) => {
      const response = await fetch(path, init);
      const json = (await response.json()) as { data?: Record<string, unknown> };
      if (!response.ok || !json.data) throw new Error(`${path} failed: ${response.status}`);
      return json.data;
    };
    const registered = (await send('/api/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })) as { token: string; business: { departmentId: string } };
    localStorage.setItem('authToken', registered.token);
    localStorage.setItem('businessData', JSON.stringify(registered.business));
    const auth = { Authorization: `Bearer ${registered.token}`, Accept: 'application/json' };
    const category = (await send('/api/categories', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'מאפים וקפה' }),
    })) as { id: number };
    const form = new FormData();
    form.append('name', 'קרואסון');
    form.append('price', '12.00');
    form.append('categoryId', String(category.id));
    await send('/api/products', { method: 'POST', headers: auth, body: form });
    return { token: registered.token, departmentId: registered.business.departmentId };
  }, OWNER);
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('an address to share, end to end', () => {
  it('the owner chooses the readable address in Settings', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: DESKTOP });
    ({ token, departmentId } = await registerCafe(page));
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByTestId('menu-address-card');
    await card.getByTestId('menu-address-link').waitFor();
    expect(await card.getByTestId('menu-address-link').textContent()).toBe(`${baseUrl}/menu/${departmentId}`);
    await card.getByLabel('הכתובת', { exact: true }).fill(ADDRESS.toUpperCase());
    await card.getByLabel('שורת תיאור לתצוגה המקדימה (לא חובה)').fill('קפה ומאפים טריים ליד הים');
    await card.getByRole('button', { name: 'שמירת הכתובת' }).click();
    await page.getByText('כתובת התפריט נשמרה').first().waitFor();
    await expect.poll(() => card.getByTestId('menu-address-link').textContent()).toBe(`${baseUrl}/menu/${ADDRESS}`);
    // The window poster's code leads to it, tagged.
    expect(await page.getByTestId('window-poster-url').textContent()).toBe(`${baseUrl}/menu/${ADDRESS}?src=window`);
    await expectAccessible(page, '/settings with the menu address card');

    // A reserved word is refused beside the field, in Hebrew.
    await card.getByLabel('הכתובת', { exact: true }).fill('admin');
    await card.getByRole('button', { name: 'שמירת הכתובת' }).click();
    await card.getByText('המילה הזו שמורה למערכת. בחרו כתובת אחרת').waitFor();
    await expectAccessible(page, '/settings with a refused address');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the address's HTML carries the link preview with absolute og:image and og:url", async () => {
    const response = await fetch(`${baseUrl}/menu/${ADDRESS}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(metaOf(html, 'og:url')).toMatch(new RegExp(`^https?://[^/]+/menu/${ADDRESS}$`));
    expect(metaOf(html, 'og:image')).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:description')).toBe('קפה ומאפים טריים ליד הים');
    expect(metaOf(html, 'og:title')).toContain('קפה &#34;הגפן&#34; &#60;שיתוף&#62;');
    // The random address still serves the same menu.
    expect((await fetch(`${baseUrl}/menu/${departmentId}`)).status).toBe(200);
  });

  it('a diner orders at it with ?src=instagram on a phone; the cart is kept under the department id', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/${ADDRESS}?src=instagram`);
    await page.getByRole('heading', { level: 1, name: OWNER.businessName }).waitFor();
    await expectAccessible(page, `/menu/${ADDRESS} at 390 px`);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'הוספה של קרואסון לעגלה' }).click();
    expect(await page.evaluate((id) => localStorage.getItem(`cart_${id}`), departmentId)).toContain('קרואסון');
    await page.getByTestId('header-cart').click();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/cart/${departmentId}`);
    await page.getByRole('button', { name: 'מעבר לתשלום' }).click();
    await page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();
    const frame = page.frameLocator(PAYMENT_FRAME);
    await frame.locator('input[autocomplete="cc-number"]').waitFor({ timeout: 15_000 });
    await payInFrame(frame, GOOD_CARD);
    await page.waitForURL(new RegExp(`/thank-you/${departmentId}$`), { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'תודה על ההזמנה' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the owner's report shows where the order came from; the pages are axe-clean at 390 px and on a desktop", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseUrl}/`);
      await page.evaluate((saved) => localStorage.setItem('authToken', saved), token);
      await page.goto(`${baseUrl}/reports`);
      const sources = page.getByTestId('report-sources');
      await sources.waitFor({ timeout: 20_000 });
      const text = await sources.innerText();
      expect(text).toContain('קישור משותף');
      expect(text).toContain('?src=instagram');
      await expectAccessible(page, `/reports with sources at ${viewport.width} px`);
      await expectNoSidewaysScroll(page);
      // The other pages this part changed, at the same width: Settings' card and the menu at its readable address.
      await page.goto(`${baseUrl}/settings`);
      await page.getByTestId('menu-address-link').waitFor();
      await page.getByTestId('window-poster').waitFor();
      await expectAccessible(page, `/settings at ${viewport.width} px`);
      await expectNoSidewaysScroll(page);
      await page.goto(`${baseUrl}/menu/${ADDRESS}`);
      await page.getByRole('heading', { level: 1, name: OWNER.businessName }).waitFor();
      await expectAccessible(page, `/menu/${ADDRESS} at ${viewport.width} px`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('the former address redirects to the new one, keeping the tag', async () => {
    const response = await fetch(`${baseUrl}/api/business/menu-address`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ address: `${ADDRESS}-tlv`, shareLine: null }),
    });
    expect(response.status).toBe(200);
    const moved = await fetch(`${baseUrl}/menu/${ADDRESS}?src=instagram`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/menu/${ADDRESS}-tlv?src=instagram`);
  });
});
