import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderEventData, OrderLine } from '@tafrit/contracts';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { execute, query } from '../../src/platform/database/sql.js';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { Migration20261207000500_numbers_sources_promos } from '../../src/migrations/Migration20261207000500_numbers_sources_promos.js';
import { numbersProjection } from '../../src/modules/reports/projections/numbers.projection.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The numbers projection on its own (decision 053): hand-made order events delivered straight to it, on the app's
// database, so each case names the Israel date and hour it expects. The routes' figures are tested in numbers.spec.ts.

let app: TestApp;
let database: Database;
let position = 1_000_000;

beforeAll(async () => {
  app = await startTestApp();
  database = app.app.get<Database>(DATABASE);
}, 90_000);
afterAll(() => app?.close());

const projection = numbersProjection();

function recorded<Type extends keyof OrderEventData>(type: Type, data: OrderEventData[Type]): RecordedEvent {
  position += 1;
  return {
    type,
    data,
    metadata: { correlationId: randomUUID(), actor: { kind: 'system' } } as RecordedEvent['metadata'],
    streamId: `order-${(data as { orderId: string }).orderId}`,
    streamVersion: 1,
    globalPosition: String(position),
    transactionId: String(position),
    recordedAt: new Date().toISOString(),
  };
}

/** Delivers events one at a time (`handle`) or as one batch (`handleBatch`), each in its own transaction. */
async function deliver(events: RecordedEvent[], how: 'one by one' | 'batch' = 'one by one'): Promise<void> {
  const em = database.em();
  const ctx = (tx: typeof em) => ({ em: tx, attempt: 1, afterCommit: () => {} });
  if (how === 'batch') await em.transactional((tx) => projection.handleBatch!(events, ctx(tx)));
  else for (const event of events) await em.transactional((tx) => projection.handle(event, ctx(tx)));
}

const LATTE: OrderLine = {
  productId: 7,
  name: 'לאטה',
  unitPriceAgorot: 1600,
  quantity: 2,
  options: [{ groupId: 'g', groupName: 'חלב', optionId: 'oat', name: 'שיבולת שועל', priceAgorot: 200, without: false }],
};
const CAKE: OrderLine = { productId: 9, name: 'עוגה', unitPriceAgorot: 2500, quantity: 1 };

interface Placed {
  orderId: string;
  events: RecordedEvent[];
}

/** An order placed and paid at `paidAt` (UTC): its `OrderPlaced` and `OrderPaid`, not delivered yet. */
function paidOrder(
  business: string,
  paidAt: string,
  {
    lines = [LATTE],
    tableNumber = 4,
    tipAgorot = 0,
    test = false,
    serviceMode = 'table' as 'table' | 'pickup',
    source = undefined as OrderEventData['OrderPlaced']['source'],
    code = '',
  } = {},
): Placed {
  const orderId = randomUUID();
  // A promo code's discount is the lines' shares (`discountAgorot`): the total is the items less it plus the tip.
  const discount = lines.reduce((sum, line) => sum + (line.discountAgorot ?? 0), 0);
  const items = lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0) - discount;
  const placed = recorded('OrderPlaced', {
    orderId,
    businessPhone: business,
    departmentId: 'dep',
    orderNumber: 1,
    lines,
    totalAgorot: items + tipAgorot,
    commissionAgorot: 0,
    netAgorot: 0,
    ...(tipAgorot ? { tipAgorot } : {}),
    remarks: null,
    tableNumber,
    dinerSessionId: 's',
    customerName: null,
    customerPhone: null,
    placedAt: paidAt,
    seller: { name: 'קפה', dealerNumber: '1', receiptPhone: null, serviceMode },
    ...(test ? { test: true as const } : {}),
    ...(source ? { source } : {}),
    ...(code ? { discount: { code, promoCodeId: `promo-${code}`, agorot: discount } } : {}),
  });
  const paid = recorded('OrderPaid', {
    orderId,
    businessPhone: business,
    provider: 'sandbox',
    lowProfileId: 'lp',
    transactionId: 't',
    approvalNumber: null,
    last4: null,
    brand: null,
    amountAgorot: items + tipAgorot,
    commissionAgorot: 0,
    netAgorot: 0,
    document: null,
    ...(tipAgorot ? { tipAgorot } : {}),
    paidAt,
  } as OrderEventData['OrderPaid']);
  return { orderId, events: test ? [placed] : [placed, paid] };
}

