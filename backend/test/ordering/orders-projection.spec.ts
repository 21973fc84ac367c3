import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_EVENT_TYPES } from '@tafrit/contracts';
import { OrderExpiry } from '../../src/modules/ordering/processors/order-expiry.js';
import { ordersProjection } from '../../src/modules/ordering/projections/orders.projection.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The orders read model is a projection of the log: rebuilt from the events it equals the live one, row for row.
// And the expiry of unpaid orders, which time (not an event) triggers.

let app: TestApp;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  shop = await openShop(app, await registerOwner(app));
});
afterAll(async () => {
  await app?.close();
});

const snapshot = () =>
  query<Record<string, unknown>>(
    app.database.em(),
    `select id, business_id, order_number, items, total_amount, commission, net_amount, remarks, table_number, status,
        payment_status, invoice_status, invoice_number, cardcom_low_profile_id, cardcom_transaction_id, card_last4,
        paid_at, order_date, stream_version
      from orders order by id`,
  );

describe('the orders projection', () => {
  it('rebuilt from the log equals the live read model', async () => {
    const paid = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 2 }],
      amount: '29.00',
      remarks: 'בלי בצל',
    });
    await payInSandbox(app, String(paid.body.paymentUrl), { number: '4580000000000000' });
    const declined = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 1 }],
      amount: '12.00',
    });
    await payInSandbox(app, String(declined.body.paymentUrl), { number: '4000000000000002' });
    await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 5 }],
      amount: '72.50',
    });

    // The processors (invoice, receipt, slip) append to these streams in the background: let them finish and stop,
    // so the live table is final and no open transaction holds the log's horizon back (PostgreSQL).
    const runner = app.app.get(ProcessorRunner);
    await runner.runUntilIdle();
    await runner.stop();
    const live = await snapshot();
    expect(live).toHaveLength(3);
    // Read before the transaction: on PGlite the transaction holds the one connection.
    const log = await app.app.get<EventStore>(EVENT_STORE).readAll({ limit: 10_000 });
    await app.database.em().transactional(async (tx) => {
      await query(tx, 'delete from payment_pages');
      await query(tx, 'delete from order_requests');
      await query(tx, 'delete from orders');
      for (const event of log.filter((candidate) => ORDER_EVENT_TYPES.includes(candidate.type as never))) {
        await ordersProjection.apply(tx, event);
      }
    });
    expect(await snapshot()).toEqual(live);
    // Applying the whole log a second time changes nothing: the projection is idempotent.
    await app.database.em().transactional(async (tx) => {
      for (const event of log)
        if (ORDER_EVENT_TYPES.includes(event.type as never)) await ordersProjection.apply(tx, event);
    });
    expect(await snapshot()).toEqual(live);
  });
});

/** Every column of the projection's two tables, the snapshot and version included. */
const wholeRows = async () => ({
  orders: await query<Record<string, unknown>>(app.database.em(), 'select * from orders order by id'),
  pages: await query<Record<string, unknown>>(app.database.em(), 'select * from payment_pages order by low_profile_id'),
});

describe("the orders projection's batch path (a rebuild's pages)", () => {
  it('gives the same rows as event by event, an order split across two pages, and skips what it has', async () => {
    // Given orders paid, declined and left open, their processors done, and the order events of the log.
    const paid = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    await payInSandbox(app, String(paid.body.paymentUrl), { number: '4580000000000000' });
    const declined = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 2 }],
      amount: '24.00',
    });
    await payInSandbox(app, String(declined.body.paymentUrl), { number: '4000000000000002' });
    await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 3 }],
      amount: '43.50',
    });
    const runner = app.app.get(ProcessorRunner);
    await runner.runUntilIdle();
    await runner.stop();
    const log = (await app.app.get<EventStore>(EVENT_STORE).readAll({ limit: 10_000 })).filter((event) =>
      ORDER_EVENT_TYPES.includes(event.type as never),
    );
    const rebuild = (work: (tx: EntityManager) => Promise<void>) =>
      app.database.em().transactional(async (tx) => {
        await query(tx, 'delete from payment_pages');
        await query(tx, 'delete from order_requests');
        await query(tx, 'delete from orders');
        await work(tx);
      });
    // The rows event by event: what the batch path must give.
    await rebuild(async (tx) => {
      for (const event of log) await ordersProjection.apply(tx, event);
    });
    const expected = await wholeRows();
    expect(expected.orders.length).toBeGreaterThanOrEqual(3);
    expect(expected.pages.length).toBeGreaterThanOrEqual(3);
    // Two pages cut inside the paid order's stream: its placing and page in the first, its payment in the second.
    const paidEvents = log.filter((event) => (event.data as { orderId?: string }).orderId === paid.body.orderId);
    const cut = log.indexOf(paidEvents.find((event) => event.type === 'OrderPaid')!);
    expect(cut).toBeGreaterThan(log.indexOf(paidEvents[0]!));

    // When the log is replayed in those two pages,
    await rebuild(async (tx) => {
      await ordersProjection.applyBatch!(tx, log.slice(0, cut));
      await ordersProjection.applyBatch!(tx, log.slice(cut));
    });
    // then the rows are the same as event by event.
    expect(await wholeRows()).toEqual(expected);

    // When a page holds events already applied (the first page again, then the whole log),
    await app.database.em().transactional(async (tx) => {
      await ordersProjection.applyBatch!(tx, log.slice(0, cut));
      await ordersProjection.applyBatch!(tx, log);
    });
    // then they are skipped: nothing changes.
    expect(await wholeRows()).toEqual(expected);

    // When the first page was applied event by event and the whole log comes as one page, the same rows again.
    await rebuild(async (tx) => {
      for (const event of log.slice(0, cut)) await ordersProjection.apply(tx, event);
      await ordersProjection.applyBatch!(tx, log);
    });
    expect(await wholeRows()).toEqual(expected);
  });
});

describe('expiry of unpaid orders', () => {
  it('expires orders unpaid for 30 minutes, keeps paid ones, and a late verified payment still counts', async () => {
    const unpaid = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 2 }],
      amount: '24.00',
    });
    const paid = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 3 }],
      amount: '36.00',
    });
    await payInSandbox(app, String(paid.body.paymentUrl), { number: '4580000000000000' });
    const expiry = app.app.get(OrderExpiry);
    expect(await expiry.sweep(new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await expiry.sweep(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const statusOf = async (id: unknown) =>
      (await query<{ status: string }>(app.database.em(), 'select status from orders where id = ?', [id]))[0]?.status;
    expect(await statusOf(unpaid.body.orderId)).toBe('expired');
    expect(await statusOf(paid.body.orderId)).toBe('paid');
    // The same cart again is a new order: an expired one is never reused.
    const again = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 2 }],
      amount: '24.00',
      session: unpaid.cookies.tafrit_diner?.value,
    });
    expect(again.body.orderId).not.toBe(unpaid.body.orderId);
    // The diner had the page open and paid at minute 31: the money was taken, so the order is paid.
    await payInSandbox(app, String(unpaid.body.paymentUrl), { number: '4580000000000000' });
    expect(await statusOf(unpaid.body.orderId)).toBe('paid');
  });
});
