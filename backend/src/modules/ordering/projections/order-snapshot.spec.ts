import { describe, expect, it } from '@jest/globals';
import { agorotOfDecimal, leanSnapshotOf } from './order-snapshot.js';
import { orderRowOf } from './order-row.js';
import type { PlacedOrder } from '../domain/order.decider.js';

const order: PlacedOrder = {
  placed: true,
  orderId: '7af3fbe8-a89d-409a-b9b1-c5f6fa7056c2',
  businessPhone: '+972548625798',
  orderNumber: 384,
  lines: [{ productId: 1158, name: 'הפוך', unitPriceAgorot: 1400, quantity: 1 }],
  totalAgorot: 1400,
  commissionAgorot: 70,
  netAgorot: 1330,
  tipAgorot: 0,
  placedAt: '2026-11-30T20:56:23.000Z',
  departmentId: 'p7Aj_3tAge74EyRx',
  remarks: 'בלי בצל',
  tableNumber: 8,
  dinerSessionId: '666ecfc6-faa2-4ba5-91b9-12be4292bf93',
  customerName: null,
  customerPhone: null,
  seller: null,
  status: 'paid',
  payment: {
    status: 'paid',
    pages: [{ lowProfileId: 'lp-1', paymentUrl: 'http://127.0.0.1/pay/sandbox/lp-1' }],
    transactionId: 'tx-1',
    failedPages: [],
    provider: 'sandbox',
    lowProfileId: 'lp-1',
    last4: '4242',
    brand: 'Visa',
    approvalNumber: '123456',
    paidAt: '2026-11-30T20:57:26.471Z',
    method: 'card',
  },
  invoice: 'generated',
  invoiceNumber: '384',
  invoiceUrl: '/api/invoice/7af3fbe8-a89d-409a-b9b1-c5f6fa7056c2?token=t',
  receiptSms: 'pending',
  slipQueued: true,
  slip: 'queued',
  refunds: [],
};

const lean = (state: PlacedOrder) => leanSnapshotOf(state, orderRowOf(state));

describe("the order's snapshot as its row keeps it", () => {
  it('leaves out what the columns give back, and keeps the rest', () => {
    expect(lean(order)).toEqual({
      placed: true,
      lines: order.lines,
      placedAt: order.placedAt,
      remarks: 'בלי בצל',
      customerName: null,
      seller: null,
      payment: { pages: order.payment.pages, failedPages: [], paidAt: order.payment.paidAt, method: 'card' },
      invoiceNumber: '384',
      receiptSms: 'pending',
      slipQueued: true,
      refunds: [],
    });
  });

  it('keeps a value its column cannot give back as it was', () => {
    const upper = { ...order, orderId: order.orderId.toUpperCase() };
    expect(lean(upper)).toMatchObject({ orderId: upper.orderId });
    const longUrl = { ...order, invoiceUrl: `https://docs.example/${'x'.repeat(500)}` };
    expect(lean(longUrl)).toMatchObject({ invoiceUrl: longUrl.invoiceUrl });
    // A test order's payment column says 'test', never its payment's own state.
    const test = { ...order, test: true as const, payment: { ...order.payment, status: 'pending' as const } };
    expect(lean(test)['payment']).toMatchObject({ status: 'pending' });
    // A field the state lacks is not added.
    const { tipAgorot: _tip, ...withoutTip } = order;
    expect(lean(withoutTip as PlacedOrder)).not.toHaveProperty('tipAgorot');
  });

  it('reads a numeric(10,2) column back as agorot, exactly', () => {
    expect([agorotOfDecimal('0.00'), agorotOfDecimal('12.50'), agorotOfDecimal('99999999.99')]).toEqual([
      0, 1250, 9_999_999_999,
    ]);
    expect([agorotOfDecimal('12.5'), agorotOfDecimal('-1.00'), agorotOfDecimal('1e3')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
