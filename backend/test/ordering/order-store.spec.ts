import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { StreamVersionConflictError } from '../../src/platform/event-store/event-store.errors.js';
import { query } from '../../src/platform/database/sql.js';
import { preparedStatement } from '../../src/platform/database/prepared-statement.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { foldOrder, type OrderCommand, type PlacedOrder } from '../../src/modules/ordering/domain/order.decider.js';
import { OrderInvalidTransitionError } from '../../src/modules/ordering/domain/order.errors.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { orderRowOf } from '../../src/modules/ordering/projections/order-row.js';
import { registerOwner } from '../support/accounts.js';
import { createPayment, openShop } from '../support/checkout.js';
import { recordOrder } from '../support/orders.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { paidOrder, registerCafe, streamOf, type Cafe } from '../invoicing/support.js';
import { orderSnapshotSql } from '../../src/modules/ordering/projections/order-snapshot.js';

// The order's one write path (decision 015): a snapshot read, a pure decision, one `order_append` round trip, and a
// retry on fresh state when another writer moved the order first. On PGlite the writers take turns on one connection
// but still read before each other's append, so they conflict there too.

let app: TestApp;
let orders: OrderStore;
let cafe: Cafe;

beforeAll(async () => {
  app = await startTestApp();
  orders = app.app.get(OrderStore);
  cafe = await registerCafe(app);
  // The receipt SMS would append to these orders in the background: each test here decides who writes.
  await app.app.get(ProcessorRunner).stop();
});
afterAll(() => app.close());

const metadata = () => ({
  correlationId: randomUUID(),
  actor: { kind: 'system' as const },
  occurredAt: new Date().toISOString(),
});
const run = (orderId: string, command: OrderCommand, options = {}) =>
  orders.execute(orderId, command, metadata(), options);
const now = () => ({ now: new Date().toISOString() });

/** The row's snapshot as every reader reads it (`orderSnapshotSql`, decision 068) and as it is stored (`stored`). */
async function rowOf(orderId: string) {
  const [row] = await query<{ state: unknown; stored: Record<string, unknown>; stream_version: number }>(
    app.database.em(),
    `select ${orderSnapshotSql('o')} as state, state as stored, stream_version from orders o where id = ?`,
    [orderId],
  );
  return row!;
}

/** The invariants of every append: versions 1..n without a gap, and the row's snapshot is the fold of the log. */
async function expectConsistent(orderId: string): Promise<RecordedEvent[]> {
  const events = await streamOf(app, orderId);
  expect(events.map((event) => event.streamVersion)).toEqual(events.map((_, index) => index + 1));
  const row = await rowOf(orderId);
  expect(Number(row.stream_version)).toBe(events.length);
  expect(row.state).toEqual(foldOrder(events));
  return events;
}

const count = (events: RecordedEvent[], type: string) => events.filter((event) => event.type === type).length;

/** Every event a command reported as stored is in the log, and nothing is in the log that no command reported. */
function expectReportedExactly(results: PromiseSettledResult<{ events: RecordedEvent[] }>[], log: RecordedEvent[]) {
  const reported = results.flatMap((result) => (result.status === 'fulfilled' ? result.value.events : []));
  const key = (event: RecordedEvent) => `${event.streamVersion}:${event.type}:${event.globalPosition}`;
  expect(reported.map(key).sort()).toEqual(log.map(key).sort());
}

/** `order_append` called directly, as `OrderStore` does: the invoice is numbered for `$6`'s business (or none). */
const APPEND = preparedStatement<Record<string, unknown>>(
  'test_order_append',
  'select * from order_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, null, $6::text, null)',
);

/** Appends an `OrderAccepted` with `state` (and its row) to the order at `expected`, bypassing the decider. */
function appendAccepted(orderId: string, expected: number, state: PlacedOrder, numberInvoiceOf: string | null = null) {
  // As OrderStore passes an event: its schema version beside it (decisions 066, 067).
  const event = {
    type: 'OrderAccepted',
    schemaVersion: 1,
    data: { orderId, businessPhone: cafe.phone, at: new Date().toISOString() },
    metadata: metadata(),
  };
  return app.database.run(APPEND, [
    orderId,
    expected,
    JSON.stringify([event]),
    JSON.stringify(state),
    JSON.stringify(orderRowOf(state)),
    numberInvoiceOf,
  ]);
}

