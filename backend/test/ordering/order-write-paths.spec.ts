import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commissionAgorot, ORDER_EVENT_TYPES, type OrderLine } from '@tafrit/contracts';
import type { OrderCommand } from '../../src/modules/ordering/domain/order.decider.js';
import { BACKFILL_ORDER_READ_COLUMNS } from '../../src/migrations/Migration20261203000200_order_read_columns.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { ordersProjection } from '../../src/modules/ordering/projections/orders.projection.js';
import { query } from '../../src/platform/database/sql.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerCafe, type Cafe } from '../invoicing/support.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { orderSnapshotSql } from '../../src/modules/ordering/projections/order-snapshot.js';

// The order's write (decision 039) has one text, `order_append` (ordering/persistence/order-append.sql), and two
// other writers of the same rows: the fallback (the log outside PostgreSQL, decision 011), whose `orders` row the
// inline projection writes, and the projection alone in a rebuild from the log. This one suite runs the same orders'
// lives through each and requires every column of what they store to be the same: the `orders` row (all of it, the
// snapshot included), the payment pages, the checkout's key and the events with their invoice and credit numbers.

type WritePath = 'order_append' | 'fallback';

let app: TestApp;
let orders: OrderStore;

beforeAll(async () => {
  app = await startTestApp();
  orders = app.app.get(OrderStore);
  // The processors (invoice, receipt SMS, slip) would append to these orders in the background: the lives below
  // are the only writers.
  await app.app.get(ProcessorRunner).stop();
});
afterAll(() => app?.close());

const LINES: OrderLine[] = [
  { productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 2 },
  { productId: 2, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1 },
];
const ITEMS = 1450 * 2 + 1200;
const TIP = 500;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString();

/** Ids made for one path's run, numbered in the order they were made, so two runs compare once renamed. */
class Ids {
  readonly made: string[] = [];
  next(): string {
    const id = randomUUID();
    this.made.push(id);
    return id;
  }
  /** A stored value with this run's ids and business as placeholders. */
  normalize(value: unknown, cafe: Cafe): unknown {
    let text = JSON.stringify(value);
    this.made.forEach((id, index) => (text = text.replaceAll(id, `<id ${index}>`)));
    text = text.replaceAll(cafe.phone, '<business>').replaceAll(cafe.departmentId, '<department>');
    return JSON.parse(text) as unknown;
  }
}

/** Runs `commands` on one order through the chosen path of OrderStore. */
async function runOn(path: WritePath, orderId: string, commands: OrderCommand[], requestKey?: string) {
  // OrderStore takes the fallback when its event store is not PostgreSQL's; the same store here, the other path.
  const store = orders as unknown as { sqlLog: boolean };
  store.sqlLog = path === 'order_append';
  try {
    for (const [index, command] of commands.entries()) {
      const metadata = { correlationId: orderId, actor: { kind: 'system' as const }, occurredAt: at(index) };
      await orders.execute(orderId, command, metadata, index === 0 && requestKey ? { requestKey } : {});
    }
  } finally {
    store.sqlLog = true;
  }
}

function placing(cafe: Cafe, orderId: string, orderNumber: number, tip = 0): OrderCommand {
  return {
    type: 'PlaceOrder',
    data: {
      orderId,
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber,
      lines: LINES,
      totalAgorot: ITEMS + tip,
      commissionAgorot: commissionAgorot(ITEMS),
      netAgorot: ITEMS + tip - commissionAgorot(ITEMS),
      ...(tip ? { tipAgorot: tip } : {}),
      remarks: 'בלי סוכר',
      tableNumber: 7,
      dinerSessionId: 'session-of-the-diner',
      customerName: null,
      customerPhone: null,
      placedAt: at(0),
      seller: {
        name: 'קפה',
        dealerNumber: '123456782',
        receiptPhone: null,
        phone: cafe.phone,
        street: null,
        city: null,
      },
    },
  };
}

