import { Agent, fetch as fetchWith } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DinerOrders, WAIT_MS } from '../../src/modules/ordering/application/diner-orders.query.js';
import { OrderChanges } from '../../src/modules/ordering/persistence/order-changes.js';
import { RecentOrders } from '../../src/modules/ordering/persistence/recent-orders.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../event-store/event-factory.js';

// The thank-you page's held answer (GET /api/orders/:departmentId/:orderNumber/wait, decision 015): at once for a
// settled order, else as soon as the order changes in this process, else after WAIT_MS. "Well before WAIT_MS" below
// is a fifth of it: a wake-up that never came would show as an answer after the whole WAIT_MS.

let app: TestApp;
let shop: Shop;
let owner: SignedInOwner;
let changes: OrderChanges;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  changes = app.app.get(OrderChanges);
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(() => app.close());

/** A diner's order, placed and not paid yet: its number, its session and its payment page. */
async function placeOrder() {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
  });
  expect(answer.status).toBe(200);
  return {
    orderNumber: Number(answer.body.orderNumber),
    session: answer.cookies[DINER_COOKIE]!.value,
    paymentUrl: String(answer.body.paymentUrl),
  };
}

const waitPath = (orderNumber: number) => `/api/orders/${shop.departmentId}/${orderNumber}/wait`;
const waitAs = (session: string, orderNumber: number, seen?: string) =>
  call(app, 'GET', `${waitPath(orderNumber)}${seen === undefined ? '' : `?seen=${seen}`}`, {
    cookies: { [DINER_COOKIE]: session },
  });
/** The owner's kitchen button on the live console. */
const kitchenStep = (orderId: string, body: Record<string, unknown>) =>
  call(app, 'POST', `/api/live-orders/${orderId}/status`, { token: owner.token, body });

const paidAndInvoiced = {
  success: true,
  data: { status: 'paid', paymentStatus: 'paid', invoiceStatus: 'generated', invoiceNumber: expect.any(String) },
};

