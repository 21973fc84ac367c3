import {
  commissionAgorot,
  maxTipAgorot,
  shareLineOf,
  splitPart,
  splitVat,
  VAT_RATE_PERCENT,
  type OrderEvent,
  type OrderEventData,
  type SplitChoice,
  type SplitRefusal,
} from '@tafrit/contracts';
import { INVOICE_NUMBER_AT_COMMIT } from './invoice.js';
import {
  OrderAlreadyPaidError,
  OrderExpiredError,
  OrderInvalidTransitionError,
  PaymentMismatchError,
} from './order.errors.js';
import { isTabBill, type At, type PartState, type PlacedOrder } from './order.state.js';
import { sellerBlock, type Seller } from './seller.js';

export class SplitRefusedError extends Error {
  readonly code = 'table.split_refused';
  constructor(
    readonly reason: SplitRefusal,
    readonly leftAgorot: number,
  ) {
    super(`split refused: ${reason}`);
    this.name = 'SplitRefusedError';
  }
}

/** The bill moved between the payer's reading and the page (another payer took a part): read it again. */
export class PartChangedError extends Error {
  readonly code = 'conflict';
  constructor(message: string) {
    super(message);
    this.name = 'PartChangedError';
  }
}

export type PartCommand = {
  type: 'OpenPartPage';
  data: At &
    Pick<
      OrderEventData['PartPageOpened'],
      | 'partId'
      | 'dinerSessionId'
      | 'payer'
      | 'itemsAgorot'
      | 'tipAgorot'
      | 'provider'
      | 'lowProfileId'
      | 'paymentUrl'
      | 'terminal'
      | 'method'
      | 'lines'
    > & {
      choice: SplitChoice;
      /** The payer's own lines at the table, priced as the order has them (for `mine`). */
      mineAgorot: number;
    };
};

/** The order's items: what the parts together must pay (each payer's tip is their own, on top). */
export const itemsOf = (order: PlacedOrder): number => order.totalAgorot - order.tipAgorot;

/**
 * A page left open this long without a result is taken as abandoned: its hold ends, so the table is not stuck on a
 * payer who walked away from it. A charge on it that comes after all is recorded, and what it pays above the bill goes
 * back to that payer (the overpaid-parts processor).
 */
export const PART_HOLD_MS = 15 * 60 * 1000;

const holds = (part: PartState, now: string): boolean =>
  part.status === 'paid' || (part.status === 'pending' && Date.parse(now) - Date.parse(part.openedAt) < PART_HOLD_MS);

/** The payer's open page still holding its part, if any: a new choice replaces it. */
export const openPartOf = (order: PlacedOrder, dinerSessionId: string, now: string): PartState | undefined =>
  order.parts?.find((part) => part.dinerSessionId === dinerSessionId && part.status === 'pending' && holds(part, now));

/** The items the paid parts paid toward the bill: each part's items less what it overpaid (owed back). */
export const paidItemsAgorot = (parts: readonly PartState[] | undefined): number =>
  (parts ?? [])
    .filter((one) => one.status === 'paid')
    .reduce((sum, one) => sum + one.itemsAgorot - (one.paid?.overpaidAgorot ?? 0), 0);

/** The items paid or held at `now` by pages other than `except`'s. */
export function takenAgorot(order: PlacedOrder, now: string, except?: string): number {
  return (order.parts ?? [])
    .filter((part) => holds(part, now) && part.partId !== except)
    .reduce((sum, part) => sum + part.itemsAgorot - (part.paid?.overpaidAgorot ?? 0), 0);
}

/** What the payer's choice comes to now, as the page will charge it (the same rule the phone shows). */
export function partFor(
  order: PlacedOrder,
  dinerSessionId: string,
  choice: SplitChoice,
  mineAgorot: number,
  now: string,
) {
  const replaced = openPartOf(order, dinerSessionId, now);
  const bill = { itemsAgorot: itemsOf(order), takenAgorot: takenAgorot(order, now, replaced?.partId), mineAgorot };
  return { part: splitPart(choice, bill), replaced, leftAgorot: bill.itemsAgorot - bill.takenAgorot };
}