function paying(orderId: string, page: string, amountAgorot: number, minute: number): OrderCommand[] {
  return [
    {
      type: 'OpenPaymentPage',
      data: { provider: 'sandbox', lowProfileId: page, paymentUrl: `/pay/${page}`, terminal: 'platform', now: at(1) },
    },
    {
      type: 'RecordPayment',
      data: {
        provider: 'sandbox',
        lowProfileId: page,
        transactionId: `tx-${page}`,
        approvalNumber: '123456',
        last4: '4242',
        brand: 'Visa',
        amountAgorot,
        document: null,
        method: 'bit',
        invoiceUrl: `/api/invoices/${orderId}`,
        now: at(minute),
      },
    },
  ];
}

/** A payer's part of a shared table's bill (issue 34): its page, then its charge. */
function payingPart(
  orderId: string,
  page: string,
  who: { session: string; partId: string },
  part: {
    choice: Extract<OrderCommand, { type: 'OpenPartPage' }>['data']['choice'];
    items: number;
    tip: number;
    mine?: number;
  },
  minute: number,
): OrderCommand[] {
  return [
    {
      type: 'OpenPartPage',
      data: {
        partId: who.partId,
        dinerSessionId: who.session,
        payer: { dinerId: who.session, name: 'דנה', colour: 'teal' },
        choice: part.choice,
        mineAgorot: part.mine ?? 0,
        itemsAgorot: part.items,
        tipAgorot: part.tip,
        provider: 'sandbox',
        lowProfileId: page,
        paymentUrl: `https://menu.example/pay/${page}`,
        terminal: 'platform',
        now: at(minute),
      },
    },
    {
      type: 'RecordPayment',
      data: {
        provider: 'sandbox',
        lowProfileId: page,
        transactionId: `tx-${page}`,
        approvalNumber: '654321',
        last4: '4242',
        brand: 'Visa',
        amountAgorot: part.items + part.tip,
        document: null,
        method: 'card',
        invoiceUrl: `/api/invoices/${orderId}?part=${who.partId}`,
        now: at(minute + 1),
      },
    },
  ];
}

/**
 * Six orders' lives that move every column of the row: paid and refunded, unpaid and expired, declined, a test, and
 * a shared table's bill paid in two parts and one paid by one payer (each part numbered in its part, issue 34).
 */
