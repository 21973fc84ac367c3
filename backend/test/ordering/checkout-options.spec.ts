import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messageFor, type LiveOrdersAnswer, type OwnerOptionGroup } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Create-payment with options (issue 16): the server prices each line's choices against the product's groups of this
// moment, refuses a bad choice with its stable code, reprices with 409, and the order keeps the choices as they were.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let milk: OwnerOptionGroup;
let without: OwnerOptionGroup;
let other: OwnerOptionGroup;

async function createGroup(body: unknown): Promise<OwnerOptionGroup> {
  const answer = await call(app, 'POST', '/api/option-groups', { token: owner.token, body });
  expect(answer.status).toBe(201);
  return answer.body.data as OwnerOptionGroup;
}

async function attach(productId: number, groupId: string): Promise<void> {
  const answer = await call(app, 'PUT', `/api/products/${productId}/option-groups/${groupId}`, { token: owner.token });
  expect(answer.status).toBe(200);
}

const option = (group: OwnerOptionGroup, name: string) => group.options.find((o) => o.name === name)!.id;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  // Coffee (₪14.50): one milk, required; up to two "without". Croissant (₪12.00): a group of its own.
  milk = await createGroup({
    name: 'חלב',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: 'רגיל', price: '0', isDefault: true },
      { name: 'שיבולת שועל', price: '2' },
      { name: 'סויה', price: '2.5' },
    ],
  });
  without = await createGroup({
    name: 'בלי',
    minChoices: 0,
    maxChoices: 2,
    without: true,
    options: [
      { name: 'קצף', price: '0' },
      { name: 'סוכר', price: '0' },
      { name: 'קינמון', price: '0' },
    ],
  });
  other = await createGroup({ name: 'חימום', minChoices: 0, maxChoices: 1, options: [{ name: 'מחומם', price: '1' }] });
  await attach(shop.coffee.id, milk.id);
  await attach(shop.coffee.id, without.id);
  await attach(shop.croissant.id, other.id);
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const orderCount = async () =>
  Number((await query<{ n: string }>(app.database.em(), 'select count(*) as n from orders'))[0]!.n);

