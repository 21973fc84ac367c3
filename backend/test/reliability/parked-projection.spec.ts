import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderEventData } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { execute, query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { newPhone, registerOwner, signInAdmin } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// processor-runner.spec.ts shows one processor parking an event it keeps failing on. Here a projection of the real
// product throws on one order: that event is parked and reported in the admin's debug view, while the product's own
// processors (invoices, receipts, slips, commissions, the live consoles) handle every order, and the failing
// projection itself goes on with the next ones.

const FRAGILE = 'fragile-projection';

let app: TestApp;
let shop: Shop;
let poisonOrderId = '';

beforeAll(async () => {
  app = await startTestApp();
  shop = await openShop(app, await registerOwner(app, { receiptPhone: newPhone().local }));
  await execute(app.database.em(), 'create table fragile_seen (order_id uuid primary key)');
  app.app.get(ProcessorRunner).register({
    name: FRAGILE,
    handles: ['OrderPaid'],
    mode: 'projection',
    async handle(event, { em }) {
      const { orderId } = event.data as OrderEventData['OrderPaid'];
      await execute(em, 'insert into fragile_seen (order_id) values (?) on conflict do nothing', [orderId]);
      // Written first, then thrown: the write must roll back with the failed delivery.
      if (orderId === poisonOrderId) throw new Error('this projection cannot read this order');
    },
  });
});
afterAll(() => app?.close());

async function paidOrder(quantity: number): Promise<string> {
  const placed = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity }],
    amount: (14.5 * quantity).toFixed(2),
    ip: `10.33.0.${quantity}`,
  });
  expect(placed.status).toBe(200);
  expect((await payInSandbox(app, String(placed.body.paymentUrl), { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
  return String(placed.body.orderId);
}

async function typesOf(orderId: string): Promise<string[]> {
  return (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events.map((event) => event.type);
}

describe('a projection that throws on one event', () => {
  const orders: string[] = [];

  beforeAll(async () => {
    orders.push(await paidOrder(1));
    // The failing projection learns which order it chokes on before that order is paid.
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 1 }],
      amount: '12.00',
      ip: '10.33.1.1',
    });
    poisonOrderId = String(placed.body.orderId);
    await payInSandbox(app, String(placed.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    orders.push(poisonOrderId, await paidOrder(2), await paidOrder(3));
    await app.app.get(ProcessorRunner).runUntilIdle({ timeoutMs: 20_000 });
  });

  it('is parked for that event alone, and the projection goes on with the next ones', async () => {
    const parked = await query<{ processor: string; event_type: string; stream_id: string; error: string }>(
      app.database.em(),
      'select processor, event_type, stream_id, error from parked_events where resolved_at is null',
    );
    expect(parked).toEqual([
      {
        processor: FRAGILE,
        event_type: 'OrderPaid',
        stream_id: `order-${poisonOrderId}`,
        error: 'Error: this projection cannot read this order',
      },
    ]);
    const seen = await query<{ order_id: string }>(app.database.em(), 'select order_id from fragile_seen');
    expect(seen.map((row) => row.order_id).sort()).toEqual(orders.filter((id) => id !== poisonOrderId).sort());
  });

  it("leaves the product's processors untouched: every order has its invoice, receipt, slip, commission and push", async () => {
    for (const orderId of orders) {
      const types = await typesOf(orderId);
      for (const type of ['OrderPaid', 'InvoiceIssued', 'ReceiptSmsSent', 'SlipQueued']) {
        expect({ orderId, type, count: types.filter((candidate) => candidate === type).length }).toEqual({
          orderId,
          type,
          count: 1,
        });
      }
    }
    const [totals] = await query<{ orders: number; pushed: number }>(
      app.database.em(),
      `select (select coalesce(sum(total_orders), 0)::int from monthly_commissions) as orders,
              (select count(*)::int from live_events where payload->>'kind' = 'order.paid') as pushed`,
    );
    expect(totals).toEqual({ orders: orders.length, pushed: orders.length });
  });

  it("is reported in the admin's debug view; every processor is caught up", async () => {
    const { token } = await signInAdmin(app);
    const answer = await call(app, 'GET', '/api/admin/debug', { token });
    expect(answer.status).toBe(200);
    const processors = (answer.body.data as { processors: { name: string; pending: number; parked: number }[] })
      .processors;
    expect(processors.find((processor) => processor.name === FRAGILE)).toEqual({
      name: FRAGILE,
      pending: 0,
      parked: 1,
    });
    const others = processors.filter((processor) => processor.name !== FRAGILE);
    expect(others.length).toBeGreaterThanOrEqual(4);
    for (const processor of others) expect(processor).toEqual({ name: processor.name, pending: 0, parked: 0 });
  });
});