async function livesThrough(path: WritePath): Promise<{ cafe: Cafe; ids: Ids; orderIds: string[] }> {
  const cafe = await registerCafe(app);
  const ids = new Ids();
  const [served, expired, declined, test] = [ids.next(), ids.next(), ids.next(), ids.next()];
  const [refunded, refused, declinedRefund] = [ids.next(), ids.next(), ids.next()];
  const [split, alone] = [ids.next(), ids.next()];
  await runOn(
    path,
    served,
    [
      placing(cafe, served, 1, TIP),
      ...paying(served, ids.next(), ITEMS + TIP, 3),
      { type: 'AcceptOrder', data: { readyInMinutes: 10, now: at(4) } },
      { type: 'RecordSlipPrinted', data: { slipId: `slip-${served}`, agentId: 'agent-1', now: at(5) } },
      { type: 'MarkOrderReady', data: { now: at(6) } },
      { type: 'RequestRefund', data: { refundId: refunded, amountAgorot: 1200, reason: 'קרואסון שרוף', now: at(7) } },
      {
        type: 'RecordRefund',
        data: {
          refundId: refunded,
          provider: 'sandbox',
          providerRefundId: 'provider-refund-1',
          amountAgorot: 1200,
          creditUrl: `/api/credits/${refunded}`,
          now: at(8),
        },
      },
      { type: 'RequestRefund', data: { refundId: refused, amountAgorot: 300, reason: 'טיפ', now: at(9) } },
      {
        type: 'RecordRefundFailure',
        data: { refundId: refused, responseCode: '501', reason: 'הספק סירב', now: at(10) },
      },
    ],
    ids.next(),
  );
  const page = ids.next();
  await runOn(path, expired, [
    placing(cafe, expired, 2),
    {
      type: 'OpenPaymentPage',
      data: { provider: 'sandbox', lowProfileId: page, paymentUrl: `/pay/${page}`, terminal: 'platform', now: at(1) },
    },
    {
      type: 'RecordPaymentFailure',
      data: { provider: 'sandbox', lowProfileId: page, responseCode: '5', reason: 'declined', now: at(2) },
    },
    { type: 'ExpireOrder', data: { now: at(40) } },
  ]);
  await runOn(path, declined, [
    placing(cafe, declined, 3),
    ...paying(declined, ids.next(), ITEMS, 3),
    {
      type: 'RecordPrintFailure',
      data: { slipId: `slip-${declined}`, agentId: 'agent-1', reason: 'אין נייר', now: at(4) },
    },
    { type: 'DeclineOrder', data: { refundId: declinedRefund, reason: 'נגמר הבצק', now: at(5) } },
    {
      type: 'RecordRefund',
      data: {
        refundId: declinedRefund,
        provider: 'sandbox',
        providerRefundId: 'provider-refund-2',
        amountAgorot: ITEMS,
        creditUrl: `/api/credits/${declinedRefund}`,
        now: at(6),
      },
    },
  ]);
  const { data } = placing(cafe, test, 4) as Extract<OrderCommand, { type: 'PlaceOrder' }>;
  await runOn(path, test, [{ type: 'PlaceTestOrder', data: { ...data, commissionAgorot: 0, netAgorot: ITEMS } }]);
  const atTable = (orderId: string, orderNumber: number): OrderCommand => {
    const { data } = placing(cafe, orderId, orderNumber) as Extract<OrderCommand, { type: 'PlaceOrder' }>;
    return { type: 'PlaceOrder', data: { ...data, tableCartId: ids.next() } };
  };
  const [dana, yossi] = [
    { session: ids.next(), partId: ids.next() },
    { session: ids.next(), partId: ids.next() },
  ];
  await runOn(path, split, [
    atTable(split, 5),
    ...payingPart(split, ids.next(), dana, { choice: { mode: 'mine' }, items: 2900, tip: 300, mine: 2900 }, 10),
    ...payingPart(split, ids.next(), yossi, { choice: { mode: 'all' }, items: 1200, tip: 0 }, 12),
  ]);
  await runOn(path, alone, [
    atTable(alone, 6),
    ...payingPart(
      alone,
      ids.next(),
      { session: ids.next(), partId: ids.next() },
      { choice: { mode: 'all' }, items: ITEMS, tip: TIP },
      14,
    ),
  ]);
  return { cafe, ids, orderIds: [served, expired, declined, test, split, alone] };
}

/** Everything stored of these orders, by order in the lives' order, with the run's ids as placeholders. */
async function storedOf(
  { cafe, ids, orderIds }: { cafe: Cafe; ids: Ids; orderIds: string[] },
  { withKeys = true }: { withKeys?: boolean } = {},
) {
  const em = app.database.em();
  const stored = [];
  for (const orderId of orderIds) {
    const [row] = await query<Record<string, unknown>>(em, 'select * from orders where id = ?', [orderId]);
    const pages = await query(em, 'select * from payment_pages where order_id = ? order by opened_at, low_profile_id', [
      orderId,
    ]);
    const keys = await query(em, 'select request_key, order_id from order_requests where order_id = ?', [orderId]);
    const events = await query(
      em,
      `select stream_version, type, schema_version, data, metadata from events where stream_id = ? order by stream_version`,
      [`order-${orderId}`],
    );
    stored.push(ids.normalize({ row, pages, events, ...(withKeys ? { keys } : {}) }, cafe));
  }
  return stored;
}