describe('concurrent commands on one order', () => {
  it('the kitchen steps pressed on several consoles at once: each step once, in order, nothing lost', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const steps = ['AcceptOrder', 'MarkOrderReady', 'MarkOrderServed'] as const;
    const results: PromiseSettledResult<{ events: RecordedEvent[] }>[] = [];
    // Rounds of every step three times at once, until the order is served; a step ahead of its turn is refused.
    for (let round = 0; round < 10; round++) {
      const { state } = await orders.load(orderId);
      if (state.placed && state.status === 'served') break;
      const settled = await Promise.allSettled(
        [...steps, ...steps, ...steps].map((type) => run(orderId, { type, data: now() })),
      );
      for (const result of settled) {
        if (result.status === 'rejected') {
          // The only acceptable refusals: a step out of turn, or too many collisions in a row (a 409 to retry).
          expect(
            result.reason instanceof OrderInvalidTransitionError || result.reason instanceof StreamVersionConflictError,
          ).toBe(true);
        }
      }
      results.push(...settled);
    }

    const events = await expectConsistent(orderId);
    const kitchen = events
      .map((event) => event.type)
      .filter((type) => type.startsWith('Order') && type !== 'OrderPaid');
    expect(kitchen).toEqual(['OrderPlaced', 'OrderAccepted', 'OrderReady', 'OrderServed']);
    expectReportedExactly(results, events.slice(5)); // after placed, page, paid, invoice, slip
  });

  it('payment verdicts racing (declines and the success of one page): one payment, one invoice number', async () => {
    const { orderId } = await recordOrder(app, {
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber: cafe.nextOrderNumber(),
    });
    const lowProfileId = randomUUID();
    await run(orderId, {
      type: 'OpenPaymentPage',
      data: {
        provider: 'sandbox',
        lowProfileId,
        paymentUrl: `http://127.0.0.1/pay/sandbox/${lowProfileId}`,
        terminal: 'platform',
        ...now(),
      },
    });
    const payment: OrderCommand = {
      type: 'RecordPayment',
      data: {
        provider: 'sandbox',
        lowProfileId,
        transactionId: 'tx-1',
        approvalNumber: '123456',
        last4: '0000',
        brand: 'Visa',
        amountAgorot: 4100,
        document: null,
        invoiceUrl: `/api/invoice/${orderId}`,
        ...now(),
      },
    };
    const failure: OrderCommand = {
      type: 'RecordPaymentFailure',
      data: { provider: 'sandbox', lowProfileId, responseCode: '5', reason: 'declined', ...now() },
    };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => run(orderId, index % 2 === 0 ? payment : failure)),
    );
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(StreamVersionConflictError);
    }
    // Should every success have lost its races, the provider's next verdict still pays.
    const last = await run(orderId, payment);

    const events = await expectConsistent(orderId);
    expect(count(events, 'OrderPaid')).toBe(1);
    expect(count(events, 'InvoiceIssued')).toBe(1);
    expect(count(events, 'SlipQueued')).toBe(1);
    expect(count(events, 'PaymentFailed')).toBeLessThanOrEqual(1);
    expectReportedExactly([...results, { status: 'fulfilled', value: last }], events.slice(2));
    // The invoice number is taken in the append's transaction: a refused append spends none.
    const [sequence] = await query<{ last_number: number }>(
      app.database.em(),
      'select last_number from invoice_sequences where business_id = ?',
      [cafe.phone],
    );
    const issued = events.find((event) => event.type === 'InvoiceIssued')!;
    expect(Number(sequence?.last_number)).toBe(Number((issued.data as { invoiceNumber: string }).invoiceNumber));
  });
});

