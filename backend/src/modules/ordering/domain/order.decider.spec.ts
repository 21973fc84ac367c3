import { describe, expect, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { INVOICE_NUMBER_AT_COMMIT, orderDecider, type OrderCommand } from './order.decider.js';
import {
  OrderAlreadyPaidError,
  OrderExpiredError,
  OrderInvalidTransitionError,
  OrderNotFoundError,
  PaymentMismatchError,
} from './order.errors.js';

const { given } = deciderSpec(orderDecider);
const orderId = '0b6e7c1e-8f7a-4d7e-9c1e-1a2b3c4d5e6f';
const businessPhone = '+972523456789';
const T0 = '2026-11-21T10:00:00.000Z';
const T1 = '2026-11-21T10:05:00.000Z';

const placed: OrderEvent = {
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
    remarks: 'בלי בצל',
    tableNumber: 4,
    dinerSessionId: 'session-1',
    customerName: null,
    customerPhone: null,
    placedAt: T0,
    seller: {
      name: 'קפה לנדוור',
      dealerNumber: '123456782',
      receiptPhone: null,
      phone: businessPhone,
      street: 'הרצל 12',
      city: 'תל אביב-יפו',
    },
  },
};
/** The seller's block the tax invoice prints (issue 17): from the order's seller as it was placed. */
const sellerBlock = {
  name: 'קפה לנדוור',
  dealerNumber: '123456782',
  phone: businessPhone,
  street: 'הרצל 12',
  city: 'תל אביב-יפו',
};
const opened = (lowProfileId = 'lp-1'): OrderEvent => ({
  type: 'PaymentPageOpened',
  data: {
    orderId,
    businessPhone,
    provider: 'sandbox',
    lowProfileId,
    paymentUrl: `https://menu.example/pay/sandbox/${lowProfileId}`,
    terminal: 'platform',
    amountAgorot: 2900,
    openedAt: T0,
  },
});
const payment = (overrides: Partial<Extract<OrderCommand, { type: 'RecordPayment' }>['data']> = {}): OrderCommand => ({
  type: 'RecordPayment',
  data: {
    provider: 'sandbox',
    lowProfileId: 'lp-1',
    transactionId: 'tx-1',
    approvalNumber: '123456',
    last4: '0000',
    brand: 'Visa',
    amountAgorot: 2900,
    document: null,
    invoiceUrl: `/api/invoice/${orderId}?token=t`,
    now: T1,
    ...overrides,
  },
});
const paid: OrderEvent = {
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
    commissionAgorot: 145,
    netAgorot: 2755,
    document: null,
    paidAt: T1,
  },
};
// The tax invoice and the kitchen slip are decided with the payment (decision 015); the store numbers the invoice.
const invoiced: OrderEvent = {
  type: 'InvoiceIssued',
  data: {
    orderId,
    businessPhone,
    source: 'platform',
    invoiceNumber: INVOICE_NUMBER_AT_COMMIT,
    invoiceUrl: `/api/invoice/${orderId}?token=t`,
    totalAgorot: 2900,
    beforeVatAgorot: 2458,
    vatAgorot: 442,
    vatRatePercent: 18,
    issuedAt: T1,
    seller: sellerBlock,
  },
};
const slipQueued: OrderEvent = {
  type: 'SlipQueued',
  data: { orderId, businessPhone, slipId: `slip-${orderId}`, queuedAt: T1 },
};
const paidWithEffects = [paid, invoiced, slipQueued];
const failed = (lowProfileId = 'lp-1'): OrderEvent => ({
  type: 'PaymentFailed',
  data: {
    orderId,
    businessPhone,
    provider: 'sandbox',
    lowProfileId,
    responseCode: '5',
    reason: 'declined',
    failedAt: T1,
  },
});
const failure = (lowProfileId = 'lp-1'): OrderCommand => ({
  type: 'RecordPaymentFailure',
  data: { provider: 'sandbox', lowProfileId, responseCode: '5', reason: 'declined', now: T1 },
});
const openPage = (lowProfileId: string): OrderCommand => ({
  type: 'OpenPaymentPage',
  data: {
    provider: 'sandbox',
    lowProfileId,
    paymentUrl: `https://menu.example/pay/sandbox/${lowProfileId}`,
    terminal: 'platform',
    now: T0,
  },
});
const step = (type: 'AcceptOrder' | 'MarkOrderReady' | 'MarkOrderServed'): OrderCommand => ({
  type,
  data: { now: T1 },
});

