import { describe, expect, it } from '@jest/globals';
import type { OrderEvent, OrderEventData } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { orderDecider, type OrderCommand, type PlacedOrder } from './order.decider.js';
import { OrderAlreadyPlacedError, OrderInvalidTransitionError, RefundOrderNotPaidError } from './order.errors.js';

// The owner's test order (issue 18, decision 034): it goes to the kitchen and the printer, and is never charged.
const { given } = deciderSpec(orderDecider);
const orderId = '6f0c1a52-3b7d-4c1e-9a9e-2d4b5c6d7e8f';
const businessPhone = '+972523456789';
const T0 = '2026-11-28T08:00:00.000Z';
const T1 = '2026-11-28T08:03:00.000Z';

const order: Omit<OrderEventData['OrderPlaced'], 'test'> = {
  orderId,
  businessPhone,
  departmentId: 'dept-1',
  orderNumber: 1,
  lines: [{ productId: 3, name: 'הפוך', unitPriceAgorot: 1450, quantity: 1 }],
  totalAgorot: 1450,
  commissionAgorot: 0,
  netAgorot: 1450,
  remarks: null,
  tableNumber: null,
  dinerSessionId: `test-${orderId}`,
  customerName: null,
  customerPhone: null,
  placedAt: T0,
};
const placeTest: OrderCommand = { type: 'PlaceTestOrder', data: order };
const placedTest: OrderEvent = { type: 'OrderPlaced', data: { ...order, test: true } };
const slipQueued: OrderEvent = {
  type: 'SlipQueued',
  data: { orderId, businessPhone, slipId: `slip-${orderId}`, queuedAt: T0, test: true },
};
const at = { now: T1 };

describe('a test order', () => {
  it('is placed marked as a test with its slip queued, and no payment page', () =>
    given([]).when(placeTest).then([placedTest, slipQueued]));

  it('carries no commission and no tip, whatever the command says', () =>
    given([])
      .when({ type: 'PlaceTestOrder', data: { ...order, commissionAgorot: 73, netAgorot: 1377, tipAgorot: 500 } })
      .then([placedTest, slipQueued]));

  it('is placed once', () => given([placedTest, slipQueued]).when(placeTest).thenThrows(OrderAlreadyPlacedError));

  it('waits for the kitchen as a paid order does, with nothing paid', () => {
    const state = [placedTest, slipQueued].reduce(orderDecider.evolve, orderDecider.initialState()) as PlacedOrder;
    expect(state).toMatchObject({ test: true, status: 'paid', slip: 'queued', payment: { status: 'pending' } });
  });

  it('moves through the kitchen steps', () =>
    given([placedTest, slipQueued])
      .when({ type: 'AcceptOrder', data: at })
      .then([{ type: 'OrderAccepted', data: { orderId, businessPhone, at: T1 } }]));

  it('records its slip printed', () =>
    given([placedTest, slipQueued])
      .when({ type: 'RecordSlipPrinted', data: { ...at, slipId: `slip-${orderId}`, agentId: 'agent-1' } })
      .then([
        {
          type: 'SlipPrinted',
          data: { orderId, businessPhone, slipId: `slip-${orderId}`, agentId: 'agent-1', printedAt: T1 },
        },
      ]));

  it('opens no payment page', () =>
    given([placedTest, slipQueued])
      .when({
        type: 'OpenPaymentPage',
        data: {
          ...at,
          provider: 'sandbox',
          lowProfileId: 'lp-1',
          paymentUrl: 'https://x.example/p',
          terminal: 'platform',
        },
      })
      .thenThrows(OrderInvalidTransitionError));

  it('records no payment', () =>
    given([placedTest, slipQueued])
      .when({
        type: 'RecordPayment',
        data: {
          ...at,
          provider: 'sandbox',
          lowProfileId: 'lp-1',
          transactionId: 'tx-1',
          approvalNumber: null,
          last4: null,
          brand: null,
          amountAgorot: 1450,
          document: null,
          invoiceUrl: '/api/invoice/x',
        },
      })
      .thenThrows(OrderInvalidTransitionError));

  it('gets no tax invoice', () =>
    given([placedTest, slipQueued])
      .when({
        type: 'IssueInvoice',
        data: {
          ...at,
          source: 'platform',
          invoiceNumber: '1',
          invoiceUrl: '/api/invoice/x',
          beforeVatAgorot: 1229,
          vatAgorot: 221,
          vatRatePercent: 18,
        },
      })
      .thenThrows(OrderInvalidTransitionError));

  it('sends no SMS receipt', () =>
    given([placedTest, slipQueued])
      .when({ type: 'RecordReceiptSms', data: { ...at, to: '+972501234567' } })
      .thenThrows(OrderInvalidTransitionError));

  it('cannot be refunded: nothing was paid', () =>
    given([placedTest, slipQueued])
      .when({ type: 'RequestRefund', data: { ...at, refundId: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', reason: 'x' } })
      .thenThrows(RefundOrderNotPaidError));

  it('cannot be declined with a refund: nothing was paid', () =>
    given([placedTest, slipQueued])
      .when({ type: 'DeclineOrder', data: { ...at, refundId: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', reason: 'x' } })
      .thenThrows(RefundOrderNotPaidError));

  it("is never expired for want of payment (it is in the kitchen's hands)", () =>
    given([placedTest, slipQueued])
      .when({ type: 'ExpireOrder', data: { now: '2026-11-28T12:00:00.000Z' } })
      .then([]));
});