describe('stale state', () => {
  it('a command decided on an old state is decided again on the fresh one', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const stale = await orders.load(orderId);
    await run(orderId, { type: 'AcceptOrder', data: now() });

    // The same step on the old state: refused by the store, then nothing to decide on the fresh state.
    const repeated = await run(orderId, { type: 'AcceptOrder', data: now() }, { known: stale });
    expect(repeated.events).toEqual([]);
    expect(repeated.version).toBe(stale.version + 1);
    // Another command on the old state: stored on top of the step it did not know about.
    const sms = await run(
      orderId,
      { type: 'RecordReceiptSms', data: { to: '0501234567', ...now() } },
      { known: stale },
    );
    expect(sms.events.map((event) => [event.type, event.streamVersion])).toEqual([
      ['ReceiptSmsSent', stale.version + 2],
    ]);
    expect(sms.state).toMatchObject({ status: 'accepted', receiptSms: 'sent' });

    const events = await expectConsistent(orderId);
    expect(count(events, 'OrderAccepted')).toBe(1);
  });

  it('a command the old state would refuse is decided again on the fresh one', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const stale = await orders.load(orderId);
    await run(orderId, { type: 'AcceptOrder', data: now() });
    // On the paid state "ready" skips a step; on the fresh, accepted state it is the next one.
    const ready = await run(orderId, { type: 'MarkOrderReady', data: now() }, { known: stale });
    expect(ready.events.map((event) => event.type)).toEqual(['OrderReady']);
    await expectConsistent(orderId);
  });

  it('a state this process remembers, moved meanwhile by another instance, is decided again on the row', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const remembered = await orders.load(orderId);
    if (!remembered.state.placed) throw new Error('not placed');
    // Another instance accepts the order: its append does not pass through this process's memory.
    const accepted = { ...remembered.state, status: 'accepted' as const };
    const append = preparedStatement<Record<string, unknown>>(
      'test_other_instance_append',
      'select * from order_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, null, null, null)',
    );
    await app.database.run(append, [
      orderId,
      remembered.version,
      JSON.stringify([
        {
          type: 'OrderAccepted',
          schemaVersion: 1,
          data: { orderId, businessPhone: cafe.phone, at: new Date().toISOString() },
          metadata: metadata(),
        },
      ]),
      JSON.stringify(accepted),
      JSON.stringify(orderRowOf(accepted)),
    ]);

    // On the remembered (paid) state "ready" skips a step; on the row's (accepted) it is the next one.
    const ready = await run(orderId, { type: 'MarkOrderReady', data: now() });
    expect(ready.events.map((event) => [event.type, event.streamVersion])).toEqual([
      ['OrderReady', remembered.version + 2],
    ]);
    const events = await expectConsistent(orderId);
    expect(count(events, 'OrderAccepted')).toBe(1);
  });

  it('order_append refuses an expected version that is not the row’s with SQLSTATE TF409, writing nothing', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const { state, version } = await orders.load(orderId);
    if (!state.placed) throw new Error('not placed');
    const accepted = { ...state, status: 'accepted' as const };
    const appendAt = (expected: number) => appendAccepted(orderId, expected, accepted);
    const before = await rowOf(orderId);

    for (const wrong of [version - 1, version + 1]) {
      await expect(appendAt(wrong)).rejects.toMatchObject({ code: 'TF409' });
    }
    expect(await rowOf(orderId)).toEqual(before);
    expect(await streamOf(app, orderId)).toHaveLength(version);

    // The same arguments at the right version are stored: the version was the only reason for the refusal.
    expect(await appendAt(version)).toHaveLength(1);
    const events = await expectConsistent(orderId);
    expect(events.at(-1)?.type).toBe('OrderAccepted');
  });

  it('a numbering append refused for its version gives its invoice number back: the next one takes it', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const { state, version } = await orders.load(orderId);
    if (!state.placed) throw new Error('not placed');
    // The business's invoice row is taken before the order's row is checked (migration 20261201000100): a refusal
    // after it must roll the number back with the rest.
    const lastNumber = async () =>
      Number(
        (
          await query<{ last_number: number }>(
            app.database.em(),
            'select last_number from invoice_sequences where business_id = ?',
            [cafe.phone],
          )
        )[0]?.last_number,
      );
    const before = await lastNumber();
    await expect(appendAccepted(orderId, version - 1, state, cafe.phone)).rejects.toMatchObject({ code: 'TF409' });
    expect(await lastNumber()).toBe(before);
    expect(await streamOf(app, orderId)).toHaveLength(version);

    // The next paid order of the business is numbered right after the last one issued.
    const next = await paidOrder(app, cafe);
    expect((await orders.load(next.orderId)).state).toMatchObject({ invoiceNumber: String(before + 1) });
  });
});

