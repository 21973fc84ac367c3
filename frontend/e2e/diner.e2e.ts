import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// The diner's path in a real browser (DESIGN.md §4 steps 1-3): the QR code opens /menu/demo, whose HTML already
// holds the menu; the diner jumps between categories, fills the cart, changes it on the cart page, writes a remark,
// reloads and still has it all. An empty cart never reaches payment; an unknown menu is a 404 that says so.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/**
 * React arrives late, as on a slow connection: the menu is on screen, its buttons are not working yet. Answers the
 * call that lets it arrive.
 */
async function holdReactBack(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/react-[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}

describe('the menu page in one response', () => {
  it('holds the menu in its HTML before any script runs, with the title and Open Graph tags', async () => {
    const response = await fetch(`${baseUrl}/menu/demo`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>קפה הגפן | תפריט</title>');
    expect(html).toMatch(/<meta property="og:title" content="קפה הגפן \| תפריט" \/>/);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+" \/>/);
    expect(html).toContain('<script type="application/json" id="menu-data">');
    expect(html).toContain('הפוך');
    expect(html).toContain('₪14.00');
    expect(html).toContain('<section id="category-');
    // The add buttons too: the server renders the same components the browser then hydrates.
    expect(html).toMatch(
      /<button type="button"[^>]*><span aria-hidden="true">\+<\/span>הוספה.{0,60}של הפוך לעגלה<\/span><\/button>/,
    );

    // And a browser with JavaScript off shows it.
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'he-IL' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/menu/demo`);
    expect(await page.getByRole('heading', { level: 1, name: 'קפה הגפן' }).isVisible()).toBe(true);
    expect(await page.locator('main h3').count()).toBe(12);
    await context.close();
  });

  it('is taken over by the app without being drawn again, and a tap made before the app arrived still counts', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    const release = await holdReactBack(page);
    await page.goto(`${baseUrl}/menu/demo`);
    await page.evaluate(() => {
      (document.querySelector('main h3') as HTMLElement & { served?: boolean }).served = true;
    });
    // A product without options: one tap adds it (one with options opens its sheet, diner-options.e2e.ts).
    await page.getByRole('button', { name: 'הוספה של תה נענע לעגלה' }).click();
    expect(await page.getByTestId('floating-cart').count()).toBe(0);
    release();
    await page.getByTestId('floating-cart').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="announcer"]')?.textContent === 'תה נענע נוסף לעגלה. בעגלה פריט אחד.',
    );
    expect(await page.getByTestId('quantity').textContent()).toBe('בעגלה: 1');
    // The same element the server sent: hydrated, not replaced (which would also repaint the menu).
    expect(
      await page.evaluate(() => (document.querySelector('main h3') as HTMLElement & { served?: boolean }).served),
    ).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the cart with the product when "add" and then the cart were tapped before the app arrived', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    const release = await holdReactBack(page);
    await page.goto(`${baseUrl}/menu/demo`);
    await page.getByRole('button', { name: 'הוספה של תה נענע לעגלה' }).click();
    await page.getByTestId('header-cart').click();
    // The link waits for the tap before it: still the menu.
    expect(new URL(page.url()).pathname).toBe('/menu/demo');
    release();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart/demo');
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads no router, no React Query and asks no API for the menu', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/menu/demo`);
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).waitFor();
    expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(requests.filter((path) => /\/assets\/(vendor|index|landing|owner|admin)-/.test(path))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the diner orders', () => {
  it('jumps by category, adds two products, changes the cart, writes a remark, and keeps it all on reload', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/demo?table=4`);
    expect(await page.title()).toBe('קפה הגפן | תפריט');
    expect(await page.getByTestId('table').textContent()).toBe('שולחן 4');

    // The category bar: links to each category's section.
    const categories = page.getByRole('navigation', { name: 'קטגוריות בתפריט' });
    expect(await categories.getByRole('link').count()).toBe(4);
    await categories.getByRole('link', { name: 'מאפים' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#category-'));
    const pastries = page.getByRole('region', { name: 'מאפים' });
    await pastries.getByRole('heading', { level: 2 }).waitFor();

    // Two products; the live region tells the count.
    // הפוך has options: each add goes through its sheet (the default milk), and the same choice joins its line.
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    await page.getByTestId('sheet-add').click();
    await page.getByTestId('product-sheet').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    await page.getByTestId('sheet-add').click();
    await page.getByRole('button', { name: 'הוספה של קרואסון חמאה לעגלה' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="announcer"]')?.textContent === 'קרואסון חמאה נוסף לעגלה. בעגלה 3 פריטים.',
    );
    expect(await page.getByRole('link', { name: 'העגלה, 3 פריטים', exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('floating-cart').textContent()).toContain('₪42.00');
    // Minus on the menu: one less, and at zero the line is gone.
    await page.getByRole('button', { name: 'הסרת קרואסון חמאה מהעגלה' }).click();
    await page.getByRole('button', { name: 'הוספה של קרואסון חמאה לעגלה' }).click();

    await page.getByTestId('floating-cart').click();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart/demo');
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    await page.getByRole('spinbutton', { name: 'כמות של הפוך' }).fill('3');
    await page.getByRole('button', { name: 'הוספת עוד קרואסון חמאה' }).click();
    expect(await page.getByTestId('cart-total').textContent()).toContain('₪70.00');
    await page.getByRole('textbox', { name: 'הערות למטבח (לא חובה)' }).fill('בלי קצף על ההפוך');
    expect(await page.getByText('16 מתוך 500 תווים').isVisible()).toBe(true);

    await page.reload();
    // The server draws the cart from its cookie; what only the device keeps (the table, the remark) follows once the
    // app has taken the page over.
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'כמות של הפוך' }).inputValue()).toBe('3');
    expect(await page.getByRole('spinbutton', { name: 'כמות של קרואסון חמאה' }).inputValue()).toBe('2');
    await page.getByTestId('table').waitFor();
    expect(await page.getByTestId('table').textContent()).toBe('שולחן 4');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'הערות למטבח (לא חובה)' }).inputValue())
      .toBe('בלי קצף על ההפוך');

    // Zero removes a line; on to payment (a placeholder until the payments issue).
    await page.getByRole('spinbutton', { name: 'כמות של קרואסון חמאה' }).fill('0');
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await page.getByRole('button', { name: 'מעבר לתשלום' }).click();
    await page.getByRole('heading', { level: 1, name: 'תשלום' }).waitFor();
    expect(await page.getByTestId('checkout-amount').textContent()).toContain('₪42.00');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    await page.getByRole('link', { name: 'חזרה לתפריט' }).click();
    await page.getByRole('heading', { level: 1, name: 'קפה הגפן' }).waitFor();
    expect(await page.getByRole('link', { name: 'העגלה, 3 פריטים', exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('cannot go to payment with an empty cart', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/cart/demo`);
    await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
    expect(await page.getByTestId('cart-empty').textContent()).toBe('העגלה ריקה');
    // Marked unavailable, yet reachable by keyboard, and it says why when pressed.
    const toPayment = page.getByRole('button', { name: 'מעבר לתשלום' });
    expect(await toPayment.getAttribute('aria-disabled')).toBe('true');
    await toPayment.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').textContent()).toBe('העגלה ריקה, נא להוסיף פריטים לפני התשלום');
    // Opened cold, the header names the café, not the app.
    expect(await page.getByText('קפה הגפן').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/cart/demo');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an unknown department as not found, with status 404', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    const response = await page.goto(`${baseUrl}/menu/no-such-cafe`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'התפריט לא נמצא' }).waitFor();
    expect(await page.title()).toBe('התפריט לא נמצא | תפריט');
    // Chromium reports the 404 document itself as a failed resource; nothing else may go wrong.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('axe-core finds nothing on the diner pages', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`on the menu and the cart at ${viewport.width} px`, async () => {
      const { page, context, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseUrl}/menu/demo`);
      await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
      await page.getByTestId('sheet-add').click();
      await page.evaluate(() => document.fonts.ready);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await page.getByTestId('header-cart').click();
      await page.getByRole('heading', { level: 1, name: 'העגלה שלך' }).waitFor();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
