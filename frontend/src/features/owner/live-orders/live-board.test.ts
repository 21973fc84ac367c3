import type { LiveOrdersAnswer } from '@tafrit/contracts/sockets';
import { describe, expect, it } from 'vitest';
import { liveOrder } from './test-fixtures';
import {
  applyLiveEvent,
  applyLiveEvents,
  boardFrom,
  isCancelled,
  mergeRecent,
  nextStep,
  unhandledCount,
} from './live-board';

const printer: LiveOrdersAnswer['printer'] = { isOnline: false, printerName: null, lastSeen: null, paired: false };
const at = '2025-09-20T09:10:00.000Z';

describe('the live board', () => {
  const first = liveOrder();
  const board = boardFrom({ orders: [first], position: 10, printer });

  it('adds a newly paid order newest first and remembers the highest position', () => {
    const second = liveOrder({ orderId: 'order-2', orderNumber: 102, paidAt: '2025-09-20T09:30:00.000Z' });
    const next = applyLiveEvent(board, { kind: 'order.paid', position: 11, order: second });
    expect(next.orders.map((order) => order.orderNumber)).toEqual([102, 101]);
    expect(next.lastPosition).toBe(11);
    expect(unhandledCount(next)).toBe(2);
  });

  it('ignores what the fetched list already reflects, and an event delivered twice', () => {
    const old = applyLiveEvent(board, { kind: 'order.status', position: 9, orderId: 'order-1', status: 'served', at });
    expect(old.orders[0]?.status).toBe('paid');
    const once = applyLiveEvent(board, { kind: 'order.paid', position: 12, order: liveOrder({ status: 'paid' }) });
    const accepted = applyLiveEvent(once, {
      kind: 'order.status',
      position: 13,
      orderId: 'order-1',
      status: 'accepted',
      at,
    });
    // The same order.paid again (a sync answer repeating a push) does not undo the newer status.
    const again = applyLiveEvent(accepted, { kind: 'order.paid', position: 12, order: liveOrder() });
    expect(again.orders).toHaveLength(1);
    expect(again.orders[0]?.status).toBe('accepted');
  });

  it("shows a refused refund's reason on the order until a later refund is made", () => {
    const refused = applyLiveEvent(board, {
      kind: 'order.refund_refused',
      position: 11,
      orderId: 'order-1',
      refundId: 'refund-1',
      reason: 'העסקה כבר זוכתה',
      at,
    });
    expect(refused.orders[0]?.refundRefused).toEqual({ refundId: 'refund-1', reason: 'העסקה כבר זוכתה' });
    expect(refused.orders[0]?.refundedAgorot).toBe(0);
    const made = applyLiveEvent(refused, {
      kind: 'order.refunded',
      position: 12,
      orderId: 'order-1',
      refundedAgorot: 700,
      at,
    });
    expect(made.orders[0]?.refundRefused).toBeUndefined();
    expect(made.orders[0]?.refundedAgorot).toBe(700);
    // Another business's order (not on this board) changes nothing.
    const stranger = applyLiveEvent(board, {
      kind: 'order.refund_refused',
      position: 13,
      orderId: 'order-9',
      refundId: 'refund-9',
      reason: 'x',
      at,
    });
    expect(stranger.orders).toEqual(board.orders);
  });

  it('merges events that arrive out of order: a push overtaking the sync answer', () => {
    const events = [
      { kind: 'order.status', position: 15, orderId: 'order-1', status: 'ready', at },
      { kind: 'order.status', position: 12, orderId: 'order-1', status: 'accepted', at },
      { kind: 'slip.status', position: 13, orderId: 'order-1', printStatus: 'failed', error: 'אין נייר', at },
      { kind: 'printer.status', position: 14, isOnline: true, printerName: 'Epson', at },
    ] as const;
    const next = applyLiveEvents(board, [...events]);
    expect(next.orders[0]?.status).toBe('ready');
    expect(next.orders[0]).toMatchObject({ printStatus: 'failed', printError: 'אין נייר' });
    expect(next.printer).toMatchObject({ isOnline: true, printerName: 'Epson' });
    expect(next.lastPosition).toBe(15);
  });

  it('an order paid event overtaken by its own status change still ends up with the newer status', () => {
    const paid = {
      kind: 'order.paid',
      position: 12,
      order: liveOrder({ orderId: 'order-9', orderNumber: 109 }),
    } as const;
    const accepted = { kind: 'order.status', position: 13, orderId: 'order-9', status: 'accepted', at } as const;
    const recent = mergeRecent(mergeRecent([], [accepted], 200), [paid, accepted], 200);
    expect(recent.map((event) => event.position)).toEqual([12, 13]);
    const next = applyLiveEvents(applyLiveEvents(board, [accepted]), recent);
    expect(next.orders.find((order) => order.orderId === 'order-9')?.status).toBe('accepted');
  });

  it('knows each order’s next step', () => {
    expect(nextStep('paid')).toBe('accepted');
    expect(nextStep('accepted')).toBe('ready');
    expect(nextStep('ready')).toBe('served');
    expect(nextStep('served')).toBeNull();
    // A declined order (cancelled and refunded) takes no more steps.
    expect(nextStep('cancelled')).toBeNull();
  });
});

describe('refunds on the live board (issue 17)', () => {
  const order = liveOrder({ totalAgorot: 4100 });
  const board = boardFrom({ orders: [order], position: 10, printer });
  const refunded = (position: number, total: number) =>
    ({ kind: 'order.refunded', position, orderId: 'order-1', refundedAgorot: total, at }) as const;

  it("keeps the order's refunded total, whatever the order and repeats of the pushes", () => {
    const inOrder = applyLiveEvents(board, [refunded(11, 1450), refunded(12, 4100)]);
    const overtaken = applyLiveEvents(board, [refunded(12, 4100), refunded(11, 1450), refunded(12, 4100)]);
    expect(inOrder.orders[0]?.refundedAgorot).toBe(4100);
    expect(overtaken.orders[0]?.refundedAgorot).toBe(4100);
    // The order.paid of a sync answer repeated after the refund does not take it back.
    const repeated = applyLiveEvent(overtaken, { kind: 'order.paid', position: 11, order });
    expect(repeated.orders[0]?.refundedAgorot).toBe(4100);
    // An order that is not listed is not added by a refund.
    expect(applyLiveEvent(board, { ...refunded(13, 100), orderId: 'elsewhere' }).orders).toHaveLength(1);
  });

  it('counts an order refunded whole, or declined, as cancelled: no longer a new order', () => {
    expect(isCancelled(order)).toBe(false);
    expect(isCancelled({ ...order, refundedAgorot: 1450 })).toBe(false);
    expect(isCancelled({ ...order, refundedAgorot: 4100 })).toBe(true);
    expect(isCancelled({ ...order, status: 'cancelled' })).toBe(true);
    expect(unhandledCount(applyLiveEvent(board, refunded(11, 4100)))).toBe(0);
  });
});
