import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DinerOrderView } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A diner who ordered from the English menu reads their order in English on the thank-you page: the names they saw
// are recorded with the order when it is placed (a later edit of a translation, or of the product, never rewrites
// what was ordered). The kitchen, the invoice and the owner keep the Hebrew names.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  const translated = await call(app, 'PUT', `/api/menu-translations/product/${shop.coffee.id}`, {
    token: owner.token,
    body: { en: { name: 'Large latte' } },
  });
  expect(translated.status).toBe(200);
}, 90_000);
afterAll(() => app?.close());

async function latestOf(session: string): Promise<DinerOrderView> {
  const latest = await call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, {
    cookies: { [DINER_COOKIE]: session },
  });
  return latest.body.data as DinerOrderView;
}

async function orderIn(language: string): Promise<{ order: DinerOrderView; session: string }> {
  const placed = await createPayment(app, shop.departmentId, {
    items: [
      { productId: shop.coffee.id, quantity: 1 },
      { productId: shop.croissant.id, quantity: 1 },
    ],
    amount: '26.50',
    cookies: { lang: language },
  });
  expect(placed.status).toBe(200);
  const session = placed.cookies[DINER_COOKIE]?.value ?? '';
  return { order: await latestOf(session), session };
}

describe('the names of an order placed in another language', () => {
  it('keeps the Hebrew names and records the diner’s translated ones beside them', async () => {
    const { order, session } = await orderIn('en');
    expect(order.items.map((item) => item.name)).toEqual(['הפוך גדול', 'קרואסון']);
    expect(order.items.map((item) => item.translatedName)).toEqual([
      { language: 'en', name: 'Large latte' },
      // Not translated by the owner: the diner saw the Hebrew name, and reads it again.
      undefined,
    ]);

    // A later edit of the translation does not rewrite what was ordered.
    await call(app, 'PUT', `/api/menu-translations/product/${shop.coffee.id}`, {
      token: owner.token,
      body: { en: { name: 'Big latte' } },
    });
    const again = await latestOf(session);
    expect(again.items[0]?.translatedName).toEqual({ language: 'en', name: 'Large latte' });
  });

  it('records nothing more for an order in Hebrew', async () => {
    const { order } = await orderIn('he');
    expect(order.items.map((item) => item.translatedName)).toEqual([undefined, undefined]);
  });
});