describe('the order decider', () => {
  describe('placing and paying', () => {
    it('places a new order', () =>
      given([])
        .when({ type: 'PlaceOrder', data: placed.data as never })
        .then([placed]));

    it('places an order whose lines record their choices with names and prices, and keeps them in its state', () => {
      const withOptions: OrderEvent = {
        type: 'OrderPlaced',
        data: {
          ...(placed.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']),
          lines: [
            {
              productId: 1,
              name: 'הפוך',
              unitPriceAgorot: 1650,
              quantity: 2,
              options: [
                {
                  groupId: 'g-milk',
                  groupName: 'חלב',
                  optionId: 'o-oat',
                  name: 'שיבולת שועל',
                  priceAgorot: 200,
                  without: false,
                },
                {
                  groupId: 'g-without',
                  groupName: 'בלי',
                  optionId: 'o-foam',
                  name: 'קצף',
                  priceAgorot: 0,
                  without: true,
                },
              ],
            },
          ],
          totalAgorot: 3300,
        },
      };
      given([])
        .when({ type: 'PlaceOrder', data: withOptions.data as never })
        .then([withOptions]);
      const state = orderDecider.evolve(orderDecider.initialState(), withOptions);
      expect(state.placed && state.lines[0]?.options?.map((option) => option.name)).toEqual(['שיבולת שועל', 'קצף']);
    });

    it('an order placed before options folds with lines that have none', () => {
      const state = orderDecider.evolve(orderDecider.initialState(), placed);
      expect(state.placed && state.lines[0]?.options).toBeUndefined();
    });

    it('refuses anything on an order that does not exist', () =>
      given([]).when(payment()).thenThrows(OrderNotFoundError));

    it('opens a payment page for the order total', () => given([placed]).when(openPage('lp-1')).then([opened()]));

    it('keeps one open page: a second request decides nothing', () =>
      given([placed, opened()]).when(openPage('lp-2')).then([]));

    it('opens a new page after the last one was declined', () =>
      given([placed, opened(), failed()])
        .when(openPage('lp-2'))
        .then([{ ...opened('lp-2') }]));

    it('records a verified payment with the commission and net of the order, its tax invoice and its slip', () =>
      given([placed, opened()]).when(payment()).then(paidWithEffects));

    it('takes the provider’s document as the invoice when it made one with the charge', () => {
      const document = { documentType: 'TaxInvoiceAndReceipt', documentNumber: '5001', documentUrl: null };
      given([placed, opened()])
        .when(payment({ document }))
        .then([
          { ...paid, data: { ...paid.data, document } } as OrderEvent,
          {
            ...invoiced,
            data: { ...invoiced.data, source: 'provider', invoiceNumber: '5001' },
          } as OrderEvent,
          slipQueued,
        ]);
    });

    it('records the invoice as failed when the seller cannot head a tax document', () => {
      const noDealer = {
        ...placed,
        data: { ...placed.data, seller: { name: 'קפה', dealerNumber: '12', receiptPhone: null } },
      };
      given([noDealer as OrderEvent, opened()])
        .when(payment())
        .then([
          paid,
          {
            type: 'InvoiceFailed',
            data: { orderId, businessPhone, reason: 'the business has no valid dealer number', failedAt: T1 },
          },
          slipQueued,
        ]);
    });

    it('an order placed before its seller was recorded names the business the command brings, or fails', () => {
      const { seller: _seller, ...older } = placed.data as { seller: unknown };
      const olderPlaced = { type: 'OrderPlaced', data: older } as OrderEvent;
      // An order that recorded no phone or address: the invoice prints the business's phone and no address.
      given([olderPlaced, opened()])
        .when(payment({ seller: { name: 'קפה לנדוור', dealerNumber: '123456782', receiptPhone: null } }))
        .then([
          paid,
          {
            ...invoiced,
            data: { ...invoiced.data, seller: { ...sellerBlock, street: null, city: null } },
          } as OrderEvent,
          slipQueued,
        ]);
      given([olderPlaced, opened()])
        .when(payment({ seller: null }))
        .then([
          paid,
          { type: 'InvoiceFailed', data: { orderId, businessPhone, reason: 'business not found', failedAt: T1 } },
          slipQueued,
        ]);
    });

    it('the same payment again (a repeated webhook) decides nothing', () =>
      given([placed, opened(), paid]).when(payment()).then([]));

    it('a different second charge is refused, never recorded', () =>
      given([placed, opened(), paid])
        .when(payment({ transactionId: 'tx-2' }))
        .thenThrows(OrderAlreadyPaidError));

    it('refuses a payment whose amount differs from the order', () =>
      given([placed, opened()])
        .when(payment({ amountAgorot: 100 }))
        .thenThrows(PaymentMismatchError));

    it('refuses a payment on a page that was never opened for this order', () =>
      given([placed, opened()])
        .when(payment({ lowProfileId: 'lp-x' }))
        .thenThrows(PaymentMismatchError));

    it('records a decline once, and a decline after the payment changes nothing', () => {
      given([placed, opened()]).when(failure()).then([failed()]);
      given([placed, opened(), failed()]).when(failure()).then([]);
      given([placed, opened(), paid]).when(failure()).then([]);
    });

    it('a declined page can still be paid on (the diner tried another card)', () =>
      given([placed, opened(), failed()]).when(payment()).then(paidWithEffects));

    it('cannot open a page for a paid order', () =>
      given([placed, opened(), paid]).when(openPage('lp-2')).thenThrows(OrderAlreadyPaidError));
  });

  describe('expiry', () => {
    const expire = (now: string): OrderCommand => ({ type: 'ExpireOrder', data: { now } });
    const expired: OrderEvent = {
      type: 'OrderExpired',
      data: { orderId, businessPhone, expiredAt: '2026-11-21T10:30:00.000Z' },
    };

    it('expires an unpaid order after 30 minutes, not before', () => {
      given([placed, opened()]).when(expire('2026-11-21T10:29:59.000Z')).then([]);
      given([placed, opened()]).when(expire('2026-11-21T10:30:00.000Z')).then([expired]);
    });

    it('an order whose page was never shown (its table changed meanwhile) ends at once, unless it was paid', () => {
      const unshown: OrderCommand = { type: 'ExpireOrder', data: { now: '2026-11-21T10:00:05.000Z', unshown: true } };
      given([placed, opened()])
        .when(unshown)
        .then([{ type: 'OrderExpired', data: { orderId, businessPhone, expiredAt: '2026-11-21T10:00:05.000Z' } }]);
      given([placed, opened(), paid]).when(unshown).then([]);
    });

    it('never expires a paid order, nor twice', () => {
      given([placed, opened(), paid]).when(expire('2026-11-21T12:00:00.000Z')).then([]);
      given([placed, expired]).when(expire('2026-11-21T12:00:00.000Z')).then([]);
    });

    it('an expired order opens no page, but a verified charge that arrives late is still recorded', () => {
      given([placed, expired]).when(openPage('lp-2')).thenThrows(OrderExpiredError);
      given([placed, opened(), expired]).when(payment()).then(paidWithEffects);
    });
  });

  describe('the kitchen', () => {
    const at = { orderId, businessPhone, at: T1 };

    it('moves paid -> accepted -> ready -> served, one step at a time', () => {
      given([placed, opened(), paid])
        .when(step('AcceptOrder'))
        .then([{ type: 'OrderAccepted', data: at }]);
      given([placed, opened(), paid, { type: 'OrderAccepted', data: at }])
        .when(step('MarkOrderReady'))
        .then([{ type: 'OrderReady', data: at }]);
      given([placed, opened(), paid, { type: 'OrderAccepted', data: at }, { type: 'OrderReady', data: at }])
        .when(step('MarkOrderServed'))
        .then([{ type: 'OrderServed', data: at }]);
    });

    it('refuses skipped steps and unpaid orders, and a repeated step changes nothing', () => {
      given([placed]).when(step('AcceptOrder')).thenThrows(OrderInvalidTransitionError);
      given([placed, opened(), paid]).when(step('MarkOrderServed')).thenThrows(OrderInvalidTransitionError);
      given([placed, opened(), paid, { type: 'OrderAccepted', data: at }])
        .when(step('AcceptOrder'))
        .then([]);
    });

    it('accepting with an estimate records when it will be ready, from the moment it was accepted', () => {
      const T1_PLUS_20 = new Date(Date.parse(T1) + 20 * 60_000).toISOString();
      given([placed, opened(), paid])
        .when({ type: 'AcceptOrder', data: { now: T1, readyInMinutes: 20 } })
        .then([{ type: 'OrderAccepted', data: { ...at, estimatedReadyAt: T1_PLUS_20 } }]);
      // A second accept (another console, a double tap) changes nothing, not even the estimate.
      given([placed, opened(), paid, { type: 'OrderAccepted', data: { ...at, estimatedReadyAt: T1_PLUS_20 } }])
        .when({ type: 'AcceptOrder', data: { now: T1, readyInMinutes: 5 } })
        .then([]);
    });
  });

  describe('invoice, receipt and slip', () => {
    const issue: OrderCommand = {
      type: 'IssueInvoice',
      data: {
        source: 'platform',
        invoiceNumber: '1',
        invoiceUrl: '/api/invoice/x?token=y',
        beforeVatAgorot: 2458,
        vatAgorot: 442,
        vatRatePercent: 18,
        now: T1,
      },
    };

    it('issues the invoice of a paid order once', () => {
      const [event] = orderDecider.decide(
        issue,
        [placed, opened(), paid].reduce(orderDecider.evolve, orderDecider.initialState()),
      );
      expect(event).toEqual({
        type: 'InvoiceIssued',
        data: {
          orderId,
          businessPhone,
          source: 'platform',
          invoiceNumber: '1',
          invoiceUrl: '/api/invoice/x?token=y',
          totalAgorot: 2900,
          beforeVatAgorot: 2458,
          vatAgorot: 442,
          vatRatePercent: 18,
          issuedAt: T1,
        },
      });
      given([placed, opened(), paid, event as OrderEvent])
        .when(issue)
        .then([]);
    });

    it('issues no invoice and queues no slip for an unpaid order', () => {
      given([placed]).when(issue).thenThrows(OrderInvalidTransitionError);
      given([placed])
        .when({ type: 'QueueSlip', data: { slipId: 's', now: T1 } })
        .thenThrows(OrderInvalidTransitionError);
    });

    it('queues the slip and records the receipt SMS once', () => {
      const slip: OrderEvent = { type: 'SlipQueued', data: { orderId, businessPhone, slipId: 's', queuedAt: T1 } };
      given([placed, opened(), paid])
        .when({ type: 'QueueSlip', data: { slipId: 's', now: T1 } })
        .then([slip]);
      given([placed, opened(), paid, slip])
        .when({ type: 'QueueSlip', data: { slipId: 's', now: T1 } })
        .then([]);
      const sms: OrderEvent = {
        type: 'ReceiptSmsSent',
        data: { orderId, businessPhone, to: '+972500000000', sentAt: T1 },
      };
      given([placed, opened(), paid])
        .when({ type: 'RecordReceiptSms', data: { to: '+972500000000', now: T1 } })
        .then([sms]);
      given([placed, opened(), paid, sms])
        .when({ type: 'RecordReceiptSms', data: { to: '+972500000000', now: T1 } })
        .then([]);
    });
    describe('printing the slip', () => {
      const slip: OrderEvent = { type: 'SlipQueued', data: { orderId, businessPhone, slipId: 's', queuedAt: T1 } };
      const printedBy = (agentId: string): OrderCommand => ({
        type: 'RecordSlipPrinted',
        data: { slipId: 's', agentId, now: T1 },
      });
      const printed: OrderEvent = {
        type: 'SlipPrinted',
        data: { orderId, businessPhone, slipId: 's', agentId: 'agent-1', printedAt: T1 },
      };
      const failure: OrderCommand = {
        type: 'RecordPrintFailure',
        data: { slipId: 's', agentId: 'agent-1', reason: 'ECONNREFUSED 192.168.1.50:9100', now: T1 },
      };
      const failed: OrderEvent = {
        type: 'PrintFailed',
        data: {
          orderId,
          businessPhone,
          slipId: 's',
          agentId: 'agent-1',
          reason: 'ECONNREFUSED 192.168.1.50:9100',
          failedAt: T1,
        },
      };

      it('records a queued slip as printed once, however often the agent acknowledges it', () => {
        given([placed, opened(), paid, slip]).when(printedBy('agent-1')).then([printed]);
        given([placed, opened(), paid, slip, printed]).when(printedBy('agent-1')).then([]);
        given([placed, opened(), paid, slip, printed]).when(printedBy('agent-2')).then([]);
      });

      it('records a failure, then the print that follows it', () => {
        given([placed, opened(), paid, slip]).when(failure).then([failed]);
        given([placed, opened(), paid, slip, failed]).when(printedBy('agent-1')).then([printed]);
      });

      it('ignores a failure reported after the slip printed', () => {
        given([placed, opened(), paid, slip, printed]).when(failure).then([]);
        given([placed, opened(), paid, slip, failed]).when(failure).then([]);
      });

      it('refuses to record a print of a slip that was never queued', () => {
        given([placed, opened(), paid]).when(printedBy('agent-1')).thenThrows(OrderInvalidTransitionError);
        given([placed]).when(failure).thenThrows(OrderInvalidTransitionError);
      });
    });
  });
});

describe('an order with a tip, paid with a wallet (issue 17)', () => {
  // ₪29.00 of items and a ₪5.00 tip: ₪34.00 charged, 5% of the items only, the tip whole in the net.
  const tipped: OrderEvent = {
    type: 'OrderPlaced',
    data: { ...(placed.data as object), totalAgorot: 3400, commissionAgorot: 145, netAgorot: 3255, tipAgorot: 500 },
  } as OrderEvent;
  const bitPage: OrderEvent = {
    type: 'PaymentPageOpened',
    data: { ...(opened().data as object), amountAgorot: 3400, method: 'bit' },
  } as OrderEvent;

  it('records Bit on the page it opens, and nothing about the way to pay for a card page', () => {
    const open = (method: 'card' | 'bit'): OrderCommand => ({
      type: 'OpenPaymentPage',
      data: {
        provider: 'sandbox',
        lowProfileId: 'lp-1',
        paymentUrl: 'https://menu.example/pay/sandbox/lp-1',
        terminal: 'platform',
        method,
        now: T0,
      },
    });
    given([tipped]).when(open('bit')).then([bitPage]);
    given([placed]).when(open('card')).then([opened()]);
  });

  it('records how the diner paid, and leaves the tip outside the invoice’s VAT base, shown apart', () =>
    given([tipped, bitPage])
      .when(payment({ amountAgorot: 3400, method: 'bit', last4: null, brand: 'Bit' }))
      .then([
        {
          type: 'OrderPaid',
          data: {
            ...(paid.data as object),
            amountAgorot: 3400,
            commissionAgorot: 145,
            netAgorot: 3255,
            tipAgorot: 500,
            last4: null,
            brand: 'Bit',
            method: 'bit',
          },
        } as OrderEvent,
        {
          type: 'InvoiceIssued',
          // ₪29.00 of sale: 24.58 before VAT and 4.42 VAT, as without the tip; the total is the whole charge.
          data: {
            ...(invoiced.data as object),
            totalAgorot: 3400,
            beforeVatAgorot: 2458,
            vatAgorot: 442,
            tipAgorot: 500,
          },
        } as OrderEvent,
        slipQueued,
      ]));

  it('refuses a charge of the items alone when the order carries a tip', () =>
    given([tipped, bitPage])
      .when(payment({ amountAgorot: 2900 }))
      .thenThrows(PaymentMismatchError));
});