export function openPartPage({ data }: PartCommand, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  if (!order.tableCartId || order.test) throw new OrderInvalidTransitionError('not a shared table', 'OpenPartPage');
  if (order.payment.status === 'paid') throw new OrderAlreadyPaidError(orderId, order.payment.transactionId ?? '');
  if (order.status === 'expired') throw new OrderExpiredError(orderId);
  if (order.parts?.some((part) => part.partId === data.partId)) return [];
  const { part, replaced, leftAgorot } = partFor(order, data.dinerSessionId, data.choice, data.mineAgorot, data.now);
  if (!part.ok) throw new SplitRefusedError(part.reason, leftAgorot);
  if (part.agorot !== data.itemsAgorot) {
    throw new PartChangedError(`the part is ${part.agorot} agorot now, the page was opened for ${data.itemsAgorot}`);
  }
  if (data.tipAgorot < 0 || data.tipAgorot > maxTipAgorot(part.agorot)) {
    throw new PaymentMismatchError(`a tip of ${data.tipAgorot} agorot on a part of ${part.agorot}`);
  }
  const { now, choice, mineAgorot: _mine, method, ...page } = data;
  return [
    {
      type: 'PartPageOpened',
      data: {
        orderId,
        businessPhone,
        ...page,
        split: choice.mode,
        ...(choice.mode === 'equal' ? { shares: choice.shares } : {}),
        amountAgorot: data.itemsAgorot + data.tipAgorot,
        ...(method === 'bit' ? { method } : {}),
        ...(replaced ? { replaces: replaced.partId } : {}),
        openedAt: now,
      },
    },
  ];
}

type ChargeData = Omit<
  OrderEventData['PartPaid'],
  | 'orderId'
  | 'businessPhone'
  | 'partId'
  | 'itemsAgorot'
  | 'tipAgorot'
  | 'commissionAgorot'
  | 'netAgorot'
  | 'overpaidAgorot'
  | 'paidAt'
>;

/**
 * A part's verified charge, with its own document, and, when it is the part that covers the items, the order's
 * `OrderPaid` (the parts' sums) and the kitchen's start. A charge on a page whose hold had ended is recorded all the
 * same (the money moved); what it pays above the order is marked owed back.
 */
export function recordPartPayment(
  part: PartState,
  charge: ChargeData,
  order: PlacedOrder,
  context: { invoiceUrl: string; seller: Seller | null; now: string; kitchen: (order: PlacedOrder) => OrderEvent[] },
): OrderEvent[] {
  const { orderId, businessPhone } = order;
  if (part.status === 'paid') {
    if (part.paid?.transactionId === charge.transactionId) return [];
    throw new OrderAlreadyPaidError(orderId, charge.transactionId);
  }
  if (charge.amountAgorot !== part.amountAgorot) {
    throw new PaymentMismatchError(`charged ${charge.amountAgorot} agorot, the part is ${part.amountAgorot}`);
  }
  const paidBefore = paidItemsAgorot(order.parts);
  const items = itemsOf(order);
  const overpaid = Math.max(0, paidBefore + part.itemsAgorot - items);
  const commission = commissionAgorot(part.itemsAgorot);
  const paid: OrderEvent = {
    type: 'PartPaid',
    data: {
      orderId,
      businessPhone,
      partId: part.partId,
      ...charge,
      itemsAgorot: part.itemsAgorot,
      tipAgorot: part.tipAgorot,
      commissionAgorot: commission,
      netAgorot: charge.amountAgorot - commission,
      ...(overpaid > 0 ? { overpaidAgorot: overpaid } : {}),
      paidAt: context.now,
    },
  };
  const card = { method: charge.method, brand: charge.brand, last4: charge.last4 };
  const document = partInvoiceOf(order, part, charge.document, card, context);
  const covers = order.payment.status !== 'paid' && paidBefore + part.itemsAgorot >= items;
  if (!covers) return [paid, document];
  // The order's charge is what its parts paid toward it: their items (less any owed back) and their tips.
  const parts = [
    ...(order.parts ?? [])
      .filter((one) => one.status === 'paid')
      .map((one) => ({ ...one, overpaid: one.paid?.overpaidAgorot ?? 0, commission: one.paid?.commissionAgorot ?? 0 })),
    { ...part, overpaid, commission },
  ];
  const sum = (of: (one: (typeof parts)[number]) => number) => parts.reduce((total, one) => total + of(one), 0);
  const amount = sum((one) => one.amountAgorot - one.overpaid);
  const commissions = sum((one) => one.commission);
  const tips = sum((one) => one.tipAgorot);
  const whole: OrderEvent = {
    type: 'OrderPaid',
    data: {
      orderId,
      businessPhone,
      provider: charge.provider,
      lowProfileId: charge.lowProfileId,
      transactionId: charge.transactionId,
      approvalNumber: charge.approvalNumber,
      last4: charge.last4,
      brand: charge.brand,
      amountAgorot: amount,
      commissionAgorot: commissions,
      netAgorot: amount - commissions,
      document: null,
      ...(tips > 0 ? { tipAgorot: tips } : {}),
      method: charge.method,
      parts: parts.length,
      ...(isTabBill(order) ? { tabBill: true as const } : {}),
      paidAt: context.now,
    },
  };
  return [paid, document, whole, ...context.kitchen(order)];
}

