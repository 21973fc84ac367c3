import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messageFor } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { SandboxPaymentProvider } from '../../src/modules/payments/sandbox/sandbox-payment-provider.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct, productForm } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Checkout end to end on the server (issue 5): repricing, refusals, idempotency, order numbers, the sandbox card page
// and the diner's own order calls. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
});
afterAll(async () => {
  await app?.close();
});

// The payment's part of the order's stream (processors add the invoice, receipt and slip in the background).
const PAYMENT_EVENTS = new Set(['OrderPlaced', 'PaymentPageOpened', 'OrderPaid', 'PaymentFailed', 'OrderExpired']);
const eventsOf = async (orderId: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events
    .map((event) => event.type)
    .filter((type) => PAYMENT_EVENTS.has(type));

describe('create-payment', () => {
  it('reprices from the menu, records OrderPlaced and PaymentPageOpened, and answers the page with the spec shape', async () => {
    const answer = await createPayment(app, shop.departmentId, {
      items: [
        { productId: shop.coffee.id, quantity: 2 },
        { productId: shop.croissant.id, quantity: 1 },
      ],
      amount: '41.00',
      remarks: '  בלי בצל ',
      tableNumber: 4,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, totalAmount: '41.00' });
    const { paymentUrl, orderId } = answer.body as { paymentUrl: string; orderId: string };
    expect(paymentUrl).toMatch(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    // The session's cookie, for the ordering calls and for the thank-you page the server draws (decision 031).
    const sessionCookies = answer.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${DINER_COOKIE}=`));
    expect(sessionCookies.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual(['/api', '/thank-you']);
    for (const cookie of sessionCookies) expect(cookie).toMatch(/HttpOnly/);
    for (const cookie of sessionCookies) expect(cookie).toMatch(/SameSite=Lax/);
    expect(await eventsOf(orderId)).toEqual(['OrderPlaced', 'PaymentPageOpened']);
    const [row] = await query<Record<string, unknown>>(
      app.database.em(),
      'select total_amount, commission, net_amount, remarks, table_number, status, payment_status from orders where id = ?',
      [orderId],
    );
    // 41.00: 5% is 2.05, net 38.95.
    expect(row).toEqual({
      total_amount: '41.00',
      commission: '2.05',
      net_amount: '38.95',
      remarks: 'בלי בצל',
      table_number: 4,
      status: 'pending',
      payment_status: 'pending',
    });
  });

  it('refuses a tampered total with 409 and the current total, and places nothing', async () => {
    const before = await orderCount();
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '1.00',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'order.price_changed',
      error: expect.any(String),
      data: {
        totalAmount: '14.50',
        items: [{ productId: shop.coffee.id, name: 'הפוך גדול', price: '14.50', quantity: 1 }],
      },
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses an order of free items only (₪0) with order.zero_total before any payment page, placing nothing', async () => {
    const categoryId = await createCategory(app, owner, 'מתנות');
    const water = await createProduct(app, owner, { categoryId, name: 'מים', price: '0' });
    const before = await orderCount();
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: water.id, quantity: 2 }],
      amount: '0.00',
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'order.zero_total',
      message: messageFor('order.zero_total'),
      error: messageFor('order.zero_total'),
    });
    expect(answer.body).not.toHaveProperty('paymentUrl');
    expect(await orderCount()).toBe(before);
    // A free item beside a paid one is an ordinary order.
    const mixed = await createPayment(app, shop.departmentId, {
      items: [
        { productId: water.id, quantity: 1 },
        { productId: shop.coffee.id, quantity: 1 },
      ],
      amount: '14.50',
    });
    expect(mixed.status).toBe(200);
  });

  it('refuses unknown, sold-out and another business’s products, naming them', async () => {
    const other = await openShop(app, await registerOwner(app));
    const soldOut = await call(app, 'PATCH', `/api/products/${shop.croissant.id}/availability`, {
      token: owner.token,
      body: { isActive: false },
    });
    expect(soldOut.status).toBe(200);
    const answer = await createPayment(app, shop.departmentId, {
      items: [
        { productId: shop.coffee.id, quantity: 1 },
        { productId: shop.croissant.id, quantity: 1 },
        { productId: other.coffee.id, quantity: 1 },
        { productId: 999_999, quantity: 1 },
      ],
      amount: '50.50',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'order.items_unavailable',
      data: { unavailableProductIds: [shop.croissant.id, other.coffee.id, 999_999] },
    });
    await call(app, 'PATCH', `/api/products/${shop.croissant.id}/availability`, {
      token: owner.token,
      body: { isActive: true },
    });
  });

  it('refuses an unknown business, bad quantities and long remarks with the spec’s error field', async () => {
    const unknown = await createPayment(app, 'no-such-department', {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'menu.not_found', error: expect.any(String) });
    for (const quantity of [0, 100, 1.5]) {
      const bad = await createPayment(app, shop.departmentId, {
        items: [{ productId: shop.coffee.id, quantity }],
        amount: '14.50',
      });
      expect(bad.status).toBe(400);
    }
    const long = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
      remarks: 'א'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'validation.failed', fields: { 'cartData.remarks': expect.any(String) } });
  });

  it('a double click (the same session and cart, concurrently) gives one order and one payment page', async () => {
    const first = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 3 }],
      amount: '36.00',
    });
    const session = first.cookies[DINER_COOKIE]?.value ?? '';
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        createPayment(app, shop.departmentId, {
          items: [{ productId: shop.croissant.id, quantity: 3 }],
          amount: 36,
          session,
        }),
      ),
    );
    const orderIds = new Set([first, ...again].map((answer) => answer.body.orderId));
    const urls = new Set([first, ...again].map((answer) => answer.body.paymentUrl));
    expect(orderIds.size).toBe(1);
    expect(urls.size).toBe(1);
    // A different cart from the same diner is a new order.
    const other = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 2 }],
      amount: '24.00',
      session,
    });
    expect(other.body.orderId).not.toBe(first.body.orderId);
  });

  it('concurrent orders of one business get different, consecutive order numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        createPayment(app, shop.departmentId, { items: [{ productId: shop.coffee.id, quantity: 1 }], amount: '14.50' }),
      ),
    );
    const numbers = answers.map((answer) => Number(answer.body.orderNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
  });

  it('an edit after earlier checkouts reaches the next one: a new price is refused with the new total, sold out is refused', async () => {
    const editor = await registerOwner(app);
    const categoryId = await createCategory(app, editor, 'מאפים');
    const croissant = await createProduct(app, editor, { categoryId, name: 'קרואסון', price: '12.00' });
    const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: editor.phone });
    const order = (amount: string) =>
      createPayment(app, departmentId, { items: [{ productId: croissant.id, quantity: 2 }], amount });
    // Earlier checkouts: the menu is remembered (decision 015) and order numbers may come in blocks.
    expect((await order('24.00')).status).toBe(200);
    expect((await order('24.00')).status).toBe(200);

    const edited = await call(app, 'PUT', `/api/products/${croissant.id}`, {
      token: editor.token,
      form: productForm({ name: 'קרואסון חמאה', price: '13.50', categoryId }),
    });
    expect(edited.status).toBe(200);
    const stale = await order('24.00');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'order.price_changed',
      data: {
        totalAmount: '27.00',
        items: [{ productId: croissant.id, name: 'קרואסון חמאה', price: '13.50', quantity: 2 }],
      },
    });
    expect((await order('27.00')).status).toBe(200);

    const soldOut = await call(app, 'PATCH', `/api/products/${croissant.id}/availability`, {
      token: editor.token,
      body: { isActive: false },
    });
    expect(soldOut.status).toBe(200);
    const refused = await order('27.00');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'order.items_unavailable',
      data: { unavailableProductIds: [croissant.id] },
    });
  });

  it('a paused business takes no orders', async () => {
    const pausedOwner = await registerOwner(app);
    const paused = await openShop(app, pausedOwner);
    await query(app.database.em(), 'update businesses set is_active = false where phone = ?', [pausedOwner.phone]);
    const answer = await createPayment(app, paused.departmentId, {
      items: [{ productId: paused.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'menu.unavailable' });
  });
});

describe('the sandbox card page and the diner’s order', () => {
  it('is a Hebrew test page with the card autocomplete fields; the test card pays and the diner is sent to thank-you', async () => {
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 2 }],
      amount: '29.00',
      remarks: 'בלי בצל',
    });
    const session = placed.cookies[DINER_COOKIE]?.value ?? '';
    const paymentUrl = String(placed.body.paymentUrl);
    const page = await fetch(`${app.url}${new URL(paymentUrl).pathname}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('סביבת בדיקה');
    for (const name of ['cc-name', 'cc-number', 'cc-exp', 'cc-csc']) expect(html).toContain(`autocomplete="${name}"`);
    expect(html).toContain('₪29.00');

    const before = await call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, {
      cookies: { [DINER_COOKIE]: session },
    });
    expect(before.body).toMatchObject({ success: true, data: { paymentStatus: 'pending', remarks: 'בלי בצל' } });

    const paid = await payInSandbox(app, paymentUrl, { number: '4580 0000 0000 0000' });
    expect(paid.status).toBe(303);
    // Back on the address the card page was opened at (the test's 127.0.0.1, not PUBLIC_URL's localhost).
    expect(paid.headers.get('location')).toBe(`${app.url}/thank-you/${shop.departmentId}`);
    const latest = await call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, {
      cookies: { [DINER_COOKIE]: session },
    });
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({
      success: true,
      data: {
        orderId: placed.body.orderId,
        orderNumber: placed.body.orderNumber,
        totalAmount: '29.00',
        status: 'paid',
        paymentStatus: 'paid',
        items: [{ productId: shop.coffee.id, name: 'הפוך גדול', price: 14.5, quantity: 2 }],
      },
    });
    expect(Object.keys(latest.body.data as object)).not.toContain('dinerSessionId');
    expect(await eventsOf(String(placed.body.orderId))).toEqual(
      expect.arrayContaining(['OrderPlaced', 'PaymentPageOpened', 'OrderPaid']),
    );
    // The page is spent: it shows that the payment was made and takes no second card.
    const again = await payInSandbox(app, paymentUrl, { number: '4580000000000000' });
    expect(await again.text()).toContain('התשלום כבר בוצע');
    expect((await eventsOf(String(placed.body.orderId))).filter((type) => type === 'OrderPaid')).toHaveLength(1);
  });

  it('a page opened by another instance (or before a restart) is drawn and paid from its order: no row until a card', async () => {
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 3 }],
      amount: '36.00',
    });
    const paymentUrl = String(placed.body.paymentUrl);
    const pageId = new URL(paymentUrl).pathname.split('/').at(-1)!;
    const rows = () => query(app.database.em(), 'select 1 from sandbox_payments where low_profile_id = ?', [pageId]);
    expect(await rows()).toHaveLength(0);
    // This process forgets the pages it opened, as another instance never knew them.
    (app.app.get(SandboxPaymentProvider) as unknown as { opened: Map<string, unknown> }).opened.clear();

    const page = await fetch(`${app.url}${new URL(paymentUrl).pathname}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('₪36.00');
    expect(html).toContain(`הזמנה <bdi dir="ltr">#${String(placed.body.orderNumber)}</bdi>`);
    const paid = await payInSandbox(app, paymentUrl, { number: '4580000000000000' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${app.url}/thank-you/${shop.departmentId}`);
    expect(await rows()).toHaveLength(1);
    expect(await eventsOf(String(placed.body.orderId))).toEqual(expect.arrayContaining(['OrderPaid']));
  });

  it('a declined card leaves the order unpaid and the diner retries on the same page', async () => {
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 1 }],
      amount: '12.00',
    });
    const paymentUrl = String(placed.body.paymentUrl);
    const declined = await payInSandbox(app, paymentUrl, { number: '4000000000000002' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('העסקה סורבה');
    const [row] = await query<{ payment_status: string }>(
      app.database.em(),
      'select payment_status from orders where id = ?',
      [placed.body.orderId],
    );
    expect(row?.payment_status).toBe('failed');
    const invalid = await payInSandbox(app, paymentUrl, { number: '4580000000000001', expiry: '01/20' });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain('מספר הכרטיס אינו תקין');
    expect(html).not.toContain('4580000000000001');
    const paid = await payInSandbox(app, paymentUrl, { number: '4580000000000000' });
    expect(paid.status).toBe(303);
    expect(await eventsOf(String(placed.body.orderId))).toEqual([
      'OrderPlaced',
      'PaymentPageOpened',
      'PaymentFailed',
      'OrderPaid',
    ]);
  });

  it('the latest-order call never shows another diner session’s order; by number only to its session or owner', async () => {
    const mine = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 3 }],
      amount: '43.50',
    });
    const mySession = mine.cookies[DINER_COOKIE]?.value ?? '';
    const stranger = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 4 }],
      amount: '58.00',
    });
    const strangerSession = stranger.cookies[DINER_COOKIE]?.value ?? '';
    expect(strangerSession).not.toBe(mySession);
    const latest = await call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, {
      cookies: { [DINER_COOKIE]: mySession },
    });
    expect(latest.body).toMatchObject({ data: { orderId: mine.body.orderId } });
    const none = await call(app, 'GET', `/api/orders/${shop.departmentId}/latest`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ success: false, data: null, message: expect.any(String) });

    const path = `/api/orders/${shop.departmentId}/${String(mine.body.orderNumber)}`;
    expect((await call(app, 'GET', path, { cookies: { [DINER_COOKIE]: mySession } })).status).toBe(200);
    expect((await call(app, 'GET', path, { cookies: { [DINER_COOKIE]: strangerSession } })).status).toBe(404);
    expect((await call(app, 'GET', path)).status).toBe(404);
    expect((await call(app, 'GET', path, { token: owner.token })).status).toBe(200);
    const otherOwner = await registerOwner(app);
    expect((await call(app, 'GET', path, { token: otherOwner.token })).status).toBe(404);
  });
});

async function orderCount(): Promise<number> {
  const [row] = await query<{ count: string }>(app.database.em(), 'select count(*) as count from orders');
  return Number(row?.count);
}