function refund(
  business: string,
  orderId: string,
  amountAgorot: number,
  lines: { index: number; quantity: number }[] | null,
) {
  const refundId = randomUUID();
  return [
    recorded('RefundRequested', {
      orderId,
      businessPhone: business,
      refundId,
      amountAgorot,
      commissionAgorot: 0,
      lines,
      reason: 'טעות',
      requestedAt: new Date().toISOString(),
    }),
    recorded('OrderRefunded', {
      orderId,
      businessPhone: business,
      refundId,
      provider: 'sandbox',
      providerRefundId: 'r',
      amountAgorot,
      refundedAt: new Date().toISOString(),
    }),
  ];
}

const ordersOf = (business: string) =>
  query<Record<string, unknown>>(
    database.em(),
    `select lines, at_table, to_char(day, 'YYYY-MM-DD') as day, hour, sales_agorot::int as sales,
            paid_agorot::int as paid, refunded_agorot::int as refunded, source_channel, source_tag, promo_code
       from numbers_orders where business_id = ? order by placed_position`,
    [business],
  );
const hoursOf = (business: string) =>
  query<Record<string, unknown>>(
    database.em(),
    `select to_char(day, 'YYYY-MM-DD') as day, hour, orders, table_orders, sales_agorot::int as sales,
            table_sales_agorot::int as table_sales, refunded_agorot::int as refunded
       from numbers_hours where business_id = ? order by day, hour`,
    [business],
  );
const itemsOf = (business: string) =>
  query<Record<string, unknown>>(
    database.em(),
    `select to_char(day, 'YYYY-MM-DD') as day, product_id, option_id, name, quantity, sales_agorot::int as sales
       from numbers_items where business_id = ? order by day, product_id, option_id`,
    [business],
  );
const sourcesOf = (business: string) =>
  query<Record<string, unknown>>(
    database.em(),
    `select channel, tag, orders, sales_agorot::int as sales, refunded_agorot::int as refunded
       from numbers_sources where business_id = ? order by channel, tag`,
    [business],
  );
const promosOf = (business: string) =>
  query<Record<string, unknown>>(
    database.em(),
    `select code, orders, sales_agorot::int as sales, discount_agorot::int as discount,
            refunded_agorot::int as refunded
       from numbers_promos where business_id = ? order by code`,
    [business],
  );

