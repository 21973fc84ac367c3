import { describe, expect, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { BUSINESS_PHONE, ORDER_ID, SELLER_BLOCK, orderPlaced } from '../../../../test/support/order-events.js';
import { OrderExpiredError, OrderInvalidTransitionError } from './order.errors.js';
import { orderDecider, type OrderCommand, type PlacedOrder } from './order.decider.js';

// Pay at the end (issue 34, part 3, decision 058): a tab's rounds go to the kitchen unpaid, its bill is paid at the
// end in parts (a held card's charge among them) and never goes to the kitchen.
const { given } = deciderSpec(orderDecider);
const orderId = ORDER_ID;
const businessPhone = BUSINESS_PHONE;
const PLACED = '2026-11-30T18:00:00.000Z';
const T1 = '2026-11-30T18:40:00.000Z';
const WINDOW_LATER = '2026-11-30T19:00:00.000Z';
const fold = (events: OrderEvent[]) => events.reduce(orderDecider.evolve, orderDecider.initialState()) as PlacedOrder;

const round = orderPlaced({ placedAt: PLACED, tableNumber: 4, tableCartId: 'cart-1', tab: { round: 2 } });
const slip: OrderEvent = {
  type: 'SlipQueued',
  data: { orderId, businessPhone, slipId: `slip-${orderId}`, queuedAt: T1, round: 2 },
};

describe("a tab's round", () => {
  it('goes to the kitchen once its cart recorded it: its slip, marked as the round, once', () => {
    given([round])
      .when({ type: 'StartRound', data: { now: T1 } })
      .then([slip]);
    given([round, slip])
      .when({ type: 'StartRound', data: { now: T1 } })
      .then([]);
    expect(fold([round, slip])).toMatchObject({ status: 'paid', slip: 'queued', payment: { status: 'pending' } });
  });

  it('moves through the kitchen, and is never charged itself', () => {
    given([round, slip])
      .when({ type: 'AcceptOrder', data: { now: T1 } })
      .then([{ type: 'OrderAccepted', data: { orderId, businessPhone, at: T1 } }]);
    given([round, slip])
      .when({
        type: 'OpenPaymentPage',
        data: {
          now: T1,
          provider: 'sandbox',
          lowProfileId: 'lp',
          paymentUrl: 'https://x.example/p',
          terminal: 'platform',
        },
      })
      .thenThrows(OrderInvalidTransitionError);
  });

  it('a round its cart refused ends unshown and never reaches the kitchen', () => {
    given([round])
      .when({ type: 'ExpireOrder', data: { now: T1, unshown: true } })
      .then([{ type: 'OrderExpired', data: { orderId, businessPhone, expiredAt: T1 } }]);
    given([round, { type: 'OrderExpired', data: { orderId, businessPhone, expiredAt: T1 } }])
      .when({ type: 'StartRound', data: { now: T1 } })
      .thenThrows(OrderExpiredError);
  });

  it('a round sent to the kitchen never expires', () =>
    given([round, slip])
      .when({ type: 'ExpireOrder', data: { now: WINDOW_LATER } })
      .then([]));

  it('only a round is started so', () =>
    given([orderPlaced({ placedAt: PLACED })])
      .when({ type: 'StartRound', data: { now: T1 } })
      .thenThrows(OrderInvalidTransitionError));
});

describe("a tab's bill", () => {
  const bill = orderPlaced({
    placedAt: PLACED,
    tableNumber: 4,
    tableCartId: 'cart-1',
    tab: { bill: true },
    seller: { ...SELLER_BLOCK, receiptPhone: null },
  });
  // The held card's charge: its part's page is our charge id, its result names the hold's page.
  const holdPart: OrderCommand = {
    type: 'OpenPartPage',
    data: {
      now: T1,
      partId: 'charge-1',
      dinerSessionId: 'session-1',
      payer: { dinerId: 'd1', name: 'דנה', colour: 'teal' },
      choice: { mode: 'all' },
      mineAgorot: 0,
      itemsAgorot: 1450,
      tipAgorot: 0,
      provider: 'sandbox',
      lowProfileId: 'charge-1',
      paymentUrl: 'https://menu.example/pay/sandbox/hold-page',
      terminal: 'platform',
    },
  };
  const charged: OrderCommand = {
    type: 'RecordPayment',
    data: {
      provider: 'sandbox',
      lowProfileId: 'hold-page',
      partId: 'charge-1',
      transactionId: 'tx-hold',
      approvalNumber: '555',
      last4: '4242',
      brand: 'visa',
      amountAgorot: 1450,
      document: null,
      method: 'card',
      invoiceUrl: `/api/invoice/${orderId}?part=charge-1`,
      now: T1,
    },
  };

  it("is paid by the held card's charge, found by its part, and sends nothing to the kitchen", () => {
    const [opened] = orderDecider.decide(holdPart, fold([bill]));
    const events = orderDecider.decide(charged, fold([bill, opened!]));
    expect(events.map((event) => event.type)).toEqual(['PartPaid', 'InvoiceIssued', 'OrderPaid']);
    expect(events[0]!.data).toMatchObject({ partId: 'charge-1', lowProfileId: 'hold-page', commissionAgorot: 73 });
    expect(events[2]!.data).toMatchObject({ tabBill: true, amountAgorot: 1450, parts: 1 });
  });

  it("a declined charge leaves the bill's share open", () => {
    const [opened] = orderDecider.decide(holdPart, fold([bill]));
    given([bill, opened!])
      .when({
        type: 'RecordPaymentFailure',
        data: {
          provider: 'sandbox',
          lowProfileId: 'hold-page',
          partId: 'charge-1',
          responseCode: '7',
          reason: 'no',
          now: T1,
        },
      })
      .then([
        {
          type: 'PartFailed',
          data: {
            orderId,
            businessPhone,
            partId: 'charge-1',
            provider: 'sandbox',
            lowProfileId: 'hold-page',
            responseCode: '7',
            reason: 'no',
            failedAt: T1,
          },
        },
      ]);
  });
});
