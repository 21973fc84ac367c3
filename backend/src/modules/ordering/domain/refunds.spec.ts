import { describe, expect, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import fc from 'fast-check';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { orderDecider, type OrderCommand, type OrderState, type PlacedOrder } from './order.decider.js';
import {
  CreditNotRetryableError,
  OrderExpiredError,
  OrderInvalidTransitionError,
  PaymentMismatchError,
  RefundAmountInvalidError,
  RefundExceedsRemainingError,
  RefundFullyRefundedError,
  RefundIdReusedError,
  RefundLineUnavailableError,
  RefundNotFoundError,
  RefundOrderNotPaidError,
} from './order.errors.js';
import { CREDIT_NUMBER_AT_COMMIT, refundableAgorot } from './refunds.js';

const { given } = deciderSpec(orderDecider);
const orderId = '0b6e7c1e-8f7a-4d7e-9c1e-1a2b3c4d5e6f';
const businessPhone = '+972523456789';
const T0 = '2026-11-21T10:00:00.000Z';
const T1 = '2026-11-21T10:05:00.000Z';
const T2 = '2026-11-21T10:10:00.000Z';
const R1 = '11111111-1111-4111-8111-111111111111';
const R2 = '22222222-2222-4222-8222-222222222222';

// Two lines: 2 × ₪14.50 and 1 × ₪12.00 = ₪41.00; commission 5% = ₪2.05.
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    businessPhone,
    departmentId: 'demo',
    orderNumber: 7,
    lines: [
      { productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 2 },
      { productId: 2, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1 },
    ],
    totalAgorot: 4100,
    commissionAgorot: 205,
    netAgorot: 3895,
    remarks: null,
    tableNumber: null,
    dinerSessionId: 'session-1',
    customerName: null,
    customerPhone: null,
    placedAt: T0,
  },
};
const paid: OrderEvent = {
  type: 'OrderPaid',
  data: {
    orderId,
    businessPhone,
    provider: 'sandbox',
    lowProfileId: 'lp-1',
    transactionId: 'tx-1',
    approvalNumber: null,
    last4: '0000',
    brand: null,
    amountAgorot: 4100,
    commissionAgorot: 205,
    netAgorot: 3895,
    document: null,
    paidAt: T1,
  },
};
const request = (
  refundId: string,
  details: { amountAgorot?: number; lines?: { index: number; quantity: number }[] } = {},
): OrderCommand => ({ type: 'RequestRefund', data: { refundId, reason: 'נגמר המוצר', now: T2, ...details } });
const requested = (
  refundId: string,
  amountAgorot: number,
  commissionAgorot: number,
  lines: { index: number; quantity: number }[] | null = null,
): OrderEvent => ({
  type: 'RefundRequested',
  data: {
    orderId,
    businessPhone,
    refundId,
    amountAgorot,
    commissionAgorot,
    lines,
    reason: 'נגמר המוצר',
    requestedAt: T2,
  },
});
const refunded = (refundId: string, amountAgorot: number): OrderEvent => ({
  type: 'OrderRefunded',
  data: {
    orderId,
    businessPhone,
    refundId,
    provider: 'sandbox',
    providerRefundId: `rf-${refundId}`,
    amountAgorot,
    refundedAt: T2,
  },
});
const refundFailed = (refundId: string): OrderEvent => ({
  type: 'RefundFailed',
  data: { orderId, businessPhone, refundId, responseCode: '5', reason: 'סירוב', failedAt: T2 },
});
const answer = (refundId: string, amountAgorot: number): OrderCommand => ({
  type: 'RecordRefund',
  data: {
    refundId,
    provider: 'sandbox',
    providerRefundId: `rf-${refundId}`,
    amountAgorot,
    creditUrl: `/api/invoice/${orderId}/credits/${refundId}?token=t`,
    now: T2,
  },
});
const noCredit = (refundId: string): OrderEvent => ({
  type: 'CreditFailed',
  data: { orderId, businessPhone, refundId, reason: 'the order has no tax invoice to credit', failedAt: T2 },
});
const invoiced = (source: 'platform' | 'provider'): OrderEvent => ({
  type: 'InvoiceIssued',
  data: {
    orderId,
    businessPhone,
    source,
    invoiceNumber: '17',
    invoiceUrl: source === 'platform' ? `/api/invoice/${orderId}?token=t` : 'https://secure.cardcom.solutions/d/17',
    totalAgorot: 4100,
    beforeVatAgorot: 3475,
    vatAgorot: 625,
    vatRatePercent: 18,
    issuedAt: T1,
  },
});
const refusal = (refundId: string): OrderCommand => ({
  type: 'RecordRefundFailure',
  data: { refundId, responseCode: '5', reason: 'סירוב', now: T2 },
});

