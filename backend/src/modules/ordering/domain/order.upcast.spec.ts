import { describe, expect, it } from '@jest/globals';
import { VAT_RATE_PERCENT, type OrderEvent } from '@tafrit/contracts';
import { orderDecider, type PlacedOrder } from './order.decider.js';
import { upcastOrderState, type StoredOrderState } from './order.upcast.js';

// Snapshots written by older versions of the decider lack the fields added since; loaded, they read as the current
// decider's fold of the same events would. Each case: given a stored shape, when it is upcast, then the state.

const orderId = '0b6e7c1e-8f7a-4d7e-9c1e-1a2b3c4d5e6f';
const businessPhone = '+972523456789';
const T0 = '2026-11-21T10:00:00.000Z';
const T1 = '2026-11-21T10:05:00.000Z';

const events: OrderEvent[] = [
  {
    type: 'OrderPlaced',
    data: {
      orderId,
      businessPhone,
      departmentId: 'demo',
      orderNumber: 7,
      lines: [{ productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 2 }],
      totalAgorot: 2900,
      commissionAgorot: 145,
      netAgorot: 2755,
      remarks: null,
      tableNumber: 4,
      dinerSessionId: 'session-1',
      customerName: null,
      customerPhone: null,
      placedAt: T0,
    },
  },
  {
    type: 'PaymentPageOpened',
    data: {
      orderId,
      businessPhone,
      provider: 'sandbox',
      lowProfileId: 'lp-1',
      paymentUrl: 'https://menu.example/pay/sandbox/lp-1',
      terminal: 'platform',
      amountAgorot: 2900,
      openedAt: T0,
    },
  },
  {
    type: 'OrderPaid',
    data: {
      orderId,
      businessPhone,
      provider: 'sandbox',
      lowProfileId: 'lp-1',
      transactionId: 'tx-1',
      approvalNumber: '123456',
      last4: '0000',
      brand: 'Visa',
      amountAgorot: 2900,
      document: null,
      commissionAgorot: 145,
      netAgorot: 2755,
      paidAt: T1,
    },
  },
  {
    type: 'InvoiceIssued',
    data: {
      orderId,
      businessPhone,
      source: 'platform',
      invoiceNumber: '1',
      invoiceUrl: `/api/invoice/${orderId}?token=t`,
      totalAgorot: 2900,
      beforeVatAgorot: 2458,
      vatAgorot: 442,
      vatRatePercent: VAT_RATE_PERCENT,
      issuedAt: T1,
    },
  },
];

/** The current fold of the events: what every upcast snapshot must read as. */
const current = events.reduce(orderDecider.evolve, orderDecider.initialState()) as PlacedOrder;

/** The same order as an older version stored it: without the fields named. */
function storedWithout(...fields: (keyof PlacedOrder | 'payment.method')[]): StoredOrderState {
  const stored: Record<string, unknown> = { ...current, payment: { ...current.payment } };
  for (const field of fields) {
    if (field === 'payment.method') delete (stored.payment as Record<string, unknown>).method;
    else delete stored[field];
  }
  return stored as unknown as StoredOrderState;
}

const given = (stored: StoredOrderState) => ({
  whenLoaded: () => ({
    then: (expected: unknown) => expect(upcastOrderState(stored)).toEqual(expected),
  }),
});

describe('upcasting stored order snapshots', () => {
  it('a snapshot of the current shape comes back as the same object', () => {
    expect(upcastOrderState(current)).toBe(current);
  });

  it('no order yet stays no order', () => given({ placed: false }).whenLoaded().then({ placed: false }));

  it('stored before tips: no tip', () =>
    given(storedWithout('tipAgorot'))
      .whenLoaded()
      .then({ ...current, tipAgorot: 0 }));

  it('stored before the seller was recorded: none', () =>
    given(storedWithout('seller'))
      .whenLoaded()
      .then({ ...current, seller: null }));

  it('stored before refunds existed: none', () =>
    given(storedWithout('refunds'))
      .whenLoaded()
      .then({ ...current, refunds: [] }));

  it('paid before the way of paying was kept: by card', () => {
    given(storedWithout('payment.method'))
      .whenLoaded()
      .then({ ...current, payment: { ...current.payment, method: 'card' } });
    // An unpaid order has no way of paying yet: nothing is added.
    const unpaid = events.slice(0, 2).reduce(orderDecider.evolve, orderDecider.initialState());
    expect(upcastOrderState(unpaid)).toBe(unpaid);
  });

  it("invoiced before its source and rate were kept: ours when the link is on our origin, else the provider's", () => {
    given(storedWithout('invoiceSource', 'invoiceVatRatePercent'))
      .whenLoaded()
      .then({ ...current, invoiceSource: 'platform', invoiceVatRatePercent: VAT_RATE_PERCENT });
    const provider = {
      ...storedWithout('invoiceSource', 'invoiceVatRatePercent'),
      invoiceUrl: 'https://cardcom/doc/1',
    };
    given(provider as StoredOrderState)
      .whenLoaded()
      .then({
        ...current,
        invoiceUrl: 'https://cardcom/doc/1',
        invoiceSource: 'provider',
        invoiceVatRatePercent: VAT_RATE_PERCENT,
      });
  });

  it('the oldest snapshot, missing all of them, reads as the fold of its events', () =>
    given(storedWithout('tipAgorot', 'seller', 'refunds', 'payment.method', 'invoiceSource', 'invoiceVatRatePercent'))
      .whenLoaded()
      .then(current));

  it('an upcast old snapshot decides as the fold does: a refund on an order stored before refunds', () => {
    const refund = {
      type: 'RequestRefund' as const,
      data: { refundId: 'r-1', amountAgorot: 1000, reason: 'קר', now: T1 },
    };
    const old = upcastOrderState(storedWithout('tipAgorot', 'refunds', 'invoiceSource', 'invoiceVatRatePercent'));
    expect(orderDecider.decide(refund, old)).toEqual(orderDecider.decide(refund, current));
  });
});