describe('an order row without a snapshot', () => {
  it('is folded from the log, and its next command stores the snapshot', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const stored = (await rowOf(orderId)).state;
    // As an order written before the snapshot column existed.
    await query(app.database.em(), 'update orders set state = null where id = ?', [orderId]);

    const loaded = await orders.load(orderId);
    expect(loaded.state).toEqual(stored);
    expect(loaded.version).toBe(5);

    const accepted = await run(orderId, { type: 'AcceptOrder', data: now() });
    expect(accepted.events.map((event) => event.streamVersion)).toEqual([6]);
    expect((await rowOf(orderId)).state).toMatchObject({ status: 'accepted', invoice: 'generated' });
    await expectConsistent(orderId);
  });
});

describe("the row's snapshot (decision 068)", () => {
  it('reads a snapshot stored whole, as before the decision, as it was, and keeps what a column cannot give back', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const { state } = await rowOf(orderId);
    const whole = state as PlacedOrder;
    // A snapshot stored whole wins over every column, even one that says otherwise.
    const different = { ...whole, totalAgorot: whole.totalAgorot + 1, payment: { ...whole.payment, last4: '9999' } };
    await query(app.database.em(), 'update orders set state = ?::jsonb where id = ?', [
      JSON.stringify(different),
      orderId,
    ]);
    expect((await rowOf(orderId)).state).toEqual(different);
    await query(app.database.em(), 'update orders set state = ?::jsonb where id = ?', [JSON.stringify(whole), orderId]);
    expect((await orders.load(orderId)).state).toEqual(whole);

    // The next command stores it without what the row's columns hold (the order's id, its business, its amounts,
    // the card's details, the lines its items give back, its times), and it still reads whole.
    await run(orderId, { type: 'AcceptOrder', data: now() });
    await expectConsistent(orderId);
    const { stored } = await rowOf(orderId);
    for (const field of ['orderId', 'businessPhone', 'totalAgorot', 'status', 'lines', 'placedAt', 'remarks']) {
      expect(stored).not.toHaveProperty(field);
    }
    expect(stored['payment']).not.toHaveProperty('lowProfileId');
    expect(stored['payment']).not.toHaveProperty('paidAt');
    // What no column holds stays.
    expect(stored).toMatchObject({ placed: true, invoiceNumber: whole.invoiceNumber, seller: whole.seller });
  });
});

describe('order numbers', () => {
  it('checkouts of one business at once get distinct numbers, and a number is never handed out twice', async () => {
    const owner = await registerOwner(app);
    const shop = await openShop(app, owner);
    // Orders numbered before the sequences existed: the business's sequence starts after them.
    for (const orderNumber of [1, 2, 3]) {
      await recordOrder(app, { businessPhone: owner.phone, departmentId: shop.departmentId, orderNumber });
    }
    const checkout = () =>
      createPayment(app, shop.departmentId, { items: [{ productId: shop.coffee.id, quantity: 1 }], amount: '14.50' });

    const first = await Promise.all(Array.from({ length: 8 }, checkout));
    const numbers = first.map((answer) => Number(answer.body.orderNumber));
    expect(first.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(numbers).size).toBe(8);
    expect(Math.min(...numbers)).toBeGreaterThan(3);

    // A number taken by a checkout that then rolled back is spent, not handed out again.
    let spent = 0;
    await app.database
      .em()
      .transactional(async (em) => {
        const [row] = await query<{ n: number }>(em, 'select next_order_number(?) as n', [owner.phone]);
        spent = Number(row?.n);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(spent).toBeGreaterThan(Math.max(...numbers));

    const next = Number((await checkout()).body.orderNumber);
    expect(next).toBeGreaterThan(spent);
    const [counts] = await query<{ total: number; numbers: number }>(
      app.database.em(),
      'select count(*)::int as total, count(distinct order_number)::int as numbers from orders where business_id = ?',
      [owner.phone],
    );
    expect(counts).toEqual({ total: 12, numbers: 12 });
  });
});