describe('refunds: what may be refunded', () => {
  it('neither amount nor lines refunds all that remains, with all of the commission', () =>
    given([placed, paid])
      .when(request(R1))
      .then([requested(R1, 4100, 205)]));

  it('an amount refunds that amount and returns its share of the commission, rounded half up', () =>
    given([placed, paid])
      .when(request(R1, { amountAgorot: 1000 }))
      .then([requested(R1, 1000, 50)]));

  it('lines by position refund their units at the price they were sold for', () =>
    given([placed, paid])
      .when(request(R1, { lines: [{ index: 0, quantity: 1 }] }))
      .then([requested(R1, 1450, 73, [{ index: 0, quantity: 1 }])]));

  describe('of an order placed with a promo code (issue 33)', () => {
    // 10% off: 290 on the coffees, 120 on the croissant; 36.90 paid, commission 5% of it.
    const discounted: OrderEvent = {
      type: 'OrderPlaced',
      data: {
        ...(placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']),
        lines: [
          { productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 2, discountAgorot: 290 },
          { productId: 2, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1, discountAgorot: 120 },
        ],
        totalAgorot: 3690,
        commissionAgorot: 185,
        netAgorot: 3505,
        discount: { code: 'TEN', promoCodeId: 'promo-1', agorot: 410 },
      },
    };
    const paidDiscounted: OrderEvent = {
      type: 'OrderPaid',
      data: {
        ...(paid.data as Extract<OrderEvent, { type: 'OrderPaid' }>['data']),
        amountAgorot: 3690,
        commissionAgorot: 185,
        netAgorot: 3505,
      },
    };

    it('a refunded line returns what was paid for it, not its menu price', () =>
      given([discounted, paidDiscounted])
        .when(request(R1, { lines: [{ index: 1, quantity: 1 }] }))
        .then([requested(R1, 1080, 54, [{ index: 1, quantity: 1 }])]));

    it('a line refunded unit by unit returns, in all, what was paid for it', () =>
      given([discounted, paidDiscounted, requested(R1, 1305, 65, [{ index: 0, quantity: 1 }]), refunded(R1, 1305)])
        .when(request(R2, { lines: [{ index: 0, quantity: 1 }] }))
        .then([requested(R2, 1305, 65, [{ index: 0, quantity: 1 }])]));
  });

  it('the refund that empties the order returns exactly the commission left', () =>
    given([placed, paid, requested(R1, 1450, 73, [{ index: 0, quantity: 1 }]), refunded(R1, 1450)])
      .when(request(R2))
      .then([requested(R2, 2650, 132)]));

  it('an unpaid order cannot be refunded', () => given([placed]).when(request(R1)).thenThrows(RefundOrderNotPaidError));

  it('an order that expired unpaid answers order.expired', () =>
    given([placed, { type: 'OrderExpired', data: { orderId, businessPhone, expiredAt: T1 } }])
      .when(request(R1))
      .thenThrows(OrderExpiredError));

  it('a fully refunded order refuses another refund', () =>
    given([placed, paid, requested(R1, 4100, 205), refunded(R1, 4100)])
      .when(request(R2, { amountAgorot: 100 }))
      .thenThrows(RefundFullyRefundedError));

  it('more than remains is refused, naming what remains', () =>
    given([placed, paid, requested(R1, 4000, 200)])
      .when(request(R2, { amountAgorot: 101 }))
      .thenThrows(RefundExceedsRemainingError, (error) => expect(error.remainingAgorot).toBe(100)));

  it('a refund waiting for the provider holds its amount', () =>
    given([placed, paid, requested(R1, 4100, 205)])
      .when(request(R2, { amountAgorot: 1 }))
      .thenThrows(RefundFullyRefundedError));

  it('a refused refund gives its amount back', () =>
    given([placed, paid, requested(R1, 4100, 205), refundFailed(R1)])
      .when(request(R2, { amountAgorot: 4100 }))
      .then([requested(R2, 4100, 205)]));

  it('a zero, negative or fractional amount is refused', () => {
    for (const amountAgorot of [0, -100, 10.5]) {
      given([placed, paid]).when(request(R1, { amountAgorot })).thenThrows(RefundAmountInvalidError);
    }
  });

  it('a line not in the order, named twice, or with more units than remain is refused', () => {
    for (const lines of [
      [{ index: 2, quantity: 1 }],
      [{ index: -1, quantity: 1 }],
      [{ index: 1, quantity: 2 }],
      [
        { index: 0, quantity: 1 },
        { index: 0, quantity: 1 },
      ],
      [],
    ]) {
      given([placed, paid]).when(request(R1, { lines })).thenThrows(RefundLineUnavailableError);
    }
    given([placed, paid, requested(R1, 1450, 73, [{ index: 0, quantity: 1 }])])
      .when(request(R2, { lines: [{ index: 0, quantity: 2 }] }))
      .thenThrows(RefundLineUnavailableError);
  });
});

describe('refunds: each recorded once', () => {
  it('the same request again (a double click, a retry) decides nothing', () => {
    given([placed, paid, requested(R1, 1000, 50)])
      .when(request(R1, { amountAgorot: 1000 }))
      .then([]);
    given([placed, paid, requested(R1, 4100, 205), refunded(R1, 4100)])
      .when(request(R1))
      .then([]);
  });

  it('the same refund id with another amount or other lines is refused', () => {
    given([placed, paid, requested(R1, 1000, 50)])
      .when(request(R1, { amountAgorot: 2000 }))
      .thenThrows(RefundIdReusedError);
    given([placed, paid, requested(R1, 1000, 50)])
      .when(request(R1, { lines: [{ index: 1, quantity: 1 }] }))
      .thenThrows(RefundIdReusedError);
  });

  it('a refused refund asked for again is requested again under its id, with its amount', () =>
    given([placed, paid, requested(R1, 1000, 50), refundFailed(R1)])
      .when(request(R1, { amountAgorot: 1000 }))
      .then([requested(R1, 1000, 50)]));

  it("the provider's refund is recorded once; a repeated answer changes nothing", () => {
    given([placed, paid, requested(R1, 1000, 50)])
      .when(answer(R1, 1000))
      .then([refunded(R1, 1000), noCredit(R1)]);
    given([placed, paid, requested(R1, 1000, 50), refunded(R1, 1000)])
      .when(answer(R1, 1000))
      .then([]);
  });

  it('a refusal is recorded once, and not after the refund', () => {
    given([placed, paid, requested(R1, 1000, 50)])
      .when(refusal(R1))
      .then([refundFailed(R1)]);
    given([placed, paid, requested(R1, 1000, 50), refundFailed(R1)])
      .when(refusal(R1))
      .then([]);
    given([placed, paid, requested(R1, 1000, 50), refunded(R1, 1000)])
      .when(refusal(R1))
      .then([]);
  });

  it('an answer for a refund never asked for, or of another amount, is refused', () => {
    given([placed, paid]).when(answer(R1, 1000)).thenThrows(RefundNotFoundError);
    given([placed, paid]).when(refusal(R1)).thenThrows(RefundNotFoundError);
    given([placed, paid, requested(R1, 1000, 50)])
      .when(answer(R1, 1001))
      .thenThrows(PaymentMismatchError);
  });
});

describe('the credit tax document of a refund', () => {
  it('is ours when the invoice was ours: numbered at commit, at the invoice VAT rate, naming the invoice', () =>
    given([placed, paid, invoiced('platform'), requested(R1, 1450, 73, [{ index: 0, quantity: 1 }])])
      .when(answer(R1, 1450))
      .then([
        refunded(R1, 1450),
        {
          type: 'CreditIssued',
          data: {
            orderId,
            businessPhone,
            refundId: R1,
            source: 'platform',
            creditNumber: CREDIT_NUMBER_AT_COMMIT,
            creditUrl: `/api/invoice/${orderId}/credits/${R1}?token=t`,
            originalInvoiceNumber: '17',
            lines: [{ index: 0, quantity: 1 }],
            totalAgorot: 1450,
            beforeVatAgorot: 1229,
            vatAgorot: 221,
            vatRatePercent: 18,
            issuedAt: T2,
          },
        },
      ]));

  it("is the provider's own credit document when the invoice was the provider's, with the seller at the refund", () => {
    const seller = { name: 'קפה', dealerNumber: '515678902', receiptPhone: null, street: 'הרצל 12', city: 'חיפה' };
    const providerCredit = {
      status: 'issued' as const,
      documentType: 'TaxInvoiceAndReceiptRefund',
      documentNumber: '3007',
      documentUrl: 'https://secure.cardcom.solutions/doc/3007',
    };
    const made = answer(R1, 1000);
    given([placed, paid, invoiced('provider'), requested(R1, 1000, 50)])
      .when({ ...made, data: { ...made.data, seller, providerCredit } } as OrderCommand)
      .then([
        refunded(R1, 1000),
        {
          type: 'CreditIssued',
          data: {
            orderId,
            businessPhone,
            refundId: R1,
            source: 'provider',
            creditNumber: '3007',
            creditUrl: 'https://secure.cardcom.solutions/doc/3007',
            originalInvoiceNumber: '17',
            lines: null,
            totalAgorot: 1000,
            beforeVatAgorot: 847,
            vatAgorot: 153,
            vatRatePercent: 18,
            issuedAt: T2,
            seller: { name: 'קפה', dealerNumber: '515678902', phone: businessPhone, street: 'הרצל 12', city: 'חיפה' },
          },
        },
      ]);
  });

  it("fails with the provider's reason when it made no credit document, and without an invoice", () => {
    const made = answer(R1, 1000);
    const providerCredit = { status: 'failed' as const, reason: 'Cardcom did not make the credit document: x' };
    given([placed, paid, invoiced('provider'), requested(R1, 1000, 50)])
      .when({ ...made, data: { ...made.data, providerCredit } } as OrderCommand)
      .then([
        refunded(R1, 1000),
        {
          type: 'CreditFailed',
          data: { orderId, businessPhone, refundId: R1, reason: providerCredit.reason, failedAt: T2 },
        },
      ]);
    given([placed, paid, invoiced('provider'), requested(R1, 1000, 50)])
      .when(answer(R1, 1000))
      .then([
        refunded(R1, 1000),
        {
          type: 'CreditFailed',
          data: {
            orderId,
            businessPhone,
            refundId: R1,
            reason: "the invoice is the provider's and the provider made no credit document",
            failedAt: T2,
          },
        },
      ]);
    given([placed, paid, requested(R1, 1000, 50)])
      .when(answer(R1, 1000))
      .then([refunded(R1, 1000), noCredit(R1)]);
  });
});

describe("asking again for the provider's credit document that failed (decision 026)", () => {
  const failedCredit: OrderEvent = {
    type: 'CreditFailed',
    data: { orderId, businessPhone, refundId: R1, reason: 'Cardcom: Deal not found (5301)', failedAt: T2 },
  };
  const providerRefund = [placed, paid, invoiced('provider'), requested(R1, 1000, 50), refunded(R1, 1000)];
  const retry: OrderCommand = { type: 'RequestCreditRetry', data: { refundId: R1, now: T2 } };
  const retryAsked: OrderEvent = {
    type: 'CreditRetryRequested',
    data: { orderId, businessPhone, refundId: R1, requestedAt: T2 },
  };
  const issued = {
    status: 'issued' as const,
    documentType: 'TaxInvoiceAndReceiptRefund',
    documentNumber: '3008',
    documentUrl: 'https://secure.cardcom.solutions/doc/3008',
  };
  const answered = (providerCredit: Extract<OrderCommand, { type: 'RecordCreditRetry' }>['data']['providerCredit']) =>
    ({
      type: 'RecordCreditRetry',
      data: { refundId: R1, creditUrl: `/api/invoice/${orderId}/credits/${R1}?token=t`, providerCredit, now: T2 },
    }) as OrderCommand;

  it('records the ask before the provider is asked, and the credit document with its answer', () => {
    given([...providerRefund, failedCredit])
      .when(retry)
      .then([retryAsked]);
    given([...providerRefund, failedCredit, retryAsked])
      .when(answered(issued))
      .then([
        {
          type: 'CreditIssued',
          data: {
            orderId,
            businessPhone,
            refundId: R1,
            source: 'provider',
            creditNumber: '3008',
            creditUrl: issued.documentUrl,
            originalInvoiceNumber: '17',
            lines: null,
            totalAgorot: 1000,
            beforeVatAgorot: 847,
            vatAgorot: 153,
            vatRatePercent: 18,
            issuedAt: T2,
          },
        },
      ]);
  });

  it('asks once: a second ask while one is in flight, or after the document was made, decides nothing', () => {
    given([...providerRefund, failedCredit, retryAsked])
      .when(retry)
      .then([]);
    const made: OrderEvent = {
      type: 'CreditIssued',
      data: {
        orderId,
        businessPhone,
        refundId: R1,
        source: 'provider',
        creditNumber: '3008',
        creditUrl: issued.documentUrl,
        originalInvoiceNumber: '17',
        lines: null,
        totalAgorot: 1000,
        beforeVatAgorot: 847,
        vatAgorot: 153,
        vatRatePercent: 18,
        issuedAt: T2,
      },
    };
    given([...providerRefund, failedCredit, retryAsked, made])
      .when(retry)
      .then([]);
    // A repeated or stale answer is not recorded twice.
    given([...providerRefund, failedCredit, retryAsked, made])
      .when(answered(issued))
      .then([]);
    given([...providerRefund, failedCredit])
      .when(answered(issued))
      .then([]);
  });

  it('a failed second ask is recorded with its reason and may be asked for again', () => {
    const reason = 'Cardcom could not be reached';
    given([...providerRefund, failedCredit, retryAsked])
      .when(answered({ status: 'failed', reason }))
      .then([{ type: 'CreditFailed', data: { orderId, businessPhone, refundId: R1, reason, failedAt: T2 } }]);
    const again: OrderEvent = {
      type: 'CreditFailed',
      data: { orderId, businessPhone, refundId: R1, reason, failedAt: T2 },
    };
    const state = [...providerRefund, failedCredit, retryAsked, again].reduce(
      orderDecider.evolve,
      orderDecider.initialState(),
    ) as PlacedOrder;
    expect(state.refunds[0]).toMatchObject({ credit: 'failed', creditFailureReason: reason });
    given([...providerRefund, failedCredit, retryAsked, again])
      .when(retry)
      .then([retryAsked]);
  });

  it('is refused for our own credit document, an order without an invoice, and a refund not made; unknown is 404', () => {
    given([placed, paid, invoiced('platform'), requested(R1, 1000, 50), refunded(R1, 1000), failedCredit])
      .when(retry)
      .thenThrows(CreditNotRetryableError);
    given([placed, paid, requested(R1, 1000, 50), refunded(R1, 1000), noCredit(R1)])
      .when(retry)
      .thenThrows(CreditNotRetryableError);
    given([placed, paid, invoiced('provider'), requested(R1, 1000, 50)])
      .when(retry)
      .thenThrows(CreditNotRetryableError);
    given(providerRefund)
      .when({ type: 'RequestCreditRetry', data: { refundId: R2, now: T2 } })
      .thenThrows(RefundNotFoundError);
  });
});

describe('declining a new order', () => {
  const decline: OrderCommand = { type: 'DeclineOrder', data: { refundId: R1, reason: 'נגמר המוצר', now: T2 } };
  const declined: OrderEvent = {
    type: 'OrderDeclined',
    data: { orderId, businessPhone, reason: 'נגמר המוצר', declinedAt: T2 },
  };

  it('cancels the order and refunds all of it in one step', () =>
    given([placed, paid])
      .when(decline)
      .then([declined, requested(R1, 4100, 205)]));

  it('twice (two consoles) decides nothing the second time', () =>
    given([placed, paid, declined, requested(R1, 4100, 205)])
      .when(decline)
      .then([]));

  it('is refused once the kitchen accepted the order, and for an unpaid order', () => {
    given([placed, paid, { type: 'OrderAccepted', data: { orderId, businessPhone, at: T1 } }])
      .when(decline)
      .thenThrows(OrderInvalidTransitionError);
    given([placed]).when(decline).thenThrows(RefundOrderNotPaidError);
  });

  it('a cancelled order takes no kitchen step', () =>
    given([placed, paid, declined, requested(R1, 4100, 205)])
      .when({ type: 'AcceptOrder', data: { now: T2 } })
      .thenThrows(OrderInvalidTransitionError));
});

/**
 * Any interleaving of requests (new ids and repeats of old ones, amounts, lines, whole), provider answers (refunds,
 * refusals, repeats, stale answers) and declines: the money refunded, and the money held by refunds waiting for an
 * answer, never exceeds what was paid, and the refunds' commissions never exceed the order's.
 */
describe('refunds: never more than was paid (property)', () => {
  const ids = [R1, R2, '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];
  const id = fc.constantFrom(...ids);
  const command: fc.Arbitrary<OrderCommand> = fc.oneof(
    id.map((refundId) => request(refundId)),
    fc
      .tuple(id, fc.integer({ min: -10, max: 4200 }))
      .map(([refundId, amountAgorot]) => request(refundId, { amountAgorot })),
    fc
      .tuple(id, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 3 }))
      .map(([refundId, index, quantity]) => request(refundId, { lines: [{ index, quantity }] })),
    fc.tuple(id, fc.integer({ min: 0, max: 4200 })).map(([refundId, amount]) => answer(refundId, amount)),
    id.map((refundId) => refusal(refundId)),
    id.map((refundId): OrderCommand => ({ type: 'DeclineOrder', data: { refundId, reason: 'x', now: T2 } })),
  );

  it('holds under any sequence of commands', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let state: OrderState = [placed, paid].reduce(orderDecider.evolve, orderDecider.initialState());
        let refundedAgorot = 0;
        for (const one of commands) {
          let events: OrderEvent[];
          try {
            events = orderDecider.decide(one, state);
          } catch {
            continue; // a refusal changes nothing
          }
          for (const event of events) {
            if (event.type === 'OrderRefunded') refundedAgorot += event.data.amountAgorot;
            state = orderDecider.evolve(state, event);
          }
          const order = state as PlacedOrder;
          const live = order.refunds.filter((r) => r.status !== 'failed');
          expect(refundedAgorot).toBeLessThanOrEqual(4100);
          expect(live.reduce((sum, r) => sum + r.amountAgorot, 0)).toBeLessThanOrEqual(4100);
          expect(live.reduce((sum, r) => sum + r.commissionAgorot, 0)).toBeLessThanOrEqual(205);
          expect(refundableAgorot(order)).toBeGreaterThanOrEqual(0);
          // Each refund id is one refund: recorded as refunded at most once.
          expect(new Set(order.refunds.map((r) => r.refundId)).size).toBe(order.refunds.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a refund of an order with a tip (decision 027)', () => {
  // The same ₪41.00 of items with a ₪4.10 tip: ₪45.10 charged, the commission ₪2.05 on the items only.
  const tippedPlaced: OrderEvent = {
    ...placed,
    data: { ...(placed.data as object), totalAgorot: 4510, netAgorot: 4305, tipAgorot: 410 },
  } as OrderEvent;
  const tippedPaid: OrderEvent = {
    ...paid,
    data: { ...(paid.data as object), amountAgorot: 4510, netAgorot: 4305, tipAgorot: 410 },
  } as OrderEvent;
  const tippedInvoice: OrderEvent = {
    ...invoiced('platform'),
    data: { ...(invoiced('platform').data as object), totalAgorot: 4510, tipAgorot: 410 },
  } as OrderEvent;
  const credit = (refundId: string, totalAgorot: number, beforeVatAgorot: number, vatAgorot: number, tip?: number) => ({
    type: 'CreditIssued' as const,
    data: {
      orderId,
      businessPhone,
      refundId,
      source: 'platform' as const,
      creditNumber: CREDIT_NUMBER_AT_COMMIT,
      creditUrl: `/api/invoice/${orderId}/credits/${refundId}?token=t`,
      originalInvoiceNumber: '17',
      lines: null,
      totalAgorot,
      beforeVatAgorot,
      vatAgorot,
      vatRatePercent: 18,
      issuedAt: T2,
      ...(tip ? { tipAgorot: tip } : {}),
    },
  });

  it("an amount within the items returns the items' share of the commission (the tip carried none)", () =>
    given([tippedPlaced, tippedPaid])
      .when(request(R1, { amountAgorot: 1450 }))
      .then([requested(R1, 1450, 73)]));

  it('a whole refund returns the tip apart on the credit document, outside the VAT, with all of the commission', () => {
    given([tippedPlaced, tippedPaid])
      .when(request(R1))
      .then([requested(R1, 4510, 205)]);
    given([tippedPlaced, tippedPaid, tippedInvoice, requested(R1, 4510, 205)])
      .when(answer(R1, 4510))
      .then([refunded(R1, 4510), credit(R1, 4510, 3475, 625, 410)]);
  });

  it('returns the sale first and the tip last: the refund beyond the items is the tip, without VAT or commission', () => {
    const first = [tippedPlaced, tippedPaid, tippedInvoice, requested(R1, 4100, 205), refunded(R1, 4100)];
    given(first)
      .when(request(R2, { amountAgorot: 410 }))
      .then([requested(R2, 410, 0)]);
    given([
      ...first,
      { type: 'CreditIssued', data: credit(R1, 4100, 3475, 625).data } as OrderEvent,
      requested(R2, 410, 0),
    ])
      .when(answer(R2, 410))
      .then([refunded(R2, 410), credit(R2, 410, 0, 0, 410)]);
  });
});
