import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderEventData } from '@tafrit/contracts';
import { slipIdOf } from '../../src/modules/ordering/domain/order.decider.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { paidOrder, registerCafe, repeatPayment, streamOf, typesOf } from '../invoicing/support.js';
import { recordOrder } from '../support/orders.js';

// The kitchen slip is queued with the payment, in its transaction (decision 015); the printing module delivers it.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the kitchen slip of a paid order', () => {
  it('is queued once per paid order, named after the order, with the payment', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);

    const events = await streamOf(app, orderId);
    const queued = events.filter((event) => event.type === 'SlipQueued');
    expect(queued).toHaveLength(1);
    expect(queued[0]?.data).toMatchObject({
      orderId,
      businessPhone: cafe.phone,
      slipId: slipIdOf(orderId),
    } satisfies Partial<OrderEventData['SlipQueued']>);
    const paid = events.find((event) => event.type === 'OrderPaid');
    expect(queued[0]?.transactionId).toBe(paid?.transactionId);
    expect(queued[0]?.metadata.actor).toEqual(paid?.metadata.actor);
  });

  it('queues nothing more when the same payment is recorded again', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);
    await repeatPayment(app, orderId);
    await repeatPayment(app, orderId);
    expect(typesOf(await streamOf(app, orderId)).filter((type) => type === 'SlipQueued')).toHaveLength(1);
  });

  it('queues no slip for an order that was never paid', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await recordOrder(app, {
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber: cafe.nextOrderNumber(),
    });
    expect(typesOf(await streamOf(app, orderId))).toEqual(['OrderPlaced']);
  });
});
