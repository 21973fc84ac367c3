import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, describeViolations, launchBrowser, openPage } from './support/browser.js';

// Product photos on the demo café's menu (issue 16): every product has one (drawn in the repository, seeded as an
// upload). The cards' and the sheet's images carry their real size and an empty alt beside the product's name, their
// boxes hold their place before the bytes arrive, and axe stays clean.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const photosOf = (page: Page) =>
  page.getByTestId('product-photo').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const box = image.getBoundingClientRect();
      return {
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        alt: image.getAttribute('alt'),
        loading: image.getAttribute('loading'),
        src: image.getAttribute('src') ?? '',
        box: { width: Math.round(box.width), height: Math.round(box.height) },
      };
    }),
  );

describe("the demo café's product photos", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`gives every card a sized WebP thumbnail with an empty alt, and axe finds nothing, at ${viewport.width} px`, async () => {
      const { page, context, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseUrl}/menu/demo`);
      const photos = await photosOf(page);
      expect(photos).toHaveLength(12);
      const box = viewport === PHONE ? { width: 96, height: 72 } : { width: 128, height: 96 };
      for (const photo of photos) {
        expect(photo).toMatchObject({ width: '400', height: '300', alt: '', box });
        expect(photo.src).toMatch(/^\/uploads\/products\/[0-9a-z]{1,13}-400\.webp$/);
      }
      // The first screen's are fetched at once, the others when the diner scrolls near them.
      expect(photos.slice(0, 4).every((photo) => photo.loading === 'eager')).toBe(true);
      expect(photos.slice(4).every((photo) => photo.loading === 'lazy')).toBe(true);
      // Each name is the card's heading: the photo's empty alt leaves the card read once, by its name.
      const firstCard = page.getByTestId('product').first();
      expect(await firstCard.getByRole('img').count()).toBe(0);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-photo"][loading="eager"]')].every(
          (image) => image.complete && image.naturalWidth === 400,
        ),
      );
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("keeps each photo's place before its bytes arrive: the cards do not move when the photos load", async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    // No photo ever arrives: the layout must already be the final one.
    await context.route('**/uploads/products/**', (route) => route.abort());
    await page.goto(`${baseUrl}/menu/demo`);
    const photos = await photosOf(page);
    expect(photos.every((photo) => photo.box.width === 96 && photo.box.height === 72)).toBe(true);
    await context.close();
  });

  it("shows the large photo at the top of the sheet, at the sheet's width in 4:3, and axe finds nothing", async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl}/menu/demo`);
    await page.getByRole('button', { name: 'הוספה של הפוך לעגלה' }).click();
    const sheet = page.getByRole('dialog', { name: 'הפוך' });
    await sheet.waitFor();
    const photo = sheet.getByTestId('sheet-photo');
    await photo.evaluate((image: HTMLImageElement) =>
      image.complete ? undefined : new Promise((done) => image.addEventListener('load', done, { once: true })),
    );
    const shown = await photo.evaluate((image: HTMLImageElement) => ({
      alt: image.getAttribute('alt'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      natural: image.naturalWidth,
      current: image.currentSrc,
      box: image.getBoundingClientRect().toJSON() as DOMRect,
      sheet: image.closest('dialog')?.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(shown).toMatchObject({ alt: '', width: '800', height: '600' });
    // Decoded (naturalWidth is the file's width over its srcset density: the sheet's width here).
    expect(shown.natural).toBeGreaterThan(0);
    expect(shown.current).toMatch(/-(400|800)\.webp$/);
    expect(Math.round(shown.box.width)).toBe(Math.round(shown.sheet.width));
    expect(Math.round(shown.box.height)).toBe(Math.round((shown.box.width * 3) / 4));
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