describe('the numbers projection', () => {
  it('counts a payment under its Israel date and hour, around midnight and across the spring clock change', async () => {
    const business = '0500000001';
    await deliver([
      // 23:50 on 10 March in Israel (winter, UTC+2), and 00:10 on the 11th: two dates, though both are the 10th in UTC.
      ...paidOrder(business, '2026-03-10T21:50:00Z').events,
      ...paidOrder(business, '2026-03-10T22:10:00Z').events,
      // 27 March 2026: the clocks move from 02:00 to 03:00. 01:30 winter time, then 03:30 summer time, an hour apart.
      ...paidOrder(business, '2026-03-26T23:30:00Z').events,
      ...paidOrder(business, '2026-03-27T00:30:00Z').events,
    ]);
    const rows = await hoursOf(business);
    expect(rows.map((row) => [row.day, row.hour, row.orders])).toEqual([
      ['2026-03-10', 23, 1],
      ['2026-03-11', 0, 1],
      ['2026-03-27', 1, 1],
      ['2026-03-27', 3, 1],
    ]);
  });

  it('counts the items without the tip, table against pickup, products and their options', async () => {
    const business = '0500000002';
    await deliver([
      ...paidOrder(business, '2026-05-05T09:00:00Z', { lines: [LATTE, CAKE], tipAgorot: 500 }).events,
      ...paidOrder(business, '2026-05-05T09:20:00Z', { lines: [CAKE], tableNumber: null as unknown as number }).events,
      // A pickup café's order carries a table number only if the diner typed one: still picked up.
      ...paidOrder(business, '2026-05-05T09:40:00Z', { lines: [CAKE], serviceMode: 'pickup' }).events,
    ]);
    // 12:00 in Israel (summer, UTC+3): 2 × 1600 + 2500, then 2500 and 2500; the tip is not a sale.
    expect(await hoursOf(business)).toEqual([
      { day: '2026-05-05', hour: 12, orders: 3, table_orders: 1, sales: 10700, table_sales: 5700, refunded: 0 },
    ]);
    expect(await itemsOf(business)).toEqual([
      // Two lattes at ₪16 each (with the oat milk's ₪2 in the unit price); the option: two units at ₪2.
      { day: '2026-05-05', product_id: 7, option_id: '', name: 'לאטה', quantity: 2, sales: 3200 },
      { day: '2026-05-05', product_id: 7, option_id: 'oat', name: 'שיבולת שועל', quantity: 2, sales: 400 },
      { day: '2026-05-05', product_id: 9, option_id: '', name: 'עוגה', quantity: 3, sales: 7500 },
    ]);
  });

  it('never counts a test order', async () => {
    const business = '0500000003';
    await deliver(paidOrder(business, '2026-05-05T09:00:00Z', { test: true }).events);
    expect(await hoursOf(business)).toEqual([]);
    expect(await itemsOf(business)).toEqual([]);
  });

  it('takes a refund off the hour of the payment and its lines off their products; a whole refund ends the order', async () => {
    const business = '0500000004';
    const first = paidOrder(business, '2026-06-01T07:00:00Z', { lines: [LATTE, CAKE], tipAgorot: 500 });
    const second = paidOrder(business, '2026-06-01T07:30:00Z', { lines: [CAKE] });
    await deliver([...first.events, ...second.events]);
    // Refunded later: still the 1 June, 10:00 figures that change. One latte (₪16) of the first order (₪57 of items),
    // then the whole of the second (₪25): ₪82 paid at tables, ₪41 back.
    await deliver([
      ...refund(business, first.orderId, 1600, [{ index: 0, quantity: 1 }]),
      ...refund(business, second.orderId, 2500, null),
    ]);
    expect(await hoursOf(business)).toEqual([
      { day: '2026-06-01', hour: 10, orders: 1, table_orders: 1, sales: 8200, table_sales: 4100, refunded: 4100 },
    ]);
    expect(await itemsOf(business)).toEqual([
      { day: '2026-06-01', product_id: 7, option_id: '', name: 'לאטה', quantity: 1, sales: 1600 },
      { day: '2026-06-01', product_id: 7, option_id: 'oat', name: 'שיבולת שועל', quantity: 1, sales: 200 },
      // The second order's cake came back with the whole order: one cake sold.
      { day: '2026-06-01', product_id: 9, option_id: '', name: 'עוגה', quantity: 1, sales: 2500 },
    ]);
  });

  it('takes a refund off the items first and the tip last', async () => {
    const business = '0500000005';
    const order = paidOrder(business, '2026-06-02T07:00:00Z', { lines: [CAKE], tipAgorot: 500 });
    await deliver(order.events);
    // ₪30 back of ₪25 items and a ₪5 tip: the items' ₪25 off the sales, and the order is refunded in full.
    await deliver(refund(business, order.orderId, 3000, null));
    expect(await hoursOf(business)).toEqual([
      { day: '2026-06-02', hour: 10, orders: 0, table_orders: 0, sales: 2500, table_sales: 0, refunded: 2500 },
    ]);
  });

  it('adds nothing twice when the same events come again, one by one or in a batch', async () => {
    const business = '0500000006';
    const order = paidOrder(business, '2026-07-01T07:00:00Z', { lines: [LATTE, CAKE] });
    const refunded = refund(business, order.orderId, 1600, [{ index: 0, quantity: 1 }]);
    await deliver([...order.events, ...refunded], 'batch');
    const once = { hours: await hoursOf(business), items: await itemsOf(business) };
    await deliver([...order.events, ...refunded]);
    await deliver([...order.events, ...refunded], 'batch');
    expect({ hours: await hoursOf(business), items: await itemsOf(business) }).toEqual(once);
    expect(once.hours).toEqual([
      { day: '2026-07-01', hour: 10, orders: 1, table_orders: 1, sales: 5700, table_sales: 4100, refunded: 1600 },
    ]);
  });

  it('writes the same rows from a batch as from one event at a time', async () => {
    const [one, batch] = ['0500000007', '0500000008'];
    const make = (business: string) => {
      const a = paidOrder(business, '2026-08-01T07:00:00Z', { lines: [LATTE] });
      const b = paidOrder(business, '2026-08-01T07:10:00Z', { lines: [{ ...LATTE, name: 'לאטה גדול' }, CAKE] });
      return [...a.events, ...b.events, ...refund(business, b.orderId, 2500, [{ index: 1, quantity: 1 }])];
    };
    await deliver(make(one));
    await deliver(make(batch), 'batch');
    expect(await hoursOf(batch)).toEqual(await hoursOf(one));
    expect(await itemsOf(batch)).toEqual(await itemsOf(one));
    // The orders' own rows too, though a batch writes an order placed and paid in it once, paid already.
    expect(await ordersOf(batch)).toEqual(await ordersOf(one));
  });

  it('counts once an order whose placing came alone and then again with its payment in a batch', async () => {
    const business = '0500000013';
    const order = paidOrder(business, '2026-08-02T07:00:00Z', { lines: [LATTE, CAKE] });
    const [placed] = order.events;
    await deliver([placed!]);
    await deliver(order.events, 'batch');
    await deliver(order.events, 'batch');
    expect(await hoursOf(business)).toEqual([
      { day: '2026-08-02', hour: 10, orders: 1, table_orders: 1, sales: 5700, table_sales: 5700, refunded: 0 },
    ]);
    // The latte (two, each with its option) and the cake, each counted once.
    expect((await itemsOf(business)).map((item) => item['quantity'])).toEqual([2, 2, 1]);
  });

  it('names a product as its earliest payment of the day did, whether or not its placing came in the batch', async () => {
    const business = '0500000014';
    const earlier = paidOrder(business, '2026-08-03T07:00:00Z', { lines: [{ ...CAKE, name: 'עוגה ראשונה' }] });
    const later = paidOrder(business, '2026-08-03T07:30:00Z', { lines: [{ ...CAKE, name: 'עוגה שנייה' }] });
    // The earlier order was placed in an earlier batch; both are paid in this one, the earlier first.
    await deliver([earlier.events[0]!]);
    const [earlierPaid] = earlier.events.filter((event) => event.type === 'OrderPaid');
    await deliver([later.events[0]!, earlierPaid!, ...later.events.slice(1)], 'batch');
    expect((await itemsOf(business)).map((item) => [item['name'], item['quantity']])).toEqual([['עוגה ראשונה', 2]]);
  });
});

