import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TZDate } from '@date-fns/tz';
import { ORDER_AHEAD_OFF, type LiveOrdersAnswer, type PublicMenu } from '@tafrit/contracts';
import { OrderingMoments } from '../../src/modules/accounts/index.js';
import { OrderDueSweep } from '../../src/modules/ordering/processors/order-due.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Order ahead (issue 33, decision 050): today's pickup slots in the public menu, create-payment's `pickupAt` with the
// slot's capacity kept by the database, and an order for later that turns new when its preparation should start.
// The server's clock is set (OrderingMoments.clock, the due sweep's `now`): time moves, nothing waits.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let store: EventStore;

// A Monday far ahead of the real clock: the payment is recorded at the real time, which must stay before the slots'
// preparation times (a fixed day that had passed made an order for later due at once).
const israel = (h: number, m = 0, day = 30) => new TZDate(2099, 10, day, h, m, 0, 'Asia/Jerusalem').getTime();
/** Monday 30 November 2099, 11:00 in Israel. */
const NOW = israel(11);
const slot = (h: number, m: number) =>
  `2099-11-30T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00+02:00`;
let ip = 0;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  store = app.app.get(EVENT_STORE);
  app.app.get(OrderingMoments).clock = () => NOW;
  const hours = {
    weekly: Array.from({ length: 7 }, () => [{ from: '08:00', to: '20:00' }]),
    closedDates: [],
    shabbat: { enabled: true, city: 'Jerusalem' },
    closedOptionalDays: [],
  };
  expect((await call(app, 'PUT', '/api/business/opening-hours', { token: owner.token, body: hours })).status).toBe(200);
});
afterAll(() => app.close());

const settings = {
  ...ORDER_AHEAD_OFF,
  enabled: true,
  slotMinutes: 15,
  perSlot: 2,
  leadMinutes: 20,
  estimateMinutes: 15,
};
const menu = async () => (await call<{ data: PublicMenu }>(app, 'GET', `/api/menu/${shop.departmentId}`)).body.data;
const orderFor = (pickupAt: unknown, session?: string) =>
  createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
    ip: `10.33.0.${++ip}`,
    ...(session ? { session } : {}),
    extra: { pickupAt },
  });
const orderCount = async () =>
  Number((await query<{ n: string }>(app.database.em(), 'select count(*)::text as n from orders'))[0]!.n);
const liveOrders = async () =>
  (await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: owner.token })).body.data.orders;