describe('the order’s write paths', () => {
  it('store the same rows, numbers and events through order_append and through the fallback and its projection', async () => {
    const throughFunction = await storedOf(await livesThrough('order_append'));
    const throughFallback = await storedOf(await livesThrough('fallback'));
    expect(throughFunction).toHaveLength(6);
    expect(JSON.stringify(throughFunction)).toContain('"slip_status":"printed"');
    expect(JSON.stringify(throughFunction)).toContain('"refunded_amount":"12.00"');
    expect(JSON.stringify(throughFunction)).toContain('"refund_refused_reason":"הספק סירב"');
    // The log keeps no copy of a row's column (decision 066): the schema version is `schema_version` only.
    expect(JSON.stringify(throughFunction)).toContain('"schema_version":1');
    expect(JSON.stringify(throughFunction)).not.toContain('"schemaVersion"');
    expect(throughFallback).toEqual(throughFunction);
    // The bill paid in parts: each part's document numbered in its part, none in the order's own fields.
    const [splitOrder, aloneOrder] = throughFunction.slice(4) as { row: Record<string, unknown> }[];
    const splitState = splitOrder!.row.state as { parts: { invoiceNumber: string }[]; invoiceNumber: string | null };
    expect(splitState.parts.map((part) => part.invoiceNumber)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
    ]);
    expect(splitState.invoiceNumber).toBeNull();
    expect(splitOrder!.row.invoice_number).toBeNull();
    expect(splitOrder!.row.payment_status).toBe('paid');
    // Paid by one payer: that payer's document is the order's, as the spec has it.
    const aloneState = aloneOrder!.row.state as { parts: { invoiceNumber: string }[]; invoiceNumber: string };
    expect(aloneOrder!.row.invoice_number).toBe(aloneState.parts[0]!.invoiceNumber);
    expect(aloneState.invoiceNumber).toBe(aloneState.parts[0]!.invoiceNumber);
  });

  it('writes from the log alone (a rebuild) the same rows as order_append', async () => {
    const lives = await livesThrough('order_append');
    // The checkout's key is not the log's: a rebuild leaves it out.
    const live = await storedOf(lives, { withKeys: false });
    const theirs = new Set(lives.orderIds);
    const isTheirs = (event: RecordedEvent) => {
      const orderId = (event.data as { orderId?: string }).orderId;
      return ORDER_EVENT_TYPES.includes(event.type as never) && orderId !== undefined && theirs.has(orderId);
    };
    // On PostgreSQL the log is read only below the oldest transaction still open anywhere in the cluster (a parallel
    // test file's, say): wait until it hands out every event these orders stored, as a rebuild would.
    const streams = new Set(lives.orderIds.map((orderId) => `order-${orderId}`));
    const [counted] = await query<{ stored: number }>(
      app.database.em(),
      'select count(*)::int as stored from events where stream_id in (?)',
      [[...streams]],
    );
    const stored = counted?.stored ?? 0;
    let log: RecordedEvent[] = [];
    for (;;) {
      log = await app.app.get<EventStore>(EVENT_STORE).readAll({ limit: 100_000 });
      if (log.filter((event) => streams.has(event.streamId)).length >= stored) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.database.em().transactional(async (tx) => {
      for (const orderId of lives.orderIds) {
        await query(tx, 'delete from payment_pages where order_id = ?', [orderId]);
        await query(tx, 'delete from order_requests where order_id = ?', [orderId]);
        await query(tx, 'delete from orders where id = ?', [orderId]);
      }
      for (const event of log.filter(isTheirs)) await ordersProjection.apply(tx, event);
    });
    expect(await storedOf(lives, { withKeys: false })).toEqual(live);
  });

  it('backfills the columns others read from each row’s snapshot as order_append writes them', async () => {
    const lives = await livesThrough('order_append');
    // The backfill ran (migration 20261203000200) on snapshots stored whole, as they were before decision 068.
    await query(app.database.em(), `update orders o set state = ${orderSnapshotSql('o')} where id = any(?::uuid[])`, [
      `{${lives.orderIds.join(',')}}`,
    ]);
    const live = await storedOf(lives);
    await query(
      app.database.em(),
      `update orders set slip_status = null, refunded_amount = 0, refund_refused_id = null, refund_refused_reason = null
        where id = any(?::uuid[])`,
      [`{${lives.orderIds.join(',')}}`],
    );
    expect(await storedOf(lives)).not.toEqual(live);
    await query(app.database.em(), BACKFILL_ORDER_READ_COLUMNS);
    expect(await storedOf(lives)).toEqual(live);
  });
});