describe('a refund of the whole remainder after a line refund', () => {
  it('takes only what was left of each line off its product', async () => {
    const business = '0500000009';
    const order = paidOrder(business, '2026-09-01T07:00:00Z', { lines: [LATTE, CAKE] });
    await deliver(order.events);
    await deliver(refund(business, order.orderId, 1600, [{ index: 0, quantity: 1 }]));
    await deliver(refund(business, order.orderId, 4100, null));
    expect((await itemsOf(business)).map((row) => [row.product_id, row.option_id, row.quantity, row.sales])).toEqual([
      [7, '', 0, 0],
      [7, 'oat', 0, 0],
      [9, '', 0, 0],
    ]);
    expect(await hoursOf(business)).toEqual([
      { day: '2026-09-01', hour: 10, orders: 0, table_orders: 0, sales: 5700, table_sales: 0, refunded: 5700 },
    ]);
  });
});

describe('where the orders came from and the promo codes', () => {
  it('counts each channel and tag, and an order without a recorded source as unknown', async () => {
    const business = '0500000010';
    const at = '2026-10-01T07:00:00Z';
    await deliver([
      ...paidOrder(business, at, { lines: [LATTE], source: { channel: 'table' } }).events,
      ...paidOrder(business, at, { lines: [CAKE], source: { channel: 'window' } }).events,
      ...paidOrder(business, at, { lines: [CAKE], tipAgorot: 500, source: { channel: 'link', tag: 'instagram' } })
        .events,
      ...paidOrder(business, at, { lines: [LATTE], source: { channel: 'link', tag: 'instagram' } }).events,
      ...paidOrder(business, at, { lines: [CAKE], source: { channel: 'link' } }).events,
      ...paidOrder(business, at, { lines: [CAKE] }).events,
    ]);
    // Lattes ₪32 (two at ₪16), cakes ₪25; the tip is not a sale.
    expect(await sourcesOf(business)).toEqual([
      { channel: 'link', tag: '', orders: 1, sales: 2500, refunded: 0 },
      { channel: 'link', tag: 'instagram', orders: 2, sales: 5700, refunded: 0 },
      { channel: 'table', tag: '', orders: 1, sales: 3200, refunded: 0 },
      { channel: 'unknown', tag: '', orders: 1, sales: 2500, refunded: 0 },
      { channel: 'window', tag: '', orders: 1, sales: 2500, refunded: 0 },
    ]);
  });

  it("counts the sales after a code's discount, per code and per product, and a refund of a discounted order", async () => {
    const business = '0500000011';
    const at = '2026-10-02T07:00:00Z';
    // KAYITZ: 10% off an order of two lattes and a cake (₪3.20 + ₪2.50), then ₪5 off a cake; SHALOM ₪2.50 off a cake.
    const first = paidOrder(business, at, {
      lines: [
        { ...LATTE, discountAgorot: 320 },
        { ...CAKE, discountAgorot: 250 },
      ],
      tipAgorot: 500,
      code: 'KAYITZ',
      source: { channel: 'table' },
    });
    const second = paidOrder(business, at, { lines: [{ ...CAKE, discountAgorot: 500 }], code: 'KAYITZ' });
    const third = paidOrder(business, at, { lines: [{ ...CAKE, discountAgorot: 250 }], code: 'SHALOM' });
    const plain = paidOrder(business, at, { lines: [LATTE] });
    await deliver([...first.events, ...second.events, ...third.events, ...plain.events]);
    // Sales are what was paid for the items: 57 − 5.70 = 51.30, 20, 22.50 and 32 (the tip apart).
    expect(await hoursOf(business)).toEqual([
      { day: '2026-10-02', hour: 10, orders: 4, table_orders: 4, sales: 12580, table_sales: 12580, refunded: 0 },
    ]);
    expect(await promosOf(business)).toEqual([
      { code: 'KAYITZ', orders: 2, sales: 7130, discount: 1070, refunded: 0 },
      { code: 'SHALOM', orders: 1, sales: 2250, discount: 250, refunded: 0 },
    ]);
    expect((await itemsOf(business)).map((row) => [row.product_id, row.option_id, row.quantity, row.sales])).toEqual([
      [7, '', 4, 2880 + 3200],
      [7, 'oat', 4, 800],
      [9, '', 3, 2250 + 2000 + 2250],
    ]);

    // The second order back in full (₪20 paid): no longer an order, nor its discount. Then one of the first order's
    // two lattes: ₪16 less its half of the line's ₪3.20 discount.
    await deliver([
      ...refund(business, second.orderId, 2000, null),
      ...refund(business, first.orderId, 1440, [{ index: 0, quantity: 1 }]),
    ]);
    expect(await promosOf(business)).toEqual([
      { code: 'KAYITZ', orders: 1, sales: 7130, discount: 570, refunded: 3440 },
      { code: 'SHALOM', orders: 1, sales: 2250, discount: 250, refunded: 0 },
    ]);
    expect(await hoursOf(business)).toEqual([
      { day: '2026-10-02', hour: 10, orders: 3, table_orders: 3, sales: 12580, table_sales: 9140, refunded: 3440 },
    ]);
    expect((await itemsOf(business)).map((row) => [row.product_id, row.option_id, row.quantity, row.sales])).toEqual([
      [7, '', 3, 6080 - 1440],
      [7, 'oat', 3, 600],
      [9, '', 2, 6500 - 2000],
    ]);
    expect(await sourcesOf(business)).toEqual([
      { channel: 'table', tag: '', orders: 1, sales: 5130, refunded: 1440 },
      { channel: 'unknown', tag: '', orders: 2, sales: 7450, refunded: 2000 },
    ]);
  });
});

