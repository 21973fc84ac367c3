import { describe, expect, it } from '@jest/globals';
import { agorotOfDecimal, leanSnapshotOf, linesFromItems } from './order-snapshot.js';
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
      seller: null,
      payment: { pages: order.payment.pages, failedPages: [], method: 'card' },
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
    // A time its timestamptz column would give back in another form (no milliseconds), and a test order's payment
    // time (its column holds the placing), stay.
    const secondsOnly = { ...order, placedAt: '2026-11-30T20:56:23Z' };
    expect(lean(secondsOnly)).toMatchObject({ placedAt: '2026-11-30T20:56:23Z' });
    expect(lean({ ...test, payment: { ...test.payment, paidAt: null } })['payment']).toMatchObject({ paidAt: null });
    const longRemarks = { ...order, remarks: 'א'.repeat(501) };
    expect(lean(longRemarks)).toMatchObject({ remarks: longRemarks.remarks });
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

describe("the order's lines, given back by its items", () => {
  type Line = PlacedOrder['lines'][number];
  const withLines = (lines: Line[]): PlacedOrder => ({ ...order, lines });
  const hummus: Line = { productId: 7, name: 'חומוס', unitPriceAgorot: 3800, quantity: 2 };
  const onion = { groupId: 'g-1', groupName: 'תוספות', optionId: 'o-1', name: 'בצל', priceAgorot: 0, without: true };

  it('leaves out lines their items give back: plain, translated, discounted, none at all', () => {
    const translated: Line = { ...hummus, translatedName: { language: 'en', name: 'Hummus' }, discountAgorot: 380 };
    for (const lines of [[hummus], [translated, hummus], []]) {
      expect(lean(withLines(lines))).not.toHaveProperty('lines');
      expect(linesFromItems(orderRowOf(withLines(lines)).items)).toStrictEqual(lines);
    }
  });

  it('gives back prices in agorot exactly, where the shekels are not exact in binary', () => {
    const prices = [0, 1, 10, 29, 30, 57, 1250, 1999, 12345, 99_999_999, 9_999_999_999];
    const lines = prices.map((unitPriceAgorot, index) => ({ ...hummus, productId: index + 1, unitPriceAgorot }));
    expect(linesFromItems(orderRowOf(withLines(lines)).items)).toStrictEqual(lines);
    expect(lean(withLines(lines))).not.toHaveProperty('lines');
  });

  it('keeps all the lines when one of them is not given back exactly', () => {
    const keeps: Line[][] = [
      // The option's group and option ids are not in the item.
      [hummus, { ...hummus, options: [onion] }],
      // The item leaves out what is empty, so these read back without it.
      [hummus, { ...hummus, discountAgorot: 0 }],
      [{ ...hummus, options: [] }],
      // A field the item does not hold, and a price not of whole agorot.
      [{ ...hummus, note: 'בלי חריף' } as Line],
      [{ ...hummus, unitPriceAgorot: 12.5 }],
    ];
    for (const lines of keeps) expect(lean(withLines(lines))).toMatchObject({ lines });
  });

  it('counts a field whose value is undefined as no field, as JSON stores it', () => {
    expect(lean(withLines([{ ...hummus, translatedName: undefined, discountAgorot: undefined }]))).not.toHaveProperty(
      'lines',
    );
  });

  it('reads an option without its ids back from its item, and a price it cannot read back as none', () => {
    const option = { ...onion, translatedName: { language: 'en' as const, name: 'Onion' } };
    const { groupId: _group, optionId: _option, ...choice } = option;
    const read = linesFromItems(orderRowOf(withLines([{ ...hummus, options: [option] }])).items);
    expect(read).toStrictEqual([{ ...hummus, options: [choice] }]);
    expect(linesFromItems([{ productId: 1, name: 'x', price: 0.125, quantity: 1 }])).toBeUndefined();
    expect(linesFromItems([{ productId: 1, name: 'x', price: 1e14, quantity: 1 }])).toBeUndefined();
  });
});
