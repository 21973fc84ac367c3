import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, type MonthlyReport } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Decision 065: the owner's month report answers the month's sums whole and its orders a page at a time, newest
// first; `page.nextBefore` is where the next page begins. The CSV keeps every order of the month.

let app: TestApp;
let owner: SignedInOwner;
let neighbour: SignedInOwner;
let neighbourOrder: string;
/** The owner's five paid orders, the first paid first. */
const paid: string[] = [];
const month = israelMonthOf(new Date());

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  const shop: Shop = await openShop(app, owner);
  for (let i = 0; i < 5; i++) paid.push((await dinerPays(app, shop)).orderId);
  // The second paid order refunded whole: its refund shows on the page that lists it, its sums on every page.
  const refund = await call(app, 'POST', `/api/orders/${paid[1]}/refunds`, {
    body: { reason: 'ביטול' },
    token: owner.token,
  });
  expect(refund.status).toBe(200);
  neighbour = await registerOwner(app);
  neighbourOrder = (await dinerPays(app, await openShop(app, neighbour))).orderId;
}, 120_000);
afterAll(() => app?.close());

async function page(who: SignedInOwner, query: string): Promise<MonthlyReport> {
  const answer = await call<{ success: boolean; data: MonthlyReport }>(
    app,
    'GET',
    `/api/orders?month=${month}${query}`,
    {
      token: who.token,
    },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('the month report a page at a time', () => {
  it('answers the first page of 100 by default: here every order, and no next page', async () => {
    const first = await page(owner, '');
    expect(first.orders.map((order) => order.id)).toEqual([...paid].reverse());
    expect(first.page).toEqual({ limit: 100, total: 5, nextBefore: null });
  });

  it('walks the month two at a time, newest first, with the month whole on every page', async () => {
    const first = await page(owner, '&limit=2');
    expect(first.orders.map((order) => order.id)).toEqual([paid[4], paid[3]]);
    expect(first.page).toEqual({ limit: 2, total: 5, nextBefore: paid[3] });

    const second = await page(owner, `&limit=2&before=${first.page?.nextBefore}`);
    expect(second.orders.map((order) => order.id)).toEqual([paid[2], paid[1]]);
    expect(second.page).toEqual({ limit: 2, total: 5, nextBefore: paid[1] });
    // The refunded order's own refund comes with it on its page.
    expect(second.orders[1]?.refunds).toHaveLength(1);
    expect(second.orders[1]?.refundedAmount).toBe('41.00');
    expect(second.orders[0]?.refunds).toEqual([]);

    const last = await page(owner, `&limit=2&before=${second.page?.nextBefore}`);
    expect(last.orders.map((order) => order.id)).toEqual([paid[0]]);
    expect(last.page).toEqual({ limit: 2, total: 5, nextBefore: null });

    // The sums, the days and the sources are the month's on every page, the refund's included.
    for (const answer of [second, last]) {
      expect(answer.summary).toEqual(first.summary);
      expect(answer.daily).toEqual(first.daily);
      expect(answer.sources).toEqual(first.sources);
    }
    expect(first.summary).toMatchObject({ totalOrders: 5, totalAmount: '205.00', totalRefunds: '41.00' });
  });

  it('ends on a page that is exactly full with no next page', async () => {
    const whole = await page(owner, '&limit=5');
    expect(whole.orders).toHaveLength(5);
    expect(whole.page?.nextBefore).toBeNull();
  });

  it('refuses a bad page size or a bad place with the 400 envelope', async () => {
    const bad = [
      '&limit=0',
      '&limit=501',
      '&limit=2.5',
      '&limit=abc',
      '&before=not-an-id',
      // An id of no order, and the neighbour's order: the same answer, so nothing tells them apart.
      `&before=${randomUUID()}`,
      `&before=${neighbourOrder}`,
    ];
    for (const query of bad) {
      const answer = await call(app, 'GET', `/api/orders?month=${month}${query}`, { token: owner.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
    }
  });

  it('shows each business only its own orders, paged or not', async () => {
    const theirs = await page(neighbour, '&limit=1');
    expect(theirs.orders.map((order) => order.id)).toEqual([neighbourOrder]);
    expect(theirs.page).toEqual({ limit: 1, total: 1, nextBefore: null });
    // The neighbour cannot page on from the owner's orders either.
    const answer = await call(app, 'GET', `/api/orders?month=${month}&before=${paid[3]}`, { token: neighbour.token });
    expect(answer.status).toBe(400);
  });

  it('keeps every order of the month in the CSV, whatever the page asked', async () => {
    const response = await fetch(`${app.url}/api/orders/csv?month=${month}&limit=1`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    // The header, five orders and the summary row (no line break inside these orders' fields).
    expect(text.trim().split('\n')).toHaveLength(7);
  });
});