describe('order ahead', () => {
  it('is off until the owner turns it on, and the menu then offers today’s slots', async () => {
    expect((await call(app, 'GET', '/api/business/order-ahead', { token: owner.token })).body).toEqual({
      success: true,
      data: ORDER_AHEAD_OFF,
    });
    expect((await menu()).orderAhead).toBeUndefined();
    const refused = await call(app, 'PUT', '/api/business/order-ahead', {
      token: owner.token,
      body: { ...settings, slotMinutes: 20 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation.failed',
      fields: { slotMinutes: 'אורך משבצת הוא 10, 15 או 30 דקות' },
    });
    const chosen = await call(app, 'PUT', '/api/business/order-ahead', { token: owner.token, body: settings });
    expect(chosen.body).toEqual({ success: true, data: settings });

    const { orderAhead } = await menu();
    expect(orderAhead).toMatchObject({ enabled: true, asap: true, estimateMinutes: 15 });
    // 11:00 and at least 20 minutes ahead: from 11:30, every quarter, to 19:45 (a quarter before closing).
    expect(orderAhead!.slots[0]).toEqual({ at: slot(11, 30), available: true });
    expect(orderAhead!.slots.at(-1)).toEqual({ at: slot(19, 45), available: true });
    expect(orderAhead!.slots).toHaveLength(34);
  });

  it('refuses a time that is not a slot with a clear Hebrew error, recording nothing', async () => {
    const before = await orderCount();
    for (const pickupAt of [slot(12, 35), slot(10, 30), slot(11, 15), slot(20, 0), '2099-12-05T12:30:00+02:00']) {
      const answer = await orderFor(pickupAt);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'order.slot_unknown',
        message: 'שעת האיסוף שנבחרה אינה אחת משעות האיסוף של היום. בחרו שעה מהרשימה',
      });
    }
    expect((await orderFor('noon tomorrow')).status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('fills a slot, then refuses it with the next free one, recording nothing', async () => {
    expect((await orderFor(slot(12, 45))).status).toBe(200);
    expect((await orderFor(slot(12, 45))).status).toBe(200);
    const before = await orderCount();
    const full = await orderFor(slot(12, 45));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'order.slot_full', data: { nextFreeAt: slot(13, 0) } });
    expect(await orderCount()).toBe(before);
    // The menu, dropped when the slot filled, shows it full.
    expect((await menu()).orderAhead!.slots.find((each) => each.at === slot(12, 45))).toEqual({
      at: slot(12, 45),
      available: false,
    });
  });

  it('gives the last place of a slot to exactly one of two diners racing for it', async () => {
    expect((await orderFor(slot(13, 30))).status).toBe(200);
    const answers = await Promise.all([orderFor(slot(13, 30)), orderFor(slot(13, 30))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [row] = await query<{ taken: number }>(
      app.database.em(),
      `select taken from pickup_slots where pickup_at = ?`,
      [new Date(slot(13, 30)).toISOString()],
    );
    expect(Number(row!.taken)).toBe(2);
  });

  it('an order for 12:30 with a 15-minute estimate waits as upcoming and turns new at 12:15, printing once', async () => {
    const answer = await orderFor(slot(12, 30));
    expect(answer.status).toBe(200);
    const orderId = answer.body.orderId as string;
    expect(
      (await payInSandbox(app, answer.body.paymentUrl as string, { number: SANDBOX_APPROVED_CARD })).status,
    ).toBeLessThan(400);
    await app.app.get(ProcessorRunner).runUntilIdle();
    const types = async () => (await store.readStream(`order-${orderId}`)).events.map((event) => event.type);
    expect(await types()).not.toContain('SlipQueued');
    expect((await liveOrders()).find((order) => order.orderId === orderId)).toMatchObject({
      upcoming: true,
      pickupAt: new Date(slot(12, 30)).toISOString(),
      printStatus: 'none',
    });

    const sweep = app.app.get(OrderDueSweep);
    expect(await sweep.sweep(new Date(israel(12, 14)))).toBe(0);
    expect(await sweep.sweep(new Date(israel(12, 15)))).toBe(1);
    expect(await sweep.sweep(new Date(israel(12, 16)))).toBe(0);
    await app.app.get(ProcessorRunner).runUntilIdle();
    const after = await types();
    expect(after.filter((type) => type === 'OrderDue')).toHaveLength(1);
    expect(after.filter((type) => type === 'SlipQueued')).toHaveLength(1);
    const live = (await liveOrders()).find((order) => order.orderId === orderId);
    expect(live?.upcoming).toBeUndefined();
    expect(live?.printStatus).toBe('queued');
  });

  it('is accepted automatically when it turns new, not when it is paid, where the owner turned that on', async () => {
    const on = await call(app, 'PUT', '/api/business/auto-accept', {
      token: owner.token,
      body: { enabled: true, readyInMinutes: 10 },
    });
    expect(on.status).toBe(200);
    const answer = await orderFor(slot(14, 0));
    const orderId = answer.body.orderId as string;
    await payInSandbox(app, answer.body.paymentUrl as string, { number: SANDBOX_APPROVED_CARD });
    await app.app.get(ProcessorRunner).runUntilIdle();
    expect((await liveOrders()).find((order) => order.orderId === orderId)?.status).toBe('paid');
    expect(await app.app.get(OrderDueSweep).sweep(new Date(israel(13, 45)))).toBe(1);
    await app.app.get(ProcessorRunner).runUntilIdle();
    expect((await liveOrders()).find((order) => order.orderId === orderId)?.status).toBe('accepted');
  });

  it('another pickup time from the same diner and cart is another order; the same time again is the same', async () => {
    const first = await orderFor(slot(15, 0));
    const session = first.cookies[DINER_COOKIE]?.value ?? '';
    expect(session).not.toBe('');
    const again = await orderFor(slot(15, 0), session);
    const other = await orderFor(slot(15, 15), session);
    expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(other.body.orderId).not.toBe(first.body.orderId);
  });
});
