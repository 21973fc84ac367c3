import { describe, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import {
  BUSINESS_PHONE,
  ORDER_ID,
  orderPaid,
  orderPlaced,
  paymentPageOpened,
  recordPayment,
  SELLER_BLOCK,
} from '../../../../test/support/order-events.js';
import { INVOICE_NUMBER_AT_COMMIT, orderDecider, type OrderCommand } from './order.decider.js';

const { given } = deciderSpec(orderDecider);
const orderId = ORDER_ID;
const businessPhone = BUSINESS_PHONE;
// Monday 30 November 2026, Israel time (UTC+2): placed 11:00, pickup 12:30 with a 15-minute estimate, due 12:15.
const PLACED = '2026-11-30T09:00:00.000Z';
const PAID = '2026-11-30T09:02:00.000Z';
const PICKUP = '2026-11-30T10:30:00.000Z';
const DUE = '2026-11-30T10:15:00.000Z';

const placedAhead = orderPlaced({
  orderNumber: 3,
  placedAt: PLACED,
  seller: { ...SELLER_BLOCK, receiptPhone: null },
  pickupAt: PICKUP,
  dueAt: DUE,
});
const opened = paymentPageOpened({ openedAt: PLACED });
const pay = (now: string): OrderCommand => recordPayment({ now });
const paidAt = (now: string): OrderEvent => orderPaid({ paidAt: now });
const invoicedAt = (now: string): OrderEvent => ({
  type: 'InvoiceIssued',
  data: {
    orderId,
    businessPhone,
    source: 'platform',
    invoiceNumber: INVOICE_NUMBER_AT_COMMIT,
    invoiceUrl: `/api/invoice/${orderId}?token=t`,
    totalAgorot: 1450,
    beforeVatAgorot: 1229,
    vatAgorot: 221,
    vatRatePercent: 18,
    issuedAt: now,
    seller: SELLER_BLOCK,
  },
});
const due: OrderEvent = { type: 'OrderDue', data: { orderId, businessPhone, pickupAt: PICKUP, dueAt: DUE } };
const slipAt = (now: string): OrderEvent => ({
  type: 'SlipQueued',
  data: { orderId, businessPhone, slipId: `slip-${orderId}`, queuedAt: now },
});
const markDue = (now: string): OrderCommand => ({ type: 'MarkOrderDue', data: { now } });

describe('an order for later', () => {
  it('paid before its preparation should start, it is paid and invoiced but not yet printed', () =>
    given([placedAhead, opened])
      .when(pay(PAID))
      .then([paidAt(PAID), invoicedAt(PAID)]));

  it('paid after its preparation should have started, it is due at once and prints with the payment', () => {
    const late = '2026-11-30T10:20:00.000Z';
    given([placedAhead, opened])
      .when(pay(late))
      .then([paidAt(late), invoicedAt(late), due, slipAt(late)]);
  });

  it('an order for 12:30 with a 15-minute estimate is not due at 12:14', () =>
    given([placedAhead, opened, paidAt(PAID), invoicedAt(PAID)])
      .when(markDue('2026-11-30T10:14:59.000Z'))
      .then([]));

  it('turns new at 12:15 with its slip', () =>
    given([placedAhead, opened, paidAt(PAID), invoicedAt(PAID)])
      .when(markDue(DUE))
      .then([due, slipAt(DUE)]));

  it('turns new once: a second sweep decides nothing', () =>
    given([placedAhead, opened, paidAt(PAID), invoicedAt(PAID), due, slipAt(DUE)])
      .when(markDue(DUE))
      .then([]));

  it('an unpaid order for later never turns new', () => given([placedAhead, opened]).when(markDue(DUE)).then([]));
});