/** A part's decline: its hold ends and its share is open again (a retry on the same page may still pay it). */
export function recordPartFailure(
  part: PartState,
  failure: Pick<OrderEventData['PartFailed'], 'provider' | 'lowProfileId' | 'responseCode' | 'reason'>,
  order: PlacedOrder,
  now: string,
): OrderEvent[] {
  if (part.status !== 'pending') return [];
  const { orderId, businessPhone } = order;
  return [{ type: 'PartFailed', data: { orderId, businessPhone, partId: part.partId, ...failure, failedAt: now } }];
}

/** The payer's own tax invoice-receipt: their part of the items (VAT split from it) and their tip shown apart. */
function partInvoiceOf(
  order: PlacedOrder,
  part: PartState,
  document: OrderEventData['PartPaid']['document'],
  card: NonNullable<OrderEventData['InvoiceIssued']['card']>,
  { invoiceUrl, seller, now }: { invoiceUrl: string; seller: Seller | null; now: string },
): OrderEvent {
  const { orderId, businessPhone } = order;
  const { beforeVat, vat } = splitVat(part.itemsAgorot, VAT_RATE_PERCENT);
  // A share of the bill is not of any one item: its document lists it as one line named by the table and the order.
  const lines = part.lines ?? [shareLineOf(order, part.itemsAgorot)];
  const amounts = {
    totalAgorot: part.amountAgorot,
    beforeVatAgorot: beforeVat,
    vatAgorot: vat,
    vatRatePercent: VAT_RATE_PERCENT,
    ...(part.tipAgorot > 0 ? { tipAgorot: part.tipAgorot } : {}),
    partId: part.partId,
    lines,
    card,
  };
  const who = order.seller ?? seller;
  const block = who ? { seller: sellerBlock(who, businessPhone) } : {};
  if (document) {
    return {
      type: 'InvoiceIssued',
      data: {
        orderId,
        businessPhone,
        source: 'provider',
        invoiceNumber: document.documentNumber,
        invoiceUrl: document.documentUrl ?? invoiceUrl,
        ...amounts,
        issuedAt: now,
        ...block,
      },
    };
  }
  if (!who)
    return { type: 'InvoiceFailed', data: { orderId, businessPhone, reason: 'business not found', failedAt: now } };
  return {
    type: 'InvoiceIssued',
    data: {
      orderId,
      businessPhone,
      source: 'platform',
      invoiceNumber: INVOICE_NUMBER_AT_COMMIT,
      invoiceUrl,
      ...amounts,
      issuedAt: now,
      ...block,
    },
  };
}

type PartEvent = Extract<OrderEvent, { type: 'PartPageOpened' | 'PartPaid' | 'PartFailed' }>;

export function evolvePart(order: PlacedOrder, { type, data }: PartEvent): PlacedOrder {
  const parts = order.parts ?? [];
  const change = (partId: string, next: (part: PartState) => PartState): PlacedOrder => ({
    ...order,
    parts: parts.map((part) => (part.partId === partId ? next(part) : part)),
  });
  switch (type) {
    case 'PartPageOpened': {
      const part: PartState = {
        partId: data.partId,
        dinerSessionId: data.dinerSessionId,
        payer: data.payer,
        split: data.split,
        ...(data.shares ? { shares: data.shares } : {}),
        itemsAgorot: data.itemsAgorot,
        tipAgorot: data.tipAgorot,
        amountAgorot: data.amountAgorot,
        lowProfileId: data.lowProfileId,
        paymentUrl: data.paymentUrl,
        ...(data.lines ? { lines: data.lines } : {}),
        status: 'pending',
        openedAt: data.openedAt,
        invoiceNumber: null,
        invoiceUrl: null,
      };
      const kept = parts.map((one) => (one.partId === data.replaces ? { ...one, status: 'replaced' as const } : one));
      return { ...order, parts: [...kept, part], payment: { ...order.payment, provider: data.provider } };
    }
    case 'PartPaid':
      return change(data.partId, (part) => ({
        ...part,
        status: 'paid',
        paid: {
          transactionId: data.transactionId,
          commissionAgorot: data.commissionAgorot,
          paidAt: data.paidAt,
          method: data.method,
          last4: data.last4,
          ...(data.overpaidAgorot ? { overpaidAgorot: data.overpaidAgorot } : {}),
        },
      }));
    case 'PartFailed':
      return change(data.partId, (part) => ({ ...part, status: 'failed' }));
  }
}

/** A part's document: the part keeps its number and address (the order's own fields are a single payer's). */
export function evolvePartInvoice(order: PlacedOrder, data: OrderEventData['InvoiceIssued']): PlacedOrder {
  return {
    ...order,
    parts: (order.parts ?? []).map((part) =>
      part.partId === data.partId
        ? {
            ...part,
            invoiceNumber: data.invoiceNumber,
            invoiceUrl: data.invoiceUrl,
            invoiceSource: data.source,
            invoiceVatRatePercent: data.vatRatePercent,
          }
        : part,
    ),
  };
}