describe('create-payment with options', () => {
  it('prices each line with its options, records them with names and prices, and every read of the order shows them', async () => {
    const oat = option(milk, 'שיבולת שועל');
    const foam = option(without, 'קצף');
    const answer = await createPayment(app, shop.departmentId, {
      items: [
        { productId: shop.coffee.id, quantity: 2, options: [foam, oat] },
        { productId: shop.coffee.id, quantity: 1, options: [option(milk, 'רגיל')] },
        // A product whose groups all allow no choice orders without options, as before.
        { productId: shop.croissant.id, quantity: 1 },
      ],
      // (14.50 + 2) x 2 + 14.50 + 12.00
      amount: '59.50',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, totalAmount: '59.50' });
    const orderId = String(answer.body.orderId);

    const { events } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
    const placed = events.find((event) => event.type === 'OrderPlaced')!.data as { lines: unknown[] };
    expect(placed.lines).toEqual([
      {
        productId: shop.coffee.id,
        name: 'הפוך גדול',
        unitPriceAgorot: 1650,
        quantity: 2,
        // In the product's order (milk, then "without"), whatever order they were sent in.
        options: [
          { groupId: milk.id, groupName: 'חלב', optionId: oat, name: 'שיבולת שועל', priceAgorot: 200, without: false },
          { groupId: without.id, groupName: 'בלי', optionId: foam, name: 'קצף', priceAgorot: 0, without: true },
        ],
      },
      {
        productId: shop.coffee.id,
        name: 'הפוך גדול',
        unitPriceAgorot: 1450,
        quantity: 1,
        options: [expect.objectContaining({ name: 'רגיל', priceAgorot: 0 })],
      },
      { productId: shop.croissant.id, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1 },
    ]);

    // Paid, then a later menu edit: the order's record keeps the name and price of its moment.
    const session = answer.cookies[DINER_COOKIE]?.value ?? '';
    expect((await payInSandbox(app, String(answer.body.paymentUrl), { number: '4580 0000 0000 0000' })).status).toBe(
      303,
    );
    const renamed = await call(app, 'PUT', `/api/option-groups/${milk.id}/options/${oat}`, {
      token: owner.token,
      body: { name: 'שועל', price: '3' },
    });
    expect(renamed.status).toBe(200);
    const latest = await call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, {
      cookies: { [DINER_COOKIE]: session },
    });
    expect(latest.status).toBe(200);
    expect((latest.body.data as { items: unknown }).items).toEqual([
      {
        productId: shop.coffee.id,
        name: 'הפוך גדול',
        price: 16.5,
        quantity: 2,
        options: [
          { groupName: 'חלב', name: 'שיבולת שועל', price: 2, without: false },
          { groupName: 'בלי', name: 'קצף', price: 0, without: true },
        ],
      },
      {
        productId: shop.coffee.id,
        name: 'הפוך גדול',
        price: 14.5,
        quantity: 1,
        options: [{ groupName: 'חלב', name: 'רגיל', price: 0, without: false }],
      },
      { productId: shop.croissant.id, name: 'קרואסון', price: 12, quantity: 1 },
    ]);

    const live = await call(app, 'GET', '/api/live-orders', { token: owner.token });
    const order = (live.body.data as LiveOrdersAnswer).orders.find((o) => o.orderId === orderId);
    expect(order?.lines[0]).toEqual({
      name: 'הפוך גדול',
      quantity: 2,
      lineTotalAgorot: 3300,
      options: [
        { groupName: 'חלב', name: 'שיבולת שועל', priceAgorot: 200, without: false },
        { groupName: 'בלי', name: 'קצף', priceAgorot: 0, without: true },
      ],
    });
    // The rename is undone for the tests below.
    await call(app, 'PUT', `/api/option-groups/${milk.id}/options/${oat}`, {
      token: owner.token,
      body: { name: 'שיבולת שועל', price: '2' },
    });
  });

  it.each([
    ['an option of another product', () => [option(other, 'מחומם')], 'order.option_unknown', 409],
    ['an unknown option', () => ['00000000-0000-4000-8000-000000000000'], 'order.option_unknown', 409],
    ['no choice where one is required', () => [], 'order.option_too_few', 409],
    [
      'two choices where one is allowed',
      () => [option(milk, 'רגיל'), option(milk, 'סויה')],
      'order.option_too_many',
      409,
    ],
  ])('refuses %s with its code and Hebrew message, placing nothing', async (_, options, code, status) => {
    const before = await orderCount();
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1, options: options() }],
      amount: '14.50',
    });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({
      success: false,
      code,
      message: messageFor(code as 'order.option_unknown'),
      data: { productId: shop.coffee.id },
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses an option removed since the diner chose it', async () => {
    const added = await call(app, 'POST', `/api/option-groups/${without.id}/options`, {
      token: owner.token,
      body: { name: 'מלח', price: '0' },
    });
    expect(added.status).toBe(201);
    const salt = option(added.body.data as OwnerOptionGroup, 'מלח');
    const removed = await call(app, 'DELETE', `/api/option-groups/${without.id}/options/${salt}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1, options: [option(milk, 'רגיל'), salt] }],
      amount: '14.50',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'order.option_unknown', data: { optionId: salt } });
  });

  it('refuses a sold-out option, and takes it again once it is back', async () => {
    const soy = option(milk, 'סויה');
    const setSoy = (available: boolean) =>
      call(app, 'PATCH', `/api/option-groups/${milk.id}/options/${soy}/availability`, {
        token: owner.token,
        body: { available },
      });
    expect((await setSoy(false)).status).toBe(200);
    const refused = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1, options: [soy] }],
      amount: '17.00',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'order.option_sold_out',
      message: messageFor('order.option_sold_out'),
      data: { productId: shop.coffee.id, optionId: soy, groupId: milk.id },
    });
    expect((await setSoy(true)).status).toBe(200);
    const taken = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1, options: [soy] }],
      amount: '17.00',
    });
    expect(taken.status).toBe(200);
  });

  it('answers 409 with the new total when an option’s price changed since the diner saw it', async () => {
    const oat = option(milk, 'שיבולת שועל');
    const edited = await call(app, 'PUT', `/api/option-groups/${milk.id}/options/${oat}`, {
      token: owner.token,
      body: { name: 'שיבולת שועל', price: '3' },
    });
    expect(edited.status).toBe(200);
    const before = await orderCount();
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 2, options: [oat] }],
      amount: '33.00',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'order.price_changed',
      data: {
        totalAmount: '35.00',
        items: [{ productId: shop.coffee.id, name: 'הפוך גדול', price: '17.50', quantity: 2, options: [oat] }],
      },
    });
    expect(await orderCount()).toBe(before);
  });

  it('never answers 500 to odd choices', async () => {
    for (const options of [['not-a-uuid'], [1, 2], [null], 'x', [option(milk, 'רגיל'), option(milk, 'רגיל')]]) {
      const answer = await createPayment(app, shop.departmentId, {
        items: [{ productId: shop.coffee.id, quantity: 1, options: options as string[] }],
        amount: '14.50',
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});
