import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import {
  CompleteRefundCommand,
  type RefundOutcome,
} from '../../src/modules/ordering/application/complete-refund.handler.js';
import { RequestRefundCommand } from '../../src/modules/ordering/application/request-refund.handler.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { RefundRecovery } from '../../src/modules/ordering/processors/refund-recovery.js';
import { PAYMENT_PROVIDER, PaymentProviderError, type PaymentProvider } from '../../src/modules/payments/index.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Refunds through the provider port (issue 17) with the sandbox provider: the request is in the log before the
// provider is asked, the refund id is the provider's key, and a lost answer is completed by the recovery sweep.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let commands: CommandBus;
let provider: PaymentProvider;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  commands = app.app.get(CommandBus);
  provider = app.app.get<PaymentProvider>(PAYMENT_PROVIDER);
});
afterAll(async () => {
  await app?.close();
});

/** Two coffees and a croissant, ₪41.00, paid in the sandbox. */
const paidOrder = async (): Promise<string> => (await dinerPays(app, shop)).orderId;

const refund = (
  orderId: string,
  asked: { refundId?: string; amountAgorot?: number; lines?: { index: number; quantity: number }[] },
) =>
  commands.execute<RequestRefundCommand, RefundOutcome>(
    new RequestRefundCommand(
      owner.phone,
      orderId,
      { refundId: asked.refundId ?? randomUUID(), reason: 'נגמר המוצר', ...asked },
      { kind: 'owner', id: owner.phone },
      randomUUID(),
    ),
  );

