import type { LiveOrder } from '@tafrit/contracts/sockets';

/** A paid order as the live console receives it, with the fields a test cares about overridden. */
export function liveOrder(overrides: Partial<LiveOrder> = {}): LiveOrder {
  return {
    orderId: 'order-1',
    orderNumber: 101,
    paidAt: '2025-09-20T09:05:00.000Z',
    tableNumber: null,
    lines: [{ name: 'הפוך', quantity: 1, lineTotalAgorot: 1400 }],
    remarks: null,
    totalAgorot: 1400,
    refundedAgorot: 0,
    status: 'paid',
    printStatus: 'none',
    printError: null,
    ...overrides,
  };
}