describe("a paid order's row keeps its lines lean (decision 072)", () => {
  // A discounted latte with its option, a cake, a tea with two options (one free): what the refunds address.
  const TEA: OrderLine = {
    productId: 11,
    name: 'תה',
    unitPriceAgorot: 1300,
    quantity: 3,
    options: [
      { groupId: 'h', groupName: 'תוספות', optionId: 'mint', name: 'נענע', priceAgorot: 0, without: false },
      { groupId: 'h', groupName: 'תוספות', optionId: 'honey', name: 'דבש', priceAgorot: 300, without: false },
    ],
  };
  const LINES = [{ ...LATTE, discountAgorot: 320 }, CAKE, TEA];
  const LEAN = [
    {
      productId: 7,
      quantity: 2,
      unitPriceAgorot: 1600,
      discountAgorot: 320,
      options: [{ optionId: 'oat', priceAgorot: 200 }],
    },
    { productId: 9, quantity: 1, unitPriceAgorot: 2500 },
    {
      productId: 11,
      quantity: 3,
      unitPriceAgorot: 1300,
      options: [
        { optionId: 'mint', priceAgorot: 0 },
        { optionId: 'honey', priceAgorot: 300 },
      ],
    },
  ];
  // The lines as the row kept them until now, paid or not: every name, a zero discount, an empty list of options.
  const WHOLE = [
    {
      productId: 7,
      name: 'לאטה',
      quantity: 2,
      unitPriceAgorot: 1600,
      discountAgorot: 320,
      options: [{ optionId: 'oat', name: 'שיבולת שועל', groupName: 'חלב', priceAgorot: 200 }],
    },
    { productId: 9, name: 'עוגה', quantity: 1, unitPriceAgorot: 2500, discountAgorot: 0, options: [] },
    {
      productId: 11,
      name: 'תה',
      quantity: 3,
      unitPriceAgorot: 1300,
      discountAgorot: 0,
      options: [
        { optionId: 'mint', name: 'נענע', groupName: 'תוספות', priceAgorot: 0 },
        { optionId: 'honey', name: 'דבש', groupName: 'תוספות', priceAgorot: 300 },
      ],
    },
  ];
  const linesOf = async (orderId: string) => {
    const [row] = await query<{ lines: unknown }>(
      database.em(),
      'select lines from numbers_orders where order_id = ?',
      [orderId],
    );
    return typeof row?.lines === 'string' ? (JSON.parse(row.lines) as unknown) : row?.lines;
  };
  const figures = async (business: string) => ({
    hours: await hoursOf(business),
    items: (await itemsOf(business)).map((row) => [row.product_id, row.option_id, row.name, row.quantity, row.sales]),
  });

  it('keeps the names until the payment, and only the lean lines after it, whichever way the payment came', async () => {
    const business = '0500000015';
    const oneByOne = paidOrder(business, '2026-11-01T07:00:00Z', { lines: LINES, code: 'KAYITZ' });
    const batch = paidOrder(business, '2026-11-01T07:10:00Z', { lines: LINES, code: 'KAYITZ' });
    const placedFirst = paidOrder(business, '2026-11-01T07:20:00Z', { lines: LINES, code: 'KAYITZ' });
    await deliver([oneByOne.events[0]!, placedFirst.events[0]!]);
    // Placed, not paid: the names the items will take are still there.
    expect(await linesOf(oneByOne.orderId)).toStrictEqual(WHOLE);
    expect(await linesOf(placedFirst.orderId)).toStrictEqual(WHOLE);
    // Paid later, placed and paid in one batch, placed alone and then again with its payment in a batch.
    await deliver([oneByOne.events[1]!]);
    await deliver(batch.events, 'batch');
    await deliver(placedFirst.events, 'batch');
    for (const order of [oneByOne, batch, placedFirst]) expect(await linesOf(order.orderId)).toStrictEqual(LEAN);
    // The items were named from the lines as placed. Three orders, each of 3200 − 320, 2500 and 3900 in products.
    expect((await figures(business)).items).toEqual([
      [7, '', 'לאטה', 6, 8640],
      [7, 'oat', 'שיבולת שועל', 6, 1200],
      [9, '', 'עוגה', 3, 7500],
      [11, '', 'תה', 9, 11700],
      [11, 'honey', 'דבש', 9, 2700],
      [11, 'mint', 'נענע', 9, 0],
    ]);
    // Delivered again, a paid row changes no more.
    await deliver([...oneByOne.events, ...batch.events], 'batch');
    await deliver(placedFirst.events);
    for (const order of [oneByOne, batch, placedFirst]) expect(await linesOf(order.orderId)).toStrictEqual(LEAN);
  });

  it('refunds lines, their options, a discounted line and the remainder alike from lean lines and from whole ones', async () => {
    // The same order twice: one row as it is paid now (lean), one as a row paid before kept it (whole, written here).
    const [lean, whole] = ['0500000016', '0500000017'];
    const orders = [lean, whole].map((business) =>
      paidOrder(business, '2026-11-02T07:00:00Z', { lines: LINES, code: 'KAYITZ' }),
    );
    await deliver(orders.flatMap((order) => order.events));
    await execute(database.em(), 'update numbers_orders set lines = ?::jsonb where order_id = ?', [
      JSON.stringify(WHOLE),
      orders[1]!.orderId,
    ]);
    expect(await linesOf(orders[0]!.orderId)).toStrictEqual(LEAN);
    expect(await linesOf(orders[1]!.orderId)).toStrictEqual(WHOLE);

    // One discounted latte (₪16 less half its line's ₪3.20), then one tea with its mint and honey.
    for (const [business, order] of [lean, whole].map((business, index) => [business, orders[index]!] as const))
      await deliver([
        ...refund(business, order.orderId, 1440, [{ index: 0, quantity: 1 }]),
        ...refund(business, order.orderId, 1300, [{ index: 2, quantity: 1 }]),
      ]);
    const afterLines = await figures(lean);
    expect(afterLines).toEqual(await figures(whole));
    expect(afterLines).toEqual({
      hours: [
        { day: '2026-11-02', hour: 9, orders: 1, table_orders: 1, sales: 9280, table_sales: 6540, refunded: 2740 },
      ],
      items: [
        [7, '', 'לאטה', 1, 1440],
        [7, 'oat', 'שיבולת שועל', 1, 200],
        [9, '', 'עוגה', 1, 2500],
        [11, '', 'תה', 2, 2600],
        [11, 'honey', 'דבש', 2, 600],
        [11, 'mint', 'נענע', 2, 0],
      ],
    });

    // The whole remainder: what the line refunds left of each line comes off, and nothing more.
    for (const [business, order] of [lean, whole].map((business, index) => [business, orders[index]!] as const))
      await deliver(refund(business, order.orderId, 9280 - 2740, null));
    const afterAll = await figures(lean);
    expect(afterAll).toEqual(await figures(whole));
    expect(afterAll.hours).toEqual([
      { day: '2026-11-02', hour: 9, orders: 0, table_orders: 0, sales: 9280, table_sales: 0, refunded: 9280 },
    ]);
    expect(afterAll.items.map(([product, option, , quantity, sales]) => [product, option, quantity, sales])).toEqual([
      [7, '', 0, 0],
      [7, 'oat', 0, 0],
      [9, '', 0, 0],
      [11, '', 0, 0],
      [11, 'honey', 0, 0],
      [11, 'mint', 0, 0],
    ]);
    expect(await promosOf(lean)).toEqual(await promosOf(whole));
    expect(await sourcesOf(lean)).toEqual(await sourcesOf(whole));
  });
});

