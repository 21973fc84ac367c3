import type { OrderEvent, OrderEventData, PaymentProviderName } from '@tafrit/contracts';
import { invoiceOf } from './invoice.js';
import { OrderAlreadyPaidError, OrderExpiredError, PaymentMismatchError } from './order.errors.js';
import { isTabBill, openPaymentPage, slipIdOf, type At, type PlacedOrder } from './order.state.js';
import { recordPartFailure, recordPartPayment } from './parts.js';
import type { Seller } from './seller.js';

/** The diner's payment: its pages and the provider's verdict on them. */
export type PaymentCommand =
  | {
      type: 'OpenPaymentPage';
      data: At & {
        provider: PaymentProviderName;
        lowProfileId: string;
        paymentUrl: string;
        terminal: 'business' | 'platform';
        /** `bit`: the page is Bit's address outside the frame. */
        method?: 'card' | 'bit';
      };
    }
  | {
      type: 'RecordPayment';
      data: At &
        Pick<
          OrderEventData['OrderPaid'],
          | 'provider'
          | 'lowProfileId'
          | 'transactionId'
          | 'approvalNumber'
          | 'last4'
          | 'brand'
          | 'amountAgorot'
          | 'document'
          | 'method'
        > & {
          /** The address of our own invoice of this order (used when the provider made no document). */
          invoiceUrl: string;
          /** The business as it is now, for an order placed before the seller was recorded with it. */
          seller?: Seller | null;
          /**
           * The part this charge pays, when its result names another page than the part's (a tab's held card,
           * decision 058: Cardcom names the hold's page); absent: found by the page.
           */
          partId?: string;
        };
    }
  | {
      type: 'RecordPaymentFailure';
      data: At &
        Pick<OrderEventData['PaymentFailed'], 'provider' | 'lowProfileId' | 'responseCode' | 'reason'> & {
          partId?: string;
        };
    };

type Command<T extends PaymentCommand['type']> = Extract<PaymentCommand, { type: T }>;

const opened = (order: PlacedOrder, lowProfileId: string): boolean =>
  order.payment.pages.some((page) => page.lowProfileId === lowProfileId);

/** One open page at a time: a racing second request gets the page the first one opened. */
export function openPage({ data }: Command<'OpenPaymentPage'>, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  if (order.payment.status === 'paid') throw new OrderAlreadyPaidError(orderId, order.payment.transactionId ?? '');
  if (order.status === 'expired') throw new OrderExpiredError(orderId);
  const { now, method, ...page } = data;
  if (openPaymentPage(order)) return [];
  return [
    {
      type: 'PaymentPageOpened',
      data: {
        orderId,
        businessPhone,
        ...page,
        amountAgorot: order.totalAgorot,
        // Only Bit is recorded: a card page's event stays as it was before wallets.
        ...(method === 'bit' ? { method } : {}),
        openedAt: now,
      },
    },
  ];
}

/**
 * A verified charge, recorded even on an expired order: the diner's money was taken, the kitchen must know. Its tax
 * invoice and its kitchen slip are decided with it, so they commit together (decision 015).
 */
export function recordPayment({ data }: Command<'RecordPayment'>, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  const { now, invoiceUrl, seller, partId, ...charge } = data;
  // A payer's part of a shared table's bill (issue 34): its own charge and document, the order paid once covered.
  const part = order.parts?.find((one) => (partId ? one.partId === partId : one.lowProfileId === charge.lowProfileId));
  if (part) {
    return recordPartPayment(part, { ...charge, method: charge.method ?? 'card' }, order, {
      invoiceUrl,
      seller: seller ?? null,
      now,
      kitchen: kitchenOf(now),
    });
  }
  if (order.payment.status === 'paid') {
    if (order.payment.transactionId === charge.transactionId) return [];
    throw new OrderAlreadyPaidError(orderId, charge.transactionId);
  }
  if (!opened(order, charge.lowProfileId)) {
    throw new PaymentMismatchError(`page ${charge.lowProfileId} was not opened for order ${orderId}`);
  }
  if (charge.amountAgorot !== order.totalAgorot) {
    throw new PaymentMismatchError(`charged ${charge.amountAgorot} agorot, the order is ${order.totalAgorot}`);
  }
  return [
    {
      type: 'OrderPaid',
      data: {
        orderId,
        businessPhone,
        ...charge,
        commissionAgorot: order.commissionAgorot,
        netAgorot: order.netAgorot,
        ...(order.tipAgorot ? { tipAgorot: order.tipAgorot } : {}),
        paidAt: now,
      },
    },
    invoiceOf(order, charge.document, invoiceUrl, order.seller ?? seller ?? null, now),
    ...kitchenOf(now)(order),
  ];
}

