import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LiveEvent, LiveOrder, LiveOrdersAnswer, LiveSyncAnswer } from '@tafrit/contracts';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../src/modules/payments/index.js';
import { registerOwner, signInAdmin, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { liveEvents, openSocket, pause, refusal, request } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let other: SignedInOwner;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  other = await registerOwner(app);
});
afterAll(() => app.close());

type PaidEvent = Extract<LiveEvent, { kind: 'order.paid' }>;
const isPaid = (event: LiveEvent): event is PaidEvent => event.kind === 'order.paid';

async function liveList(token: string): Promise<LiveOrdersAnswer> {
  const answer = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('the owner namespace', () => {
  it('opens only with an owner token of an open session', async () => {
    expect(await refusal(app, '/owner', {})).toBe('auth.unauthenticated');
    expect(await refusal(app, '/owner', { token: 'not-a-token' })).toBe('auth.unauthenticated');
    const admin = await signInAdmin(app);
    expect(await refusal(app, '/owner', { token: admin.token })).toBe('auth.unauthenticated');
    expect(await refusal(app, '/owner', { agentId: 'agt_x', secret: 'y' })).toBe('auth.unauthenticated');
    expect(await refusal(app, '/owner', { token: owner.token })).toBe('connected');
  });
});

describe('a paid order on the live console', () => {
  let order: LiveOrder;

  it('reaches every console of the business at once, and no other business', async () => {
    const first = await openSocket(app, '/owner', { token: owner.token });
    const second = await openSocket(app, '/owner', { token: owner.token });
    const stranger = await openSocket(app, '/owner', { token: other.token });
    const [onFirst, onSecond, onStranger] = [liveEvents(first), liveEvents(second), liveEvents(stranger)];
    try {
      await dinerPays(app, shop, { tableNumber: 7 });
      const paid = (await onFirst.next(isPaid)) as PaidEvent;
      order = paid.order;
      expect(order).toMatchObject({
        tableNumber: 7,
        remarks: 'בלי בצל',
        totalAgorot: 4100,
        status: 'paid',
        lines: [
          { name: 'הפוך גדול', quantity: 2, lineTotalAgorot: 2900 },
          { name: 'קרואסון', quantity: 1, lineTotalAgorot: 1200 },
        ],
      });
      expect(paid.position).toBeGreaterThan(0);
      expect(((await onSecond.next(isPaid)) as PaidEvent).order.orderId).toBe(order.orderId);
      // The slip is queued right after the payment: the console hears that too.
      await onFirst.next((event) => event.kind === 'slip.status' && event.printStatus === 'queued');
      await pause(300);
      expect(onStranger.heard).toEqual([]);
    } finally {
      [first, second, stranger].forEach((socket) => socket.close());
    }
  });

  it("lists today's paid orders of the business only, with the position they reflect", async () => {
    const mine = await liveList(owner.token);
    expect(mine.orders.map((listed) => listed.orderId)).toContain(order.orderId);
    expect(mine.position).toBeGreaterThan(0);
    expect(mine.printer).toEqual({ isOnline: false, lastSeen: null, printerName: null, paired: false });
    expect((await liveList(other.token)).orders).toEqual([]);
    expect((await call(app, 'GET', '/api/live-orders')).status).toBe(401);
  });

  it('moves through accepted, ready and served, shown on every console, refusing a skipped step', async () => {
    const watcher = await openSocket(app, '/owner', { token: owner.token });
    const heard = liveEvents(watcher);
    try {
      const path = `/api/live-orders/${order.orderId}/status`;
      const skip = await call(app, 'POST', path, { token: owner.token, body: { status: 'served' } });
      expect(skip.status).toBe(409);
      expect(skip.body.code).toBe('order.invalid_transition');

      const accepted = await call<{ data: LiveOrder }>(app, 'POST', path, {
        token: owner.token,
        body: { status: 'accepted' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.status).toBe('accepted');
      await heard.next((event) => event.kind === 'order.status' && event.status === 'accepted');

      // Two consoles pressing at once: both succeed, one step is recorded.
      const twice = await call<{ data: LiveOrder }>(app, 'POST', path, {
        token: owner.token,
        body: { status: 'accepted' },
      });
      expect(twice.status).toBe(200);
      expect(twice.body.data.status).toBe('accepted');
      const stream = await app.database
        .em()
        .getConnection()
        .execute(`select count(*)::int as n from events where stream_id = ? and type = 'OrderAccepted'`, [
          `order-${order.orderId}`,
        ]);
      expect(stream[0]).toEqual({ n: 1 });
      const bad = await call(app, 'POST', path, { token: owner.token, body: { status: 'cooked' } });
      expect(bad.status).toBe(400);
    } finally {
      watcher.close();
    }
  });

  it('answers another business, and an id that is not one, with 404, changing nothing', async () => {
    const foreign = await call(app, 'POST', `/api/live-orders/${order.orderId}/status`, {
      token: other.token,
      body: { status: 'ready' },
    });
    expect(foreign.status).toBe(404);
    const reprint = await call(app, 'POST', `/api/live-orders/${order.orderId}/reprint`, { token: other.token });
    expect(reprint.status).toBe(404);
    const junk = await call(app, 'POST', `/api/live-orders/not-an-id/status`, {
      token: owner.token,
      body: { status: 'ready' },
    });
    expect(junk.status).toBe(404);
    const listed = (await liveList(owner.token)).orders.find((listedOrder) => listedOrder.orderId === order.orderId);
    expect(listed?.status).toBe('accepted');
  });

  it('gives a console that was away everything it missed, in order', async () => {
    const { position } = await liveList(owner.token);
    await call(app, 'POST', `/api/live-orders/${order.orderId}/status`, {
      token: owner.token,
      body: { status: 'ready' },
    });
    await call(app, 'POST', `/api/live-orders/${order.orderId}/status`, {
      token: owner.token,
      body: { status: 'served' },
    });
    const back = await openSocket(app, '/owner', { token: owner.token });
    try {
      let missed: LiveSyncAnswer = { events: [], reset: false };
      // The numbering follows the log a moment after the write: ask until both steps are there.
      for (let tries = 0; tries < 50 && missed.events.length < 2; tries++) {
        missed = await request<LiveSyncAnswer>(back, 'live.sync', { since: position });
        if (missed.events.length < 2) await pause(100);
      }
      expect(missed.reset).toBe(false);
      expect(missed.events.map((event) => (event.kind === 'order.status' ? event.status : event.kind))).toEqual([
        'ready',
        'served',
      ]);
      const positions = missed.events.map((event) => event.position);
      expect(positions[0]).toBeGreaterThan(position);
      expect(positions[1]).toBeGreaterThan(positions[0] ?? 0);
      const none = await request<LiveSyncAnswer>(back, 'live.sync', { since: positions[1] });
      expect(none.events).toEqual([]);
    } finally {
      back.close();
    }
  });
});

describe('declining a new order (issue 17)', () => {
  it('cancels it on every console and refunds it whole; a second decline, a step after it or a stranger change nothing', async () => {
    const screen = await openSocket(app, '/owner', { token: owner.token });
    const heard = liveEvents(screen);
    try {
      await dinerPays(app, shop, { tableNumber: 9 });
      const { order } = (await heard.next(isPaid)) as PaidEvent;
      const path = `/api/live-orders/${order.orderId}/decline`;
      const foreign = await call(app, 'POST', path, { token: other.token, body: { reason: 'נגמר החלב' } });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ success: false, code: 'order.not_found' });
      const bad = await call(app, 'POST', path, { token: owner.token, body: { reason: ' ' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'validation.failed' });

      const declined = await call<{ data: LiveOrder }>(app, 'POST', path, {
        token: owner.token,
        body: { reason: 'נגמר החלב' },
      });
      expect(declined.status).toBe(200);
      expect(declined.body.data).toMatchObject({ orderId: order.orderId, status: 'cancelled', refundedAgorot: 4100 });
      await heard.next(
        (event) => event.kind === 'order.refunded' && event.orderId === order.orderId && event.refundedAgorot === 4100,
      );
      await heard.next(
        (event) => event.kind === 'order.status' && event.orderId === order.orderId && event.status === 'cancelled',
      );
      expect((await liveList(owner.token)).orders.find((o) => o.orderId === order.orderId)?.status).toBe('cancelled');

      const again = await call(app, 'POST', path, { token: owner.token, body: { reason: 'נגמר החלב' } });
      expect(again.status).toBe(200);
      const step = await call(app, 'POST', `/api/live-orders/${order.orderId}/status`, {
        token: owner.token,
        body: { status: 'accepted' },
      });
      expect(step.status).toBe(409);
      expect(step.body).toMatchObject({ success: false, code: 'order.invalid_transition' });
      const refundAgain = await call(app, 'POST', `/api/orders/${order.orderId}/refunds`, {
        token: owner.token,
        body: { reason: 'עוד' },
      });
      expect(refundAgain.body).toMatchObject({ success: false, code: 'refund.fully_refunded' });
    } finally {
      screen.close();
    }
  });
});

describe('a refund on the live console (issue 17)', () => {
  it("pushes the order's refunded total to every open console, and lists it", async () => {
    const first = await openSocket(app, '/owner', { token: owner.token });
    const second = await openSocket(app, '/owner', { token: owner.token });
    const stranger = await openSocket(app, '/owner', { token: other.token });
    const [onFirst, onSecond, onStranger] = [liveEvents(first), liveEvents(second), liveEvents(stranger)];
    try {
      await dinerPays(app, shop, { tableNumber: 3 });
      const { order } = (await onFirst.next(isPaid)) as PaidEvent;
      expect(order.refundedAgorot).toBe(0);
      const refund = (body: unknown) =>
        call(app, 'POST', `/api/orders/${order.orderId}/refunds`, { token: owner.token, body });
      expect((await refund({ lines: [{ index: 0, quantity: 1 }], reason: 'טעות בהזמנה' })).status).toBe(200);
      const isRefunded = (total: number) => (event: LiveEvent) =>
        event.kind === 'order.refunded' && event.orderId === order.orderId && event.refundedAgorot === total;
      // The second console hears the total, not the refund's own amount: a repeat or a late push sets the same.
      await onSecond.next(isRefunded(1450));
      expect((await liveList(owner.token)).orders.find((o) => o.orderId === order.orderId)?.refundedAgorot).toBe(1450);

      expect((await refund({ reason: 'לבקשת הלקוח' })).status).toBe(200);
      await onSecond.next(isRefunded(4100));
      await onFirst.next(isRefunded(4100));
      const listed = (await liveList(owner.token)).orders.find((o) => o.orderId === order.orderId);
      expect(listed).toMatchObject({ refundedAgorot: 4100, totalAgorot: 4100 });
      // Missed events come back through live.sync with the same totals.
      const missed = await request<LiveSyncAnswer>(first, 'live.sync', { since: 0 });
      expect(missed.events.filter((e) => e.kind === 'order.refunded' && e.orderId === order.orderId)).toHaveLength(2);
      expect(onStranger.heard.some((e) => 'orderId' in e && e.orderId === order.orderId)).toBe(false);
    } finally {
      [first, second, stranger].forEach((socket) => socket.close());
    }
  });

  it('tells every open console that the provider refused a refund, with its reason, until a later refund is made', async () => {
    const first = await openSocket(app, '/owner', { token: owner.token });
    const second = await openSocket(app, '/owner', { token: owner.token });
    const [onFirst, onSecond] = [liveEvents(first), liveEvents(second)];
    const provider = app.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    try {
      await dinerPays(app, shop, { tableNumber: 5 });
      const { order } = (await onFirst.next(isPaid)) as PaidEvent;
      const refund = () =>
        call(app, 'POST', `/api/orders/${order.orderId}/refunds`, { token: owner.token, body: { reason: 'טעות' } });
      const spy = jest
        .spyOn(provider, 'refund')
        .mockResolvedValueOnce({ status: 'failed', responseCode: '6', reason: 'העסקה כבר זוכתה' });
      try {
        expect((await refund()).status).toBe(200);
      } finally {
        spy.mockRestore();
      }
      const refused = await onSecond.next(
        (event) => event.kind === 'order.refund_refused' && event.orderId === order.orderId,
      );
      expect(refused).toMatchObject({ reason: 'העסקה כבר זוכתה' });
      const listed = (await liveList(owner.token)).orders.find((o) => o.orderId === order.orderId);
      expect(listed).toMatchObject({ refundedAgorot: 0, refundRefused: { reason: 'העסקה כבר זוכתה' } });

      // Tried again and made: the refusal is no longer listed.
      expect((await refund()).status).toBe(200);
      await onSecond.next((event) => event.kind === 'order.refunded' && event.orderId === order.orderId);
      const after = (await liveList(owner.token)).orders.find((o) => o.orderId === order.orderId);
      expect(after).toMatchObject({ refundedAgorot: 4100 });
      expect(after?.refundRefused).toBeUndefined();
    } finally {
      [first, second].forEach((socket) => socket.close());
    }
  });
});