const refundEvents = async (orderId: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events
    .map((event) => event.type)
    .filter((type) => ['RefundRequested', 'OrderRefunded', 'RefundFailed', 'OrderDeclined'].includes(type));

const sandboxRefunds = async (orderId: string) =>
  query<{ amount_agorot: number }>(
    app.database.em(),
    `select r.amount_agorot from sandbox_refunds r join orders o on o.cardcom_transaction_id = r.transaction_id
      where o.id = ?`,
    [orderId],
  );

describe('refunds through the sandbox provider', () => {
  it('records the request, then the refund; the sandbox holds one refund of that amount', async () => {
    const orderId = await paidOrder();
    const outcome = await refund(orderId, { lines: [{ index: 0, quantity: 1 }] });
    expect(outcome).toMatchObject({ amountAgorot: 1450, status: 'refunded' });
    expect(await refundEvents(orderId)).toEqual(['RefundRequested', 'OrderRefunded']);
    expect((await sandboxRefunds(orderId)).map((r) => Number(r.amount_agorot))).toEqual([1450]);
  });

  it('a repeated request of the same refund id refunds once', async () => {
    const orderId = await paidOrder();
    const refundId = randomUUID();
    const [a, b] = await Promise.all([
      refund(orderId, { refundId, amountAgorot: 1000 }),
      refund(orderId, { refundId, amountAgorot: 1000 }),
    ]);
    expect([a.status, b.status]).toEqual(['refunded', 'refunded']);
    expect(await refundEvents(orderId)).toEqual(['RefundRequested', 'OrderRefunded']);
    expect(await sandboxRefunds(orderId)).toHaveLength(1);
  });

  it('concurrent whole refunds under different ids: exactly one refund, the other refused', async () => {
    const orderId = await paidOrder();
    const results = await Promise.allSettled([refund(orderId, {}), refund(orderId, {})]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'refund.fully_refunded' },
    });
    expect((await sandboxRefunds(orderId)).map((r) => Number(r.amount_agorot))).toEqual([4100]);
  });

  it('a provider that cannot be reached leaves the refund requested, holding its amount; the sweep completes it once', async () => {
    const orderId = await paidOrder();
    const spy = jest.spyOn(provider, 'refund').mockRejectedValueOnce(new PaymentProviderError('sandbox unreachable'));
    const outcome = await refund(orderId, { amountAgorot: 4100 });
    spy.mockRestore();
    expect(outcome.status).toBe('requested');
    await expect(refund(orderId, { amountAgorot: 1 })).rejects.toMatchObject({ code: 'refund.fully_refunded' });
    expect(await sandboxRefunds(orderId)).toHaveLength(0);

    const recovery = app.app.get(RefundRecovery);
    expect(await recovery.sweep(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await refundEvents(orderId)).toEqual(['RefundRequested', 'OrderRefunded']);
    // A second sweep, or another instance's, finds nothing left to do.
    await recovery.sweep(new Date(Date.now() + 60_000));
    expect(await refundEvents(orderId)).toEqual(['RefundRequested', 'OrderRefunded']);
    expect((await sandboxRefunds(orderId)).map((r) => Number(r.amount_agorot))).toEqual([4100]);
  });

  it('the process dying after the provider refunded and before the record: the sweep records it, no second refund', async () => {
    const orderId = await paidOrder();
    const refundId = randomUUID();
    const orders = app.app.get(OrderStore);
    const now = new Date().toISOString();
    // What survives a SIGKILL at that moment: the request in the log, the money moved at the provider.
    await orders.execute(
      orderId,
      { type: 'RequestRefund', data: { refundId, amountAgorot: 2000, reason: 'טעות', now } },
      { correlationId: randomUUID(), actor: { kind: 'owner', id: owner.phone }, occurredAt: now },
    );
    const { state } = await orders.load(orderId);
    if (!state.placed) throw new Error('no order');
    const answered = await provider.refund({
      refundId,
      lowProfileId: state.payment.lowProfileId!,
      transactionId: state.payment.transactionId!,
      amountAgorot: 2000,
      paidAgorot: 4100,
      followsAnother: false,
      terminal: { owner: 'platform', credentials: null },
    });
    expect(answered.status).toBe('refunded');

    await app.app.get(RefundRecovery).sweep(new Date(Date.now() + 60_000));
    expect(await refundEvents(orderId)).toEqual(['RefundRequested', 'OrderRefunded']);
    expect((await sandboxRefunds(orderId)).map((r) => Number(r.amount_agorot))).toEqual([2000]);
    // The owner's retry after the fact reports the same refund and moves nothing.
    await expect(commands.execute(new CompleteRefundCommand(orderId, refundId, randomUUID()))).resolves.toMatchObject({
      status: 'refunded',
      amountAgorot: 2000,
    });
    expect(await sandboxRefunds(orderId)).toHaveLength(1);
  });

  it('a refusal by the provider is recorded with its reason and the amount may be refunded again', async () => {
    const orderId = await paidOrder();
    const refundId = randomUUID();
    const spy = jest
      .spyOn(provider, 'refund')
      .mockResolvedValueOnce({ status: 'failed', responseCode: '6', reason: 'סירוב (בדיקה)' });
    const outcome = await refund(orderId, { refundId, amountAgorot: 4100 });
    spy.mockRestore();
    expect(outcome).toMatchObject({ status: 'failed', failureReason: 'סירוב (בדיקה)' });
    // Tried again under its own id: asked anew, refunded once.
    await expect(refund(orderId, { refundId, amountAgorot: 4100 })).resolves.toMatchObject({ status: 'refunded' });
    expect(await refundEvents(orderId)).toEqual([
      'RefundRequested',
      'RefundFailed',
      'RefundRequested',
      'OrderRefunded',
    ]);
    expect(await sandboxRefunds(orderId)).toHaveLength(1);
  });

  it('declining a new order cancels it and refunds it whole', async () => {
    const orderId = await paidOrder();
    const outcome = await commands.execute<RequestRefundCommand, RefundOutcome>(
      new RequestRefundCommand(
        owner.phone,
        orderId,
        { refundId: randomUUID(), reason: 'נגמר החלב' },
        { kind: 'owner', id: owner.phone },
        randomUUID(),
        true,
      ),
    );
    expect(outcome).toMatchObject({ status: 'refunded', amountAgorot: 4100 });
    expect(await refundEvents(orderId)).toEqual(['OrderDeclined', 'RefundRequested', 'OrderRefunded']);
    const [row] = await query<{ status: string }>(app.database.em(), 'select status from orders where id = ?', [
      orderId,
    ]);
    expect(row?.status).toBe('cancelled');
  });

  it("refuses, before recording anything, a charge another provider made (the sandbox's after a switch)", async () => {
    const orderId = await paidOrder();
    const replaced = jest.replaceProperty(provider as { name: string }, 'name', 'cardcom');
    try {
      await expect(refund(orderId, {})).rejects.toMatchObject({ code: 'payment.provider_failed' });
    } finally {
      replaced.restore();
    }
    expect(await refundEvents(orderId)).toEqual([]);
  });
});