/**
 * The kitchen's start of a paid order. An order for later (issue 33) goes to the kitchen when its preparation should
 * start: now, if that moment has passed (`OrderDue` with the slip), else later by the due sweep; until then it prints
 * nothing.
 */
const kitchenOf =
  (now: string) =>
  (order: PlacedOrder): OrderEvent[] =>
    // A tab's bill (decision 058) never goes to the kitchen: its rounds went as they were sent.
    isTabBill(order) || (order.pickup && Date.parse(now) < Date.parse(order.pickup.dueAt)) ? [] : dueNow(order, now);

/** The kitchen's start of an order: its `OrderDue` (for an order ahead) and its slip. */
function dueNow(order: PlacedOrder, now: string): OrderEvent[] {
  const { orderId, businessPhone, pickup } = order;
  return [
    ...(pickup
      ? [{ type: 'OrderDue' as const, data: { orderId, businessPhone, pickupAt: pickup.at, dueAt: pickup.dueAt } }]
      : []),
    { type: 'SlipQueued', data: { orderId, businessPhone, slipId: slipIdOf(orderId), queuedAt: now } },
  ];
}

/** A decline arriving after the success (or twice) is history, not news. */
export function recordPaymentFailure({ data }: Command<'RecordPaymentFailure'>, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  const { now, partId, ...failure } = data;
  const part = order.parts?.find((one) => (partId ? one.partId === partId : one.lowProfileId === failure.lowProfileId));
  if (part) return recordPartFailure(part, failure, order, now);
  if (order.payment.status === 'paid' || order.payment.failedPages.includes(failure.lowProfileId)) return [];
  if (!opened(order, failure.lowProfileId)) {
    throw new PaymentMismatchError(`page ${failure.lowProfileId} was not opened for order ${orderId}`);
  }
  return [{ type: 'PaymentFailed', data: { orderId, businessPhone, ...failure, failedAt: now } }];
}

type PaymentEvent = Extract<OrderEvent, { type: 'PaymentPageOpened' | 'OrderPaid' | 'PaymentFailed' }>;

export function evolvePayment(order: PlacedOrder, { type, data }: PaymentEvent): PlacedOrder {
  switch (type) {
    case 'PaymentPageOpened': {
      const page = {
        lowProfileId: data.lowProfileId,
        paymentUrl: data.paymentUrl,
        ...(data.method ? { method: data.method } : {}),
      };
      const { payment } = order;
      return {
        ...order,
        payment: {
          ...payment,
          pages: [...payment.pages, page],
          provider: data.provider,
          lowProfileId: data.lowProfileId,
        },
      };
    }
    case 'OrderPaid':
      return {
        ...order,
        ...(data.parts ? paidInParts(order, data) : {}),
        status: order.status === 'pending' || order.status === 'expired' ? 'paid' : order.status,
        payment: {
          ...order.payment,
          status: 'paid',
          transactionId: data.transactionId,
          provider: data.provider,
          lowProfileId: data.lowProfileId,
          last4: data.last4,
          brand: data.brand,
          approvalNumber: data.approvalNumber,
          paidAt: data.paidAt,
          method: data.method ?? 'card',
        },
      };
    case 'PaymentFailed': {
      const failedPages = [...order.payment.failedPages, data.lowProfileId];
      return { ...order, payment: { ...order.payment, status: 'failed', failedPages } };
    }
  }
}

/**
 * A bill paid in parts (issue 34): the order's amounts become what its parts paid (each payer's tip, 5% of each
 * part's items); paid by one payer, the order's own document fields are that payer's document, as the spec has them.
 */
function paidInParts(order: PlacedOrder, data: OrderEventData['OrderPaid']): Partial<PlacedOrder> {
  const paid = (order.parts ?? []).filter((part) => part.status === 'paid');
  const only = paid.length === 1 ? paid[0] : undefined;
  return {
    totalAgorot: data.amountAgorot,
    tipAgorot: data.tipAgorot ?? 0,
    commissionAgorot: data.commissionAgorot,
    netAgorot: data.netAgorot,
    ...(only?.invoiceNumber
      ? {
          invoice: 'generated' as const,
          invoiceNumber: only.invoiceNumber,
          invoiceUrl: only.invoiceUrl,
          ...(only.invoiceSource ? { invoiceSource: only.invoiceSource } : {}),
          ...(only.invoiceVatRatePercent ? { invoiceVatRatePercent: only.invoiceVatRatePercent } : {}),
        }
      : {}),
  };
}