// Last in this file: the migration empties every numbers table of the database.
describe('the migration that adds the sources and promo codes', () => {
  it("empties the numbers tables and sends the processor back to the log's start, to rebuild them", async () => {
    const business = '0500000012';
    const events = [
      ...paidOrder(business, '2026-10-05T07:00:00Z', { lines: [CAKE], source: { channel: 'window' } }).events,
      ...paidOrder(business, '2026-10-05T07:00:00Z', { lines: [{ ...CAKE, discountAgorot: 250 }], code: 'KAYITZ' })
        .events,
    ];
    await deliver(events);
    const before = {
      hours: await hoursOf(business),
      sources: await sourcesOf(business),
      promos: await promosOf(business),
    };
    const em = database.em();
    await em.getConnection().execute(
      `insert into processor_checkpoints (name, last_transaction_id, last_position) values ('numbers', '900', 900)
       on conflict (name) do update set last_transaction_id = '900', last_position = 900`,
    );
    const migration = new Migration20261207000500_numbers_sources_promos(em.getDriver(), em.config);
    migration.up();
    for (const statement of migration.getQueries()) await em.getConnection().execute(statement as string);

    for (const table of ['orders', 'hours', 'items', 'refunds', 'sources', 'promos'])
      expect(await query(em, `select 1 from numbers_${table}`)).toEqual([]);
    expect(
      await query(
        em,
        `select last_transaction_id::text as tx, last_position::int as position
                         from processor_checkpoints where name = 'numbers'`,
      ),
    ).toEqual([{ tx: '0', position: 0 }]);
    // Read again from the log, the same events write the same rows.
    await deliver(events);
    expect({
      hours: await hoursOf(business),
      sources: await sourcesOf(business),
      promos: await promosOf(business),
    }).toEqual(before);
    expect(before.promos).toEqual([{ code: 'KAYITZ', orders: 1, sales: 2250, discount: 250, refunded: 0 }]);
  });
});
