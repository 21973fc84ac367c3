import { describe, expect, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import { foldOrder, type PlacedOrder } from '../domain/order.decider.js';
import { RecentOrders } from './recent-orders.js';

const placedEvent = (orderId: string, orderNumber: number): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId,
    businessPhone: '+972523456789',
    departmentId: 'dept-1',
    orderNumber,
    lines: [{ productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 1 }],
    totalAgorot: 1450,
    commissionAgorot: 73,
    netAgorot: 1377,
    remarks: null,
    tableNumber: null,
    dinerSessionId: 'session-1',
    customerName: null,
    customerPhone: null,
    placedAt: '2026-11-25T10:00:00.000Z',
    seller: { name: 'קפה', dealerNumber: '123456782', receiptPhone: null },
  },
});
const placed = (orderId: string, orderNumber: number) =>
  foldOrder([{ ...placedEvent(orderId, orderNumber), streamVersion: 1 } as never]) as PlacedOrder;
const page = (orderId: string) => ({
  orderId,
  provider: 'sandbox',
  terminal: 'platform' as const,
  businessPhone: '+972523456789',
});

describe('RecentOrders', () => {
  it('keeps the last state and version of an order, and finds it by department and number', () => {
    const recent = new RecentOrders();
    const order = placed('o-1', 7);
    recent.remember(order, 1);
    recent.remember({ ...order, status: 'paid' }, 4);
    expect(recent.get('o-1')).toEqual({ state: { ...order, status: 'paid' }, version: 4 });
    expect(recent.fresh('dept-1', 7, 2_000)?.status).toBe('paid');
    expect(recent.fresh('dept-1', 8, 2_000)).toBeUndefined();
    expect(recent.fresh('dept-2', 7, 2_000)).toBeUndefined();
  });

  it('answers by number only within the window after this process last wrote or read the order', () => {
    const recent = new RecentOrders();
    let now = 1_000_000;
    recent.now = () => now;
    recent.remember(placed('o-1', 7), 1);
    now += 2_000;
    expect(recent.fresh('dept-1', 7, 2_000)).toBeDefined();
    now += 1;
    expect(recent.fresh('dept-1', 7, 2_000)).toBeUndefined();
    // The state itself is still a hint for the next command (the append checks its version).
    expect(recent.get('o-1')?.version).toBe(1);
  });

  it('never remembers an order that was not placed', () => {
    const recent = new RecentOrders();
    recent.remember(foldOrder([]), 0);
    expect(recent.get('o-1')).toBeUndefined();
  });

  it('drops the least recently written orders first, with their pages and numbers', () => {
    const recent = new RecentOrders();
    const first = placed('o-0', 1);
    recent.remember({ ...first, payment: { ...first.payment, pages: [{ lowProfileId: 'lp-0', paymentUrl: 'x' }] } }, 2);
    recent.rememberPage('lp-0', page('o-0'));
    for (let i = 1; i < 20_001; i++) recent.remember(placed(`o-${i}`, i + 1), 1);
    // o-0 was the oldest: gone with its page and its number; o-1 is still there.
    expect(recent.get('o-0')).toBeUndefined();
    expect(recent.page('lp-0')).toBeUndefined();
    expect(recent.fresh('dept-1', 1, 60_000)).toBeUndefined();
    expect(recent.get('o-1')).toBeDefined();

    // Written again, an order becomes the newest and outlives older ones.
    const again = new RecentOrders();
    again.remember(placed('a', 1), 1);
    again.remember(placed('b', 2), 1);
    again.remember(placed('a', 1), 2);
    for (let i = 0; i < 19_999; i++) again.remember(placed(`c-${i}`, i + 3), 1);
    expect(again.get('b')).toBeUndefined();
    expect(again.get('a')?.version).toBe(2);
  });

  it('keeps the pages an order opened while the order is kept', () => {
    const recent = new RecentOrders();
    const order = placed('o-1', 7);
    recent.remember({ ...order, payment: { ...order.payment, pages: [{ lowProfileId: 'lp-1', paymentUrl: 'x' }] } }, 2);
    recent.rememberPage('lp-1', page('o-1'));
    expect(recent.page('lp-1')).toEqual(page('o-1'));
    expect(recent.page('lp-2')).toBeUndefined();
  });
});
