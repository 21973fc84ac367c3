import { describe, expect, it } from '@jest/globals';
import type { OrderEvent, OrderEventData } from '@tafrit/contracts';
import {
  BUSINESS_PHONE,
  ORDER_ID,
  orderPlaced,
  paymentPageOpened,
  recordPayment,
} from '../../../../test/support/order-events.js';
import { orderDecider, type OrderCommand, type OrderState } from './order.decider.js';
import { checkoutKey } from './checkout.js';

// Issue 32: the business a diner asks the tax invoice for is recorded with the order, and every tax document of the
// order names it as it was asked; an invoice above the threshold in force on its own date records that it needs an
// allocation number.

const orderId = ORDER_ID;
const businessPhone = BUSINESS_PHONE;
const BUYER = { name: 'חברת הדוגמה בע"מ', taxId: '512345679' };
// ₪7,000 before VAT: ₪8,260 with 18% VAT.
const SEVEN_THOUSAND_WITH_VAT = 826_000;

const placed = (invoiceFor: typeof BUYER | undefined, totalAgorot = SEVEN_THOUSAND_WITH_VAT): OrderEvent =>
  orderPlaced({
    lines: [{ productId: 1, name: 'מגש אירוח', unitPriceAgorot: totalAgorot, quantity: 1 }],
    placedAt: '2026-05-01T08:00:00.000Z',
    seller: { name: 'קפה לנדוור', dealerNumber: '123456782', receiptPhone: null, phone: businessPhone },
    ...(invoiceFor ? { invoiceFor } : {}),
  });

const opened = (totalAgorot = SEVEN_THOUSAND_WITH_VAT): OrderEvent =>
  paymentPageOpened({ amountAgorot: totalAgorot, openedAt: '2026-05-01T08:00:00.000Z' });

const payment = (now: string, document: OrderEventData['OrderPaid']['document'] = null): OrderCommand =>
  recordPayment({ amountAgorot: SEVEN_THOUSAND_WITH_VAT, document, now });

function fold(events: readonly OrderEvent[]): OrderState {
  return events.reduce((state, event) => orderDecider.evolve(state, event), orderDecider.initialState());
}

/** The events `command` decides on the order of `events`, and those events folded in. */
function run(events: readonly OrderEvent[], command: OrderCommand): OrderEvent[] {
  return [...events, ...orderDecider.decide(command, fold(events))];
}

const invoiceIn = (events: readonly OrderEvent[]) =>
  events.find((event) => event.type === 'InvoiceIssued')?.data as OrderEventData['InvoiceIssued'];

describe('the buyer of an order’s tax documents', () => {
  it('is recorded on the order and named by its invoice', () => {
    const state = fold([placed(BUYER)]);
    expect(state.placed && state.invoiceFor).toEqual(BUYER);
    const invoice = invoiceIn(run([placed(BUYER), opened()], payment('2026-05-20T09:00:00.000Z')));
    expect(invoice).toMatchObject({ source: 'platform', beforeVatAgorot: 700_000, vatAgorot: 126_000, buyer: BUYER });
  });

  it('is named by the provider’s document too', () => {
    const document = { documentType: 'TaxInvoiceAndReceipt', documentNumber: '5001', documentUrl: null };
    const invoice = invoiceIn(run([placed(BUYER), opened()], payment('2026-05-20T09:00:00.000Z', document)));
    expect(invoice).toMatchObject({ source: 'provider', invoiceNumber: '5001', buyer: BUYER });
  });

  it('is absent from a private diner’s invoice, which never needs an allocation number', () => {
    const invoice = invoiceIn(run([placed(undefined), opened()], payment('2026-06-20T09:00:00.000Z')));
    expect(invoice).not.toHaveProperty('buyer');
    expect(invoice).not.toHaveProperty('allocationRequired');
  });

  it('is named by the credit document of a refund', () => {
    const paid = run([placed(BUYER), opened()], payment('2026-05-20T09:00:00.000Z'));
    const refundId = '9d0c3d1e-2a4b-4c5d-8e6f-7a8b9c0d1e2f';
    const requested = run(paid, {
      type: 'RequestRefund',
      data: { refundId, amountAgorot: 11_800, reason: 'מנה חסרה', now: '2026-05-21T09:00:00.000Z' },
    });
    const refunded = run(requested, {
      type: 'RecordRefund',
      data: {
        refundId,
        provider: 'sandbox',
        providerRefundId: 'r-1',
        amountAgorot: 11_800,
        creditUrl: `/api/invoice/${orderId}/credits/${refundId}?token=t`,
        now: '2026-05-21T09:00:01.000Z',
      },
    });
    const credit = refunded.find((event) => event.type === 'CreditIssued')?.data;
    expect(credit).toMatchObject({ refundId, buyer: BUYER, beforeVatAgorot: 10_000, vatAgorot: 1_800 });
  });
});

