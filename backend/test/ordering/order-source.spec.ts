import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, type MonthlyReport, type OrderSource, shareMessagesHe } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 33: each order records where the diner came from (a table's QR code, the window poster, a shared address with
// its `?src=` tag) on OrderPlaced and the orders row, and the owner's monthly report and its CSV show it.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
}, 90_000);
afterAll(() => app.close());

let ip = 0;
const checkout = (source: unknown, quantity = 1) =>
  createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity }],
    amount: (14.5 * quantity).toFixed(2),
    ip: `10.93.1.${(ip += 1)}`,
    ...(source === undefined ? {} : { extra: { source } }),
  });

async function orderPaid(source: unknown, quantity = 1): Promise<string> {
  const answer = await checkout(source, quantity);
  expect(answer.status).toBe(200);
  const paid = await payInSandbox(app, answer.body.paymentUrl as string, { number: SANDBOX_APPROVED_CARD });
  expect(paid.status).toBeLessThan(400);
  return answer.body.orderId as string;
}

async function report(): Promise<MonthlyReport> {
  const month = israelMonthOf(new Date());
  for (;;) {
    const answer = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    // The payment's projection may land a moment after the sandbox's answer.
    if (answer.body.data.orders.length >= 5) return answer.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ids: Record<string, string> = {};

describe("an order's source", () => {
  it('is recorded on OrderPlaced from each channel, and left out when the page said nothing', async () => {
    const sources: [string, OrderSource | undefined, number][] = [
      ['table', { channel: 'table' }, 1],
      ['window', { channel: 'window' }, 2],
      ['instagram', { channel: 'link', tag: 'Instagram' } as OrderSource, 1],
      ['link', { channel: 'link' }, 1],
      ['none', undefined, 1],
    ];
    for (const [name, source, quantity] of sources) ids[name] = await orderPaid(source, quantity);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const placedOf = async (orderId: string) =>
      (await store.readStream(`order-${orderId}`)).events.find((event) => event.type === 'OrderPlaced')?.data as {
        source?: OrderSource;
      };
    expect((await placedOf(ids.table!)).source).toEqual({ channel: 'table' });
    expect((await placedOf(ids.window!)).source).toEqual({ channel: 'window' });
    // The tag is kept in lower case.
    expect((await placedOf(ids.instagram!)).source).toEqual({ channel: 'link', tag: 'instagram' });
    expect((await placedOf(ids.link!)).source).toEqual({ channel: 'link' });
    expect(await placedOf(ids.none!)).not.toHaveProperty('source');
  });

  it.each([
    [{ channel: 'tv' }, shareMessagesHe.sourceChannel],
    [{ channel: 'link', tag: 'has space' }, shareMessagesHe.sourceTag],
    [{ channel: 'link', tag: 'x'.repeat(33) }, shareMessagesHe.sourceTag],
  ])('refuses %j with a Hebrew reason, placing nothing', async (source, message) => {
    const answer = await checkout(source);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it("is in the month's report: each order's channel and tag, and the orders and sums per channel", async () => {
    const month = await report();
    const byId = new Map(month.orders.map((order) => [order.id, order]));
    expect(byId.get(ids.table!)?.source).toEqual({ channel: 'table' });
    expect(byId.get(ids.window!)?.source).toEqual({ channel: 'window' });
    expect(byId.get(ids.instagram!)?.source).toEqual({ channel: 'link', tag: 'instagram' });
    expect(byId.get(ids.link!)?.source).toEqual({ channel: 'link' });
    expect(byId.get(ids.none!)?.source).toBeNull();
    // The most orders first: the links (two, one of them tagged); then one order each.
    expect(month.sources).toHaveLength(4);
    expect(month.sources?.[0]).toEqual({
      channel: 'link',
      totalOrders: 2,
      totalAmount: '29.00',
      tags: [{ tag: 'instagram', totalOrders: 1, totalAmount: '14.50' }],
    });
    const bySource = new Map(month.sources?.map((entry) => [entry.channel, entry]));
    expect(bySource.get('window')).toEqual({ channel: 'window', totalOrders: 1, totalAmount: '29.00', tags: [] });
    expect(bySource.get('table')).toEqual({ channel: 'table', totalOrders: 1, totalAmount: '14.50', tags: [] });
    // Orders that recorded no source (older ones) are counted too, as such.
    expect(bySource.get(null)).toEqual({ channel: null, totalOrders: 1, totalAmount: '14.50', tags: [] });
  });

  it('is in the CSV: the channel in Hebrew and the tag, per order', async () => {
    const month = israelMonthOf(new Date());
    const response = await fetch(`${app.url}/api/orders/csv?month=${month}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).split(/\r?\n/);
    // The source's two columns, then the promo code's two (none here).
    expect(lines[0]).toContain('מקור,תג מקור,קוד הנחה,הנחה');
    expect(lines.some((line) => line.endsWith('קישור משותף,instagram,,'))).toBe(true);
    expect(lines.some((line) => line.endsWith('פוסטר בחלון,,,'))).toBe(true);
    expect(lines.some((line) => line.endsWith('QR בשולחן,,,'))).toBe(true);
    expect(lines.some((line) => line.endsWith('לא ידוע,,,'))).toBe(true);
  });
});
