import { describe, it } from '@jest/globals';
import type { OrderEvent } from '@tafrit/contracts';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { OrderInvalidTransitionError, RefundInvoiceAwaitingAllocationError } from './order.errors.js';
import { orderDecider } from './order.decider.js';

// Decision 049: our document that needs an allocation number is decided and numbered with the payment and waits;
// it is issued unchanged with the number, or without one after the wait or after a refusal as the owner chooses.

const { given } = deciderSpec(orderDecider);

const orderId = '0b6e7c1e-8f7a-4d7e-9c1e-1a2b3c4d5e6f';
const businessPhone = '+972523456789';
const PAID_AT = '2026-11-21T10:05:00.000Z';
const WAIT_ENDS = '2026-11-21T10:20:00.000Z';
const LATER = '2026-11-21T10:06:00.000Z';
const BUYER = { name: 'חברת הדוגמה בע"מ', taxId: '512345679' };
const seller = { name: 'קפה לנדוור', dealerNumber: '123456782', phone: businessPhone, street: null, city: null };

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    businessPhone,
    departmentId: 'demo',
    orderNumber: 7,
    lines: [{ productId: 1, name: 'מגש אירוח', unitPriceAgorot: 826_000, quantity: 1 }],
    totalAgorot: 826_000,
    commissionAgorot: 41_300,
    netAgorot: 784_700,
    remarks: null,
    tableNumber: null,
    dinerSessionId: 'session-1',
    customerName: null,
    customerPhone: null,
    placedAt: '2026-11-21T10:00:00.000Z',
    seller: { ...seller, receiptPhone: null },
    invoiceFor: BUYER,
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
    approvalNumber: '123456',
    last4: '0000',
    brand: 'Visa',
    amountAgorot: 826_000,
    commissionAgorot: 41_300,
    netAgorot: 784_700,
    document: null,
    paidAt: PAID_AT,
  },
};
const document = {
  orderId,
  businessPhone,
  source: 'platform' as const,
  invoiceUrl: `/api/invoice/${orderId}?token=t`,
  totalAgorot: 826_000,
  beforeVatAgorot: 700_000,
  vatAgorot: 126_000,
  vatRatePercent: 18,
  seller,
  buyer: BUYER,
};
const awaiting: OrderEvent = {
  type: 'InvoiceAwaitingAllocation',
  data: { ...document, invoiceNumber: '17', awaitingSince: PAID_AT, issueWithoutBy: WAIT_ENDS },
};
const refused: OrderEvent = {
  type: 'AllocationRefused',
  data: {
    orderId,
    businessPhone,
    code: '460',
    reason: '460: Invoice not approved',
    options: ['cancel', 'issue_without_number'],
    refusedAt: LATER,
  },
};
/** The document as it was decided, issued: its number, its date (the payment's), its amounts and its buyer. */
const issuedWith = (extra: object): OrderEvent => ({
  type: 'InvoiceIssued',
  data: { ...document, invoiceNumber: '17', issuedAt: PAID_AT, allocationRequired: true, ...extra },
});
const granted = {
  number: '123456789',
  source: 'tax_authority' as const,
  confirmationNumber: '2026112112345678123456789',
};

describe('a document waiting for its allocation number', () => {
  it('is issued as it was decided, dated with the payment, with the number that came', () =>
    given([placed, paid, awaiting])
      .when({ type: 'IssueAllocatedInvoice', data: { now: LATER, allocation: granted } })
      .then([issuedWith({ allocation: granted })]));

  it('changes nothing once issued: a second number, a late refusal, the end of the wait', () => {
    const issued = issuedWith({ allocation: granted });
    given([placed, paid, awaiting, issued])
      .when({ type: 'IssueAllocatedInvoice', data: { now: LATER, allocation: { ...granted, number: '987654321' } } })
      .then([]);
    given([placed, paid, awaiting, issued])
      .when({ type: 'RecordAllocationRefusal', data: { now: LATER, code: '460', reason: 'x' } })
      .then([]);
    given([placed, paid, awaiting, issued])
      .when({ type: 'IssueInvoiceWithoutAllocation', data: { now: WAIT_ENDS, why: 'no_answer' } })
      .then([]);
  });

  it('records a refusal with the Authority’s words and the two options the law leaves', () =>
    given([placed, paid, awaiting])
      .when({ type: 'RecordAllocationRefusal', data: { now: LATER, code: '460', reason: '460: Invoice not approved' } })
      .then([refused]));

  it('is issued without a number only once the wait is over', () => {
    given([placed, paid, awaiting])
      .when({ type: 'IssueInvoiceWithoutAllocation', data: { now: LATER, why: 'no_answer', cause: 'server' } })
      .thenThrows(OrderInvalidTransitionError);
    given([placed, paid, awaiting])
      .when({ type: 'IssueInvoiceWithoutAllocation', data: { now: WAIT_ENDS, why: 'no_answer', cause: 'server' } })
      .then([issuedWith({ withoutAllocation: { why: 'no_answer', cause: 'server' } })]);
  });

  it('after a refusal, waits for the owner: the end of the wait does not choose for them', () =>
    given([placed, paid, awaiting, refused])
      .when({ type: 'IssueInvoiceWithoutAllocation', data: { now: WAIT_ENDS, why: 'no_answer' } })
      .then([]));

  it('after a refusal, is issued as the owner chooses, or with a number typed by hand', () => {
    given([placed, paid, awaiting, refused])
      .when({ type: 'IssueInvoiceWithoutAllocation', data: { now: LATER, why: 'refused', choice: 'cancel' } })
      .then([issuedWith({ withoutAllocation: { why: 'refused', choice: 'cancel' } })]);
    const typed = { number: '111222333', source: 'manual' as const, enteredBy: 'owner-1' };
    given([placed, paid, awaiting, refused])
      .when({ type: 'IssueAllocatedInvoice', data: { now: LATER, allocation: typed } })
      .then([issuedWith({ allocation: typed })]);
  });

  it('takes no owner’s choice before a refusal', () =>
    given([placed, paid, awaiting])
      .when({
        type: 'IssueInvoiceWithoutAllocation',
        data: { now: LATER, why: 'refused', choice: 'issue_without_number' },
      })
      .thenThrows(OrderInvalidTransitionError));

  it('is not issued a second time by a retried invoice', () =>
    given([placed, paid, awaiting])
      .when({
        type: 'IssueInvoice',
        data: {
          now: LATER,
          source: 'platform',
          invoiceNumber: '18',
          invoiceUrl: document.invoiceUrl,
          beforeVatAgorot: 700_000,
          vatAgorot: 126_000,
          vatRatePercent: 18,
        },
      })
      .then([]));

  it('holds back a refund, whose credit document would have nothing to credit', () =>
    given([placed, paid, awaiting])
      .when({
        type: 'RequestRefund',
        data: { refundId: '9d0c3d1e-2a4b-4c5d-8e6f-7a8b9c0d1e2f', reason: 'ביטול', now: LATER },
      })
      .thenThrows(RefundInvoiceAwaitingAllocationError));
});
