import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderEventData } from '@tafrit/contracts';
import { SLIP_QUEUE_PROCESSOR, slipIdOf } from '../../src/modules/ordering/processors/slip-queue.processor.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  deliver,
  paidEventOf,
  paidOrder,
  paymentProcessors,
  registerCafe,
  streamOf,
  takeOverRunner,
  typesOf,
} from '../invoicing/support.js';
import { recordOrder } from '../support/orders.js';

let app: TestApp;
let runner: ProcessorRunner;
let processors: ReturnType<typeof paymentProcessors>;

beforeAll(async () => {
  app = await startTestApp();
  processors = paymentProcessors(app);
  runner = await takeOverRunner(app, [processors.slipQueue]);
});
afterAll(() => app.close());

describe('the kitchen slip of a paid order', () => {
  it('is queued once per paid order, named after the order', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);
    await runner.runUntilIdle();

    const queued = (await streamOf(app, orderId)).filter((event) => event.type === 'SlipQueued');
    expect(queued).toHaveLength(1);
    expect(queued[0]?.data).toMatchObject({
      orderId,
      businessPhone: cafe.phone,
      slipId: slipIdOf(orderId),
    } satisfies Partial<OrderEventData['SlipQueued']>);
    expect(queued[0]?.metadata.actor).toEqual({ kind: 'system', id: SLIP_QUEUE_PROCESSOR });
  });

  it('queues nothing more when the same payment is delivered again', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    const paid = await paidEventOf(app, orderId);
    await deliver(app, processors.slipQueue, paid);
    await deliver(app, processors.slipQueue, paid);
    expect(typesOf(await streamOf(app, orderId)).filter((type) => type === 'SlipQueued')).toHaveLength(1);
  });

  it('queues no slip for an order that was never paid', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await recordOrder(app, {
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber: cafe.nextOrderNumber(),
    });
    await runner.runUntilIdle();
    expect(typesOf(await streamOf(app, orderId))).toEqual(['OrderPlaced']);
  });
});
