import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  numbersMessagesHe,
  type NumbersHours,
  type NumbersMonths,
  type NumbersProducts,
  type NumbersPromos,
  type NumbersSales,
  type NumbersSources,
  type OrderLine,
} from '@tafrit/contracts';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder, recordRefund, type RecordOrderOptions } from '../support/orders.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The numbers page's data requests (issue 33, decision 053) on a small café whose orders go through the order's write
// path and the `numbers` projection, each figure computed here by hand.

interface Owner extends SignedInOwner {
  departmentId: string;
}

let app: TestApp;
let cafe: Owner;
let other: Owner;
let orderNumber = 100;

const ESPRESSO: OrderLine = { productId: 1, name: 'אספרסו', unitPriceAgorot: 900, quantity: 1 };
const LATTE_OAT: OrderLine = {
  productId: 2,
  name: 'לאטה',
  unitPriceAgorot: 1800,
  quantity: 2,
  options: [
    { groupId: 'milk', groupName: 'חלב', optionId: 'oat', name: 'שיבולת שועל', priceAgorot: 200, without: false },
  ],
};
const CAKE: OrderLine = { productId: 3, name: 'עוגת גבינה', unitPriceAgorot: 2800, quantity: 1 };

async function newOwner(): Promise<Owner> {
  const owner = await registerOwner(app);
  const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
  return { ...owner, departmentId: business.departmentId };
}

/** A paid order, paid at `paidAt` (an instant with its Israel offset). */
function paid(
  owner: Owner,
  paidAt: string,
  lines: OrderLine[],
  tableNumber: number | null = 3,
  more: Pick<RecordOrderOptions, 'source' | 'discount'> = {},
) {
  orderNumber += 1;
  return recordOrder(app, {
    businessPhone: owner.phone,
    departmentId: owner.departmentId,
    orderNumber,
    lines,
    tableNumber,
    placedAt: new Date(Date.parse(paidAt) - 60_000).toISOString(),
    paidAt: new Date(paidAt).toISOString(),
    ...more,
  });
}

/** A promo code's discount on the order and each line's share of it. */
const code = (name: string, shares: number[]) => ({
  discount: { code: name, promoCodeId: `promo-${name}`, agorot: shares.reduce((sum, share) => sum + share, 0) },
  share: (lines: OrderLine[]) => lines.map((line, index) => ({ ...line, discountAgorot: shares[index] })),
});

