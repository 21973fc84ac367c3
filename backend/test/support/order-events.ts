// The order's events and payment command as the ordering deciders' specs give them: one coffee at ₪14.50 of the demo
// café by default, each field overridable. The commission (5%) and the net follow the amount, as the checkout sets
// them, so a spec that changes the total changes only the total.
import type { OrderEvent, OrderEventData } from '@tafrit/contracts';
import type { OrderCommand } from '../../src/modules/ordering/domain/order.decider.js';

export const ORDER_ID = '0b6e7c1e-8f7a-4d7e-9c1e-1a2b3c4d5e6f';
export const BUSINESS_PHONE = '+972523456789';
/** The seller's block a tax document prints (issue 17), as the order was placed. */
export const SELLER_BLOCK = {
  name: 'קפה לנדוור',
  dealerNumber: '123456782',
  phone: BUSINESS_PHONE,
  street: 'הרצל 12',
  city: 'תל אביב-יפו',
};

type Placed = OrderEventData['OrderPlaced'];
type Opened = OrderEventData['PaymentPageOpened'];
type Paid = OrderEventData['OrderPaid'];
type RecordPayment = Extract<OrderCommand, { type: 'RecordPayment' }>['data'];

const COFFEE = { productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 1 };
/** The sandbox's answer of a good card: the payment command carries it, and the paid event records it. */
const GOOD_CARD = {
  provider: 'sandbox',
  lowProfileId: 'lp-1',
  transactionId: 'tx-1',
  approvalNumber: '123456',
  last4: '0000',
  brand: 'Visa',
} as const;
const commissionOf = (agorot: number) => Math.round(agorot * 0.05);

export function orderPlaced(overrides: Partial<Placed> & Pick<Placed, 'placedAt'>): OrderEvent {
  const lines = overrides.lines ?? [COFFEE];
  const totalAgorot =
    overrides.totalAgorot ?? lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0);
  return {
    type: 'OrderPlaced',
    data: {
      orderId: ORDER_ID,
      businessPhone: BUSINESS_PHONE,
      departmentId: 'demo',
      orderNumber: 7,
      lines,
      totalAgorot,
      commissionAgorot: commissionOf(totalAgorot),
      netAgorot: totalAgorot - commissionOf(totalAgorot),
      remarks: null,
      tableNumber: null,
      dinerSessionId: 'session-1',
      customerName: null,
      customerPhone: null,
      ...overrides,
    },
  };
}

export function paymentPageOpened(overrides: Partial<Opened> & Pick<Opened, 'openedAt'>): OrderEvent {
  const lowProfileId = overrides.lowProfileId ?? 'lp-1';
  return {
    type: 'PaymentPageOpened',
    data: {
      orderId: ORDER_ID,
      businessPhone: BUSINESS_PHONE,
      provider: 'sandbox',
      lowProfileId,
      paymentUrl: `https://menu.example/pay/sandbox/${lowProfileId}`,
      terminal: 'platform',
      amountAgorot: COFFEE.unitPriceAgorot,
      ...overrides,
    },
  };
}

/** The provider's answer of a good card, as the webhook records it. */
export function recordPayment(overrides: Partial<RecordPayment> & Pick<RecordPayment, 'now'>): OrderCommand {
  return {
    type: 'RecordPayment',
    data: {
      ...GOOD_CARD,
      amountAgorot: COFFEE.unitPriceAgorot,
      document: null,
      invoiceUrl: `/api/invoice/${ORDER_ID}?token=t`,
      ...overrides,
    },
  };
}

export function orderPaid(overrides: Partial<Paid> & Pick<Paid, 'paidAt'>): OrderEvent {
  const amountAgorot = overrides.amountAgorot ?? COFFEE.unitPriceAgorot;
  return {
    type: 'OrderPaid',
    data: {
      orderId: ORDER_ID,
      businessPhone: BUSINESS_PHONE,
      ...GOOD_CARD,
      amountAgorot,
      commissionAgorot: commissionOf(amountAgorot),
      netAgorot: amountAgorot - commissionOf(amountAgorot),
      document: null,
      ...overrides,
    },
  };
}