const awaitingIn = (events: readonly OrderEvent[]) =>
  events.find((event) => event.type === 'InvoiceAwaitingAllocation')?.data as
    OrderEventData['InvoiceAwaitingAllocation'] | undefined;

describe('an invoice’s allocation number', () => {
  it('is not needed for ₪7,000 before VAT in May 2026 (threshold ₪10,000), and is in June 2026 (₪5,000)', () => {
    const may = run([placed(BUYER), opened()], payment('2026-05-31T20:00:00.000Z'));
    expect(invoiceIn(may)).not.toHaveProperty('allocationRequired');
    expect(awaitingIn(may)).toBeUndefined();
    // 21:30 UTC on 31 May is already 1 June in Israel (UTC+3): the document's date is its Israel day. Our document
    // then waits for its number (decision 049), decided and numbered now, issued when the number comes.
    const june = run([placed(BUYER), opened()], payment('2026-05-31T21:30:00.000Z'));
    expect(invoiceIn(june)).toBeUndefined();
    expect(awaitingIn(june)).toMatchObject({
      source: 'platform',
      buyer: BUYER,
      beforeVatAgorot: 700_000,
      awaitingSince: '2026-05-31T21:30:00.000Z',
      issueWithoutBy: '2026-05-31T21:45:00.000Z',
    });
  });

  it('is judged on the invoice’s date, not the order’s: an order placed in May and paid in June needs one', () => {
    expect(awaitingIn(run([placed(BUYER), opened()], payment('2026-06-02T09:00:00.000Z')))).toBeDefined();
  });

  it('is asked for by Cardcom itself for its own document: that document is issued with the payment', () => {
    const document = { documentType: 'TaxInvoiceAndReceipt', documentNumber: '5001', documentUrl: null };
    const events = run([placed(BUYER), opened()], payment('2026-06-02T09:00:00.000Z', document));
    expect(awaitingIn(events)).toBeUndefined();
    expect(invoiceIn(events)).toMatchObject({ source: 'provider', allocationRequired: true });
  });
});

describe('the checkout key', () => {
  const checkout = { dinerSessionId: 's', remarks: null, tableNumber: 4 };
  const lines = [{ productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 1 }];

  it('is another checkout with a buyer (the diner asked after the page opened), and the same one without', () => {
    const without = checkoutKey(businessPhone, checkout, lines, 0, 'card');
    expect(checkoutKey(businessPhone, { ...checkout, invoiceFor: null }, lines, 0, 'card')).toBe(without);
    const withBuyer = checkoutKey(businessPhone, { ...checkout, invoiceFor: BUYER }, lines, 0, 'card');
    expect(withBuyer).not.toBe(without);
    const otherBuyer = checkoutKey(
      businessPhone,
      { ...checkout, invoiceFor: { ...BUYER, taxId: '123456782' } },
      lines,
      0,
      'card',
    );
    expect(otherBuyer).not.toBe(withBuyer);
  });
});