async function numbers<T>(owner: Owner, path: string): Promise<T> {
  const answer = await call<{ success: boolean; data: T }>(app, 'GET', `/api/owner/numbers/${path}`, {
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const OCTOBER = 'from=2026-10-01&to=2026-10-31';
const NOVEMBER = 'from=2026-11-01&to=2026-11-30';

beforeAll(async () => {
  app = await startTestApp();
  cafe = await newOwner();
  other = await newOwner();
  // Sunday 4 October 2026 (summer time, UTC+3): two orders at 08:xx, one pickup (no table) at 13:10.
  await paid(cafe, '2026-10-04T08:05:00+03:00', [ESPRESSO, LATTE_OAT]);
  await paid(cafe, '2026-10-04T08:40:00+03:00', [ESPRESSO]);
  await paid(cafe, '2026-10-04T13:10:00+03:00', [CAKE], null);
  // Tuesday 13 October 10:00, refunded in full later.
  const refunded = await paid(cafe, '2026-10-13T10:00:00+03:00', [CAKE]);
  await recordRefund(app, refunded.orderId, { amountAgorot: 2800, at: '2026-10-14T09:00:00Z' });
  // September, for the month against the last; the other café's order, for isolation.
  await paid(cafe, '2026-09-02T09:00:00+03:00', [CAKE, ESPRESSO]);
  await paid(other, '2026-10-04T08:00:00+03:00', [CAKE]);
  // The other café renamed its cake on the 6th: the range shows the newer name.
  await paid(other, '2026-10-06T08:00:00+03:00', [{ ...CAKE, name: 'עוגת גבינה אפויה' }]);
  // November (winter time, UTC+2): where each order came from and the promo codes.
  const day = '2026-11-03T09:00:00+02:00';
  await paid(cafe, day, [ESPRESSO], 3, { source: { channel: 'table' } });
  await paid(cafe, day, [CAKE], 3, { source: { channel: 'window' } });
  const kayitz = code('KAYITZ', [360]);
  await paid(cafe, day, kayitz.share([LATTE_OAT]), 3, {
    source: { channel: 'link', tag: 'instagram' },
    discount: kayitz.discount,
  });
  const kayitzBack = code('KAYITZ', [280, 90]);
  const returned = await paid(cafe, day, kayitzBack.share([CAKE, ESPRESSO]), 3, {
    source: { channel: 'link', tag: 'instagram' },
    discount: kayitzBack.discount,
  });
  await recordRefund(app, returned.orderId, { amountAgorot: 3330, at: '2026-11-04T09:00:00Z' });
  await paid(cafe, day, [ESPRESSO]);
  const shalom = code('SHALOM', [500]);
  await paid(cafe, day, shalom.share([CAKE]), 3, { source: { channel: 'link' }, discount: shalom.discount });
  const others = code('OTHER', [100]);
  await paid(other, day, others.share([CAKE]), 3, { discount: others.discount });
  // Unpaid: never a sale.
  orderNumber += 1;
  await recordOrder(app, {
    businessPhone: cafe.phone,
    departmentId: cafe.departmentId,
    orderNumber,
    lines: [CAKE],
    placedAt: '2026-10-05T08:00:00Z',
  });
  await app.app.get(ProcessorRunner).runUntilIdle();
}, 120_000);
afterAll(() => app?.close());

describe("the owner's numbers", () => {
  it('sums sales by day and by week, the average order and table against pickup, after refunds', async () => {
    const sales = await numbers<NumbersSales>(cafe, `sales?${OCTOBER}`);
    // 900 + 2 × 1800 = 4500; 900; 2800 (pickup); the 13th's 2800 refunded in full.
    expect(sales.totals).toEqual({ orders: 3, salesAgorot: 8200, refundedAgorot: 2800, averageOrderAgorot: 2733 });
    expect(sales.days).toHaveLength(31);
    expect(sales.days.find((day) => day.date === '2026-10-04')).toEqual({
      date: '2026-10-04',
      orders: 3,
      salesAgorot: 8200,
    });
    expect(sales.days.find((day) => day.date === '2026-10-13')).toEqual({
      date: '2026-10-13',
      orders: 0,
      salesAgorot: 0,
    });
    // Weeks start on Sunday: 27 September (cut by the range to 1-3 October), 4, 11, 18 and 25 October.
    expect(sales.weeks.map((week) => week.date)).toEqual([
      '2026-09-27',
      '2026-10-04',
      '2026-10-11',
      '2026-10-18',
      '2026-10-25',
    ]);
    expect(sales.weeks[1]).toEqual({ date: '2026-10-04', orders: 3, salesAgorot: 8200 });
    expect(sales.service).toEqual([
      { kind: 'table', orders: 2, salesAgorot: 5400 },
      { kind: 'pickup', orders: 1, salesAgorot: 2800 },
    ]);
  });

  it('places the orders in the weekday by hour grid, in Israel time', async () => {
    const { cells } = await numbers<NumbersHours>(cafe, `hours?${OCTOBER}`);
    expect(cells).toHaveLength(168);
    const busy = cells.filter((cell) => cell.orders > 0);
    expect(busy).toEqual([
      { weekday: 0, hour: 8, orders: 2 },
      { weekday: 0, hour: 13, orders: 1 },
    ]);
  });

  it('ranks the products and options from the most sold to the least', async () => {
    const { products, options } = await numbers<NumbersProducts>(cafe, `products?${OCTOBER}`);
    expect(products.map((item) => [item.name, item.quantity, item.salesAgorot])).toEqual([
      // Two units each: more sales first.
      ['לאטה', 2, 3600],
      ['אספרסו', 2, 1800],
      // Two cakes paid, one of them refunded with its whole order.
      ['עוגת גבינה', 1, 2800],
    ]);
    expect(options).toEqual([
      {
        productId: 2,
        optionId: 'oat',
        name: 'שיבולת שועל',
        groupName: 'חלב',
        productName: 'לאטה',
        quantity: 2,
        salesAgorot: 400,
      },
    ]);
  });

  it('sets the month of the range against the month before', async () => {
    const months = await numbers<NumbersMonths>(cafe, 'months?from=2026-10-01&to=2026-10-20');
    expect(months.current).toEqual({ month: '2026-10', orders: 3, salesAgorot: 8200 });
    expect(months.previous).toEqual({ month: '2026-09', orders: 1, salesAgorot: 3700 });
    expect(months.days[0]).toEqual({ day: 1, current: 0, previous: 0 });
    expect(months.days[3]).toEqual({ day: 4, current: 8200, previous: 3700 });
    // September has 30 days.
    expect(months.days[30]).toEqual({ day: 31, current: 8200, previous: null });
  });

  it('downloads each plot as a spreadsheet of the same figures', async () => {
    const response = await fetch(`${app.url}/api/owner/numbers/csv?${OCTOBER}&plot=products`, {
      headers: { authorization: `Bearer ${cafe.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('numbers-products-2026-10-01-2026-10-31.csv');
    const text = await response.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'מוצר,יחידות,מכירות (₪)',
      'לאטה,2,36.00',
      'אספרסו,2,18.00',
      'עוגת גבינה,1,28.00',
      '',
    ]);
    const hours = await fetch(`${app.url}/api/owner/numbers/csv?${OCTOBER}&plot=hours`, {
      headers: { authorization: `Bearer ${cafe.token}` },
    });
    const sunday = (await hours.text()).split('\r\n')[1]!.split(',');
    expect(sunday[0]).toBe('ראשון');
    expect([sunday[9], sunday[14]]).toEqual(['2', '1']);
  });

  it('shows a café only its own orders, each product by its name on the last day it sold', async () => {
    const sales = await numbers<NumbersSales>(other, `sales?${OCTOBER}`);
    expect(sales.totals).toEqual({ orders: 2, salesAgorot: 5600, refundedAgorot: 0, averageOrderAgorot: 2800 });
    const { products } = await numbers<NumbersProducts>(other, `products?${OCTOBER}`);
    expect(products.map((item) => [item.name, item.quantity])).toEqual([['עוגת גבינה אפויה', 2]]);
    // A range that ends before the rename shows the name of then.
    const before = await numbers<NumbersProducts>(other, 'products?from=2026-10-01&to=2026-10-05');
    expect(before.products.map((item) => [item.name, item.quantity])).toEqual([['עוגת גבינה', 1]]);
  });

  it('counts where the orders came from, a refunded order no longer, an unrecorded source as unknown', async () => {
    const { sources } = await numbers<NumbersSources>(cafe, `sources?${NOVEMBER}`);
    expect(sources).toEqual([
      // 36 less KAYITZ's 3.60; its second order (37 less 3.70) came back in full.
      { channel: 'link', tag: 'instagram', orders: 1, salesAgorot: 3240 },
      { channel: 'window', tag: '', orders: 1, salesAgorot: 2800 },
      { channel: 'link', tag: '', orders: 1, salesAgorot: 2300 },
      { channel: 'table', tag: '', orders: 1, salesAgorot: 900 },
      { channel: 'unknown', tag: '', orders: 1, salesAgorot: 900 },
    ]);
    // October's orders recorded no source.
    const october = await numbers<NumbersSources>(cafe, `sources?${OCTOBER}`);
    expect(october.sources).toEqual([{ channel: 'unknown', tag: '', orders: 3, salesAgorot: 8200 }]);
  });

  it("sets each promo code's orders, sales and discount against the orders without a code", async () => {
    const promos = await numbers<NumbersPromos>(cafe, `promos?${NOVEMBER}`);
    expect(promos).toEqual({
      codes: [
        { code: 'KAYITZ', orders: 1, salesAgorot: 3240, discountAgorot: 360, averageOrderAgorot: 3240 },
        { code: 'SHALOM', orders: 1, salesAgorot: 2300, discountAgorot: 500, averageOrderAgorot: 2300 },
      ],
      // 9 + 28 + 9 over three orders.
      withoutCode: { orders: 3, salesAgorot: 4600, averageOrderAgorot: 1533 },
    });
    // The sales are what was paid for the items: after the discount, the refunded order gone.
    const sales = await numbers<NumbersSales>(cafe, `sales?${NOVEMBER}`);
    expect(sales.totals).toEqual({ orders: 5, salesAgorot: 10140, refundedAgorot: 3330, averageOrderAgorot: 2028 });
    const { products } = await numbers<NumbersProducts>(cafe, `products?${NOVEMBER}`);
    expect(products.map((item) => [item.name, item.quantity, item.salesAgorot])).toEqual([
      ['עוגת גבינה', 2, 2800 + 2300],
      ['לאטה', 2, 3600 - 360],
      ['אספרסו', 2, 1800],
    ]);
    expect((await numbers<NumbersPromos>(cafe, `promos?${OCTOBER}`)).codes).toEqual([]);
    expect((await numbers<NumbersPromos>(other, `promos?${NOVEMBER}`)).codes.map((row) => row.code)).toEqual(['OTHER']);
  });

  it('downloads where the orders came from and the promo codes as spreadsheets', async () => {
    const csv = async (plot: string) => {
      const response = await fetch(`${app.url}/api/owner/numbers/csv?${NOVEMBER}&plot=${plot}`, {
        headers: { authorization: `Bearer ${cafe.token}` },
      });
      expect(response.status).toBe(200);
      return (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    };
    expect(await csv('sources')).toEqual([
      'מקור,תגית,הזמנות,מכירות (₪)',
      'קישור,instagram,1,32.40',
      'קוד בחלון,,1,28.00',
      'קישור,,1,23.00',
      'קוד בשולחן,,1,9.00',
      'לא ידוע,,1,9.00',
      '',
    ]);
    expect(await csv('promos')).toEqual([
      'קוד הנחה,הזמנות,מכירות אחרי ההנחה (₪),הנחה שניתנה (₪),הזמנה ממוצעת (₪)',
      'KAYITZ,1,32.40,3.60,32.40',
      'SHALOM,1,23.00,5.00,23.00',
      'ללא קוד,3,46.00,0.00,15.33',
      '',
    ]);
  });

  it.each([
    ['a date that is not one', 'from=2026-02-30&to=2026-03-01', numbersMessagesHe.dateInvalid],
    ['no dates', '', numbersMessagesHe.dateInvalid],
    ['a reversed range', 'from=2026-10-31&to=2026-10-01', numbersMessagesHe.reversed],
    ['a range longer than about 13 months', 'from=2025-01-01&to=2026-10-31', numbersMessagesHe.tooLong],
  ])('refuses %s with a Hebrew 400', async (_name, search, message) => {
    for (const path of ['sales', 'hours', 'products', 'months', 'sources', 'promos', 'csv']) {
      const answer = await call<{ success: boolean; message: string; fields?: Record<string, string> }>(
        app,
        'GET',
        `/api/owner/numbers/${path}?${search}${path === 'csv' ? '&plot=days' : ''}`,
        { token: cafe.token },
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.success).toBe(false);
      expect(Object.values(answer.body.fields ?? {})).toContain(message);
    }
  });

  it('refuses a CSV of a plot it does not have', async () => {
    const answer = await call<{ fields?: Record<string, string> }>(
      app,
      'GET',
      `/api/owner/numbers/csv?${OCTOBER}&plot=secrets`,
      { token: cafe.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.plot).toBe(numbersMessagesHe.plotInvalid);
  });

  it('answers nobody without a session', async () => {
    const answer = await call(app, 'GET', `/api/owner/numbers/sales?${OCTOBER}`);
    expect(answer.status).toBe(401);
  });
});
