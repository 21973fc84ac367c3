import type { LiveOrdersAnswer } from '@tafrit/contracts/sockets';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, boardFrom, replaceOrder, setOrderStatus } from './live-board';
import { liveOrder } from './test-fixtures';

// Who moved an order (issue 31): the console's push names the person, and the board keeps the name with the status.

const printer: LiveOrdersAnswer['printer'] = { isOnline: false, printerName: null, lastSeen: null, paired: false };
const at = '2025-09-20T09:10:00.000Z';
const board = boardFrom({ orders: [liveOrder()], position: 10, printer });
const accepted = applyLiveEvent(board, {
  kind: 'order.status',
  position: 11,
  orderId: 'order-1',
  status: 'accepted',
  at,
  by: 'דנה',
});

describe('who moved an order, on the live board', () => {
  it('takes the name from the status push', () => {
    expect(accepted.orders[0]).toMatchObject({ status: 'accepted', statusBy: 'דנה' });
  });

  it('names nobody for a push without a name (the automatic acceptance)', () => {
    const ready = applyLiveEvent(accepted, {
      kind: 'order.status',
      position: 12,
      orderId: 'order-1',
      status: 'ready',
      at,
    });
    expect(ready.orders[0]?.status).toBe('ready');
    expect(ready.orders[0]?.statusBy).toBeUndefined();
  });

  it("keeps the name when the step's own answer comes after the push, and drops it for a new status", () => {
    const answered = replaceOrder(accepted, liveOrder({ status: 'accepted' }));
    expect(answered.orders[0]?.statusBy).toBe('דנה');
    const movedOn = replaceOrder(accepted, liveOrder({ status: 'ready' }));
    expect(movedOn.orders[0]?.statusBy).toBeUndefined();
    // Pressed here and shown at once: whose it is comes with the push.
    expect(setOrderStatus(accepted, 'order-1', 'ready').orders[0]?.statusBy).toBeUndefined();
  });
});
