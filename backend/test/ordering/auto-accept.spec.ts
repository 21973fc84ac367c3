import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { LiveOrder, LiveOrdersAnswer } from '@tafrit/contracts';
import { BusinessReader } from '../../src/modules/accounts/index.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { autoAcceptProcessor } from '../../src/modules/ordering/processors/auto-accept.processor.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The owner's "accept new orders automatically" (issue 18, decision 032): a newly paid order is accepted through the
// kitchen's own command with the owner's estimate, once; never when it is off; never an order the kitchen moved.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

const read = () => call(app, 'GET', '/api/business/auto-accept', { token: owner.token });
const choose = (body: unknown) => call(app, 'PUT', '/api/business/auto-accept', { token: owner.token, body });
const settle = () => app.app.get(ProcessorRunner).runUntilIdle();

async function liveOrder(orderId: string): Promise<LiveOrder> {
  const answer = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: owner.token });
  const order = answer.body.data.orders.find((each) => each.orderId === orderId);
  if (!order) throw new Error(`order ${orderId} is not on the console`);
  return order;
}

async function orderEvents(orderId: string) {
  return (await store.readStream(`order-${orderId}`)).events;
}

/** The same OrderPaid handed to the processor again, as a redelivery after a crash would. */
async function redeliver(orderId: string) {
  const paid = (await orderEvents(orderId)).find((event) => event.type === 'OrderPaid');
  if (!paid) throw new Error('no OrderPaid');
  const processor = autoAcceptProcessor({
    businesses: app.app.get(BusinessReader),
    orders: app.app.get(OrderStore),
    commands: app.app.get(CommandBus),
  });
  await processor.handle(paid, { em: app.database.em(), attempt: 2, afterCommit: (effect) => effect() });
}

describe('/api/business/auto-accept', () => {
  it('is off until the owner chooses, and keeps the choice with its estimate', async () => {
    expect((await read()).body).toEqual({ success: true, data: { enabled: false, readyInMinutes: null } });
    const chosen = await choose({ enabled: true, readyInMinutes: 15 });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ success: true, data: { enabled: true, readyInMinutes: 15 } });
    expect((await read()).body).toEqual({ success: true, data: { enabled: true, readyInMinutes: 15 } });
    await choose({ enabled: false, readyInMinutes: 15 });
  });

  it('refuses anything else with the envelope and changes nothing', async () => {
    const before = (await read()).body;
    for (const body of [
      {},
      { enabled: 'yes', readyInMinutes: 10 },
      { enabled: true, readyInMinutes: 0 },
      { enabled: true, readyInMinutes: 241 },
      { enabled: true, readyInMinutes: 2.5 },
      { enabled: true },
      { enabled: true, readyInMinutes: 10, extra: 1 },
      'x',
    ]) {
      const refused = await choose(body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
    expect((await read()).body).toEqual(before);
    expect((await call(app, 'GET', '/api/business/auto-accept')).status).toBe(401);
  });
});

describe('a newly paid order', () => {
  it('stays new while automatic acceptance is off', async () => {
    await choose({ enabled: false, readyInMinutes: null });
    const { orderId } = await dinerPays(app, shop);
    await settle();
    expect((await liveOrder(orderId)).status).toBe('paid');
    expect((await orderEvents(orderId)).filter((event) => event.type === 'OrderAccepted')).toEqual([]);
    // Turning it on later accepts no order that was paid before: the kitchen has it in hand.
    await choose({ enabled: true, readyInMinutes: 20 });
    await redeliver(orderId);
    await settle();
    expect((await liveOrder(orderId)).status).toBe('paid');
  });

  it('is accepted with the estimate when it is on, once, even when its payment is delivered again', async () => {
    await choose({ enabled: true, readyInMinutes: 20 });
    const { orderId } = await dinerPays(app, shop);
    await settle();
    expect((await liveOrder(orderId)).status).toBe('accepted');
    await redeliver(orderId);
    await settle();
    const accepted = (await orderEvents(orderId)).filter((event) => event.type === 'OrderAccepted');
    expect(accepted).toHaveLength(1);
    const { at, estimatedReadyAt } = accepted[0]!.data as { at: string; estimatedReadyAt: string };
    expect(Date.parse(estimatedReadyAt) - Date.parse(at)).toBe(20 * 60_000);
    expect(accepted[0]!.metadata.actor).toEqual({ kind: 'system', id: 'auto-accept' });
  });

  it('is accepted without an estimate when the owner gave none', async () => {
    await choose({ enabled: true, readyInMinutes: null });
    const { orderId } = await dinerPays(app, shop);
    await settle();
    const accepted = (await orderEvents(orderId)).filter((event) => event.type === 'OrderAccepted');
    expect(accepted).toHaveLength(1);
    expect((accepted[0]!.data as { estimatedReadyAt?: string }).estimatedReadyAt).toBeUndefined();
  });

  it('moved on by the kitchen is left alone by a later delivery', async () => {
    await choose({ enabled: true, readyInMinutes: 10 });
    const { orderId } = await dinerPays(app, shop);
    await settle();
    const ready = await call(app, 'POST', `/api/live-orders/${orderId}/status`, {
      token: owner.token,
      body: { status: 'ready' },
    });
    expect(ready.status).toBe(200);
    const before = await orderEvents(orderId);
    await redeliver(orderId);
    await settle();
    expect(await orderEvents(orderId)).toHaveLength(before.length);
    expect((await liveOrder(orderId)).status).toBe('ready');
  });
});