describe('GET /api/orders/:departmentId/:orderNumber/wait', () => {
  it('answers at once for an order that is paid and invoiced', async () => {
    const order = await placeOrder();
    expect((await payInSandbox(app, order.paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);

    const startedAt = Date.now();
    const answer = await waitAs(order.session, order.orderNumber);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject(paidAndInvoiced);
    expect(Date.now() - startedAt).toBeLessThan(WAIT_MS / 5);
  });

  it('answers a payment committed here from memory, the very answer the row gives, to its own diner only', async () => {
    const order = await placeOrder();
    expect((await payInSandbox(app, order.paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
    const reads = jest.spyOn(app.database, 'run');

    const fromMemory = await waitAs(order.session, order.orderNumber);
    expect(fromMemory.body).toMatchObject(paidAndInvoiced);
    // Reads of this order only: the processors (the receipt SMS, the slip) may run their own statements meanwhile.
    const orderReads = reads.mock.calls.filter(([, values]) =>
      values.some((value) => value === order.orderNumber || value === String(order.orderNumber)),
    );
    expect(orderReads).toEqual([]);
    // Another diner session learns nothing, from memory or from the row.
    expect((await waitAs('00000000-0000-4000-8000-000000000000', order.orderNumber)).status).toBe(404);

    // Later than the memory's window, the row answers: the same answer to the letter.
    const recent = app.app.get(RecentOrders);
    const clock = recent.now;
    recent.now = () => clock() + 60_000;
    try {
      const fromRow = await waitAs(order.session, order.orderNumber);
      expect(reads).toHaveBeenCalled();
      expect(fromRow.body).toEqual(fromMemory.body);
    } finally {
      recent.now = clock;
    }
  });

  it('holds an unpaid order until its payment, then answers with the paid, invoiced order', async () => {
    const order = await placeOrder();
    const waiting = waitAs(order.session, order.orderNumber);
    // The request is held on the order: only now does the diner pay.
    await until(() => changes.waiting === 1);

    expect((await payInSandbox(app, order.paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
    const paidAt = Date.now();
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ...paidAndInvoiced,
      data: { ...paidAndInvoiced.data, orderNumber: order.orderNumber },
    });
    expect(Date.now() - paidAt).toBeLessThan(WAIT_MS / 5);
    expect(changes.waiting).toBe(0);
  });

  it('is the same 404 for another diner session and for no session, without holding the request', async () => {
    const order = await placeOrder();
    const stranger = await placeOrder();

    const startedAt = Date.now();
    const answers = [
      await waitAs(stranger.session, order.orderNumber),
      await call(app, 'GET', waitPath(order.orderNumber)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, data: null, code: 'order.not_found' });
    }
    expect(Date.now() - startedAt).toBeLessThan(WAIT_MS / 5);
  });

  it('stops waiting when the diner leaves: no waiter is left behind', async () => {
    const order = await placeOrder();
    // Catches the server's own wait, to see when it ends (not only that it is unregistered for a moment).
    const held: Promise<unknown>[] = [];
    const diners = app.app.get(DinerOrders);
    const waitFor = diners.waitFor.bind(diners);
    jest.spyOn(diners, 'waitFor').mockImplementation((...args) => {
      const promise = waitFor(...args);
      held.push(promise);
      return promise;
    });

    // A client of its own, closed afterwards: after an abort the shared client may keep a spare connection open
    // that never sends a request, and the server's close would wait for it.
    const client = new Agent();
    const left = new AbortController();
    const request = fetchWith(`${app.url}${waitPath(order.orderNumber)}`, {
      headers: { cookie: `${DINER_COOKIE}=${order.session}` },
      signal: left.signal,
      dispatcher: client,
    });
    await until(() => changes.waiting === 1);
    const leftAt = Date.now();
    left.abort();
    await expect(request).rejects.toThrow();

    await held[0];
    expect(Date.now() - leftAt).toBeLessThan(WAIT_MS / 5);
    await until(() => changes.waiting === 0);
    await client.destroy();
  });
});

describe('GET .../wait?seen= follows the kitchen on the same held answer (decision 031)', () => {
  /** A paid, invoiced order: its number, its id and its diner session. */
  async function paidOrder() {
    const order = await placeOrder();
    expect((await payInSandbox(app, order.paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
    const first = await waitAs(order.session, order.orderNumber);
    expect(first.body).toMatchObject(paidAndInvoiced);
    return { ...order, orderId: (first.body.data as { orderId: string }).orderId };
  }

  it('holds a paid order while it is in the status the page shows, and answers the next step with its estimate', async () => {
    const order = await paidOrder();
    const waiting = waitAs(order.session, order.orderNumber, 'paid');
    await until(() => changes.waiting === 1);

    const acceptedAt = Date.now();
    const accepted = await kitchenStep(order.orderId, { status: 'accepted', readyInMinutes: 15 });
    expect(accepted.status).toBe(200);
    const answer = await waiting;
    expect(answer.status).toBe(200);
    const data = answer.body.data as { status: string; estimatedReadyAt: string | null };
    expect(data.status).toBe('accepted');
    // Fifteen minutes from the moment it was accepted (give or take the request's own time).
    const estimate = Date.parse(data.estimatedReadyAt!);
    expect(estimate - acceptedAt).toBeGreaterThanOrEqual(15 * 60_000 - 5_000);
    expect(estimate - acceptedAt).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(Date.now() - acceptedAt).toBeLessThan(WAIT_MS / 5);

    // The page already shows `paid` while the order moved on: answered at once, no holding.
    const startedAt = Date.now();
    const late = await waitAs(order.session, order.orderNumber, 'paid');
    expect((late.body.data as { status: string }).status).toBe('accepted');
    expect(Date.now() - startedAt).toBeLessThan(WAIT_MS / 5);

    // Ready, then served, each on the held answer of the step before.
    const toReady = waitAs(order.session, order.orderNumber, 'accepted');
    await until(() => changes.waiting === 1);
    expect((await kitchenStep(order.orderId, { status: 'ready' })).status).toBe(200);
    expect(((await toReady).body.data as { status: string }).status).toBe('ready');
  });

  it('keeps the kitchen apart from strangers and refuses what it does not know, holding nothing', async () => {
    const order = await paidOrder();
    const stranger = await placeOrder();
    const startedAt = Date.now();
    expect((await waitAs(stranger.session, order.orderNumber, 'paid')).status).toBe(404);
    const unknown = await waitAs(order.session, order.orderNumber, 'cooking');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, code: expect.any(String) });
    expect(Date.now() - startedAt).toBeLessThan(WAIT_MS / 5);
    // An estimate belongs to accepting only, and a sane one: refused with the envelope, nothing recorded.
    for (const body of [
      { status: 'ready', readyInMinutes: 10 },
      { status: 'accepted', readyInMinutes: 0 },
      { status: 'accepted', readyInMinutes: 100_000 },
      { status: 'accepted', readyInMinutes: 'soon' },
    ]) {
      const refused = await kitchenStep(order.orderId, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false });
    }
    const now = await waitAs(order.session, order.orderNumber);
    expect((now.body.data as { status: string; estimatedReadyAt: unknown }).status).toBe('paid');
    expect((now.body.data as { estimatedReadyAt: unknown }).estimatedReadyAt).toBeNull();
  });
});
