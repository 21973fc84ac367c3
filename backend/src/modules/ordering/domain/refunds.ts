import {
  splitVat,
  VAT_RATE_PERCENT,
  type OrderEvent,
  type PaymentProviderName,
  type RefundLine,
} from '@tafrit/contracts';
import type { PlacedOrder } from './order.decider.js';
import { sellerBlock, type Seller } from './seller.js';

/**
 * The number of a credit document of ours, as the decider writes it: the store replaces it with the business's next
 * credit number, taken last in the command's transaction (like the invoice's).
 */
export const CREDIT_NUMBER_AT_COMMIT = '(numbered at commit)';
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

/**
 * One refund of the order as the decider knows it. `requested` holds its amount against the order until the provider
 * answers: a refund waiting for its answer is never refundable a second time; a `failed` one gives its amount back.
 */
export interface RefundState {
  refundId: string;
  amountAgorot: number;
  commissionAgorot: number;
  lines: RefundLine[] | null;
  reason: string;
  status: 'requested' | 'refunded' | 'failed';
  requestedAt: string;
  providerRefundId: string | null;
  refundedAt: string | null;
  failureReason: string | null;
  /**
   * Its credit tax document: made with the refund, or not (and why is in `CreditFailed`), or asked for again and the
   * provider's answer not recorded yet (`retrying`).
   */
  credit?: 'issued' | 'failed' | 'retrying';
  /** Why the last attempt at its credit document failed, for the owner's report. */
  creditFailureReason?: string | null;
}

type At = { now: string };

export type RefundCommand =
  | {
      type: 'RequestRefund';
      /** `lines` decide the amount; else `amountAgorot`; neither: all that remains refundable. */
      data: At & { refundId: string; amountAgorot?: number; lines?: RefundLine[]; reason: string };
    }
  | { type: 'DeclineOrder'; data: At & { refundId: string; reason: string } }
  | {
      type: 'RecordRefund';
      data: At & {
        refundId: string;
        provider: PaymentProviderName;
        providerRefundId: string;
        amountAgorot: number;
        /** The address of our credit document of this refund (used when it is ours). */
        creditUrl: string;
        /** The business as it is now: the credit document prints its block (else the order's seller). */
        seller?: Seller | null;
        /** The provider's credit document, made when the order's invoice was the provider's (Cardcom's). */
        providerCredit?: ProviderCredit;
      };
    }
  | { type: 'RecordRefundFailure'; data: At & { refundId: string; responseCode: string | null; reason: string } }
  /** The owner asks again for the provider's credit document of a refund whose credit failed. */
  | { type: 'RequestCreditRetry'; data: At & { refundId: string } }
  /** The provider's answer to that second ask (recorded only while it is the one in flight). */
  | {
      type: 'RecordCreditRetry';
      data: At & { refundId: string; creditUrl: string; seller?: Seller | null; providerCredit: ProviderCredit };
    };

/** The provider's answer to "make the refund's credit document" (Cardcom's Documents/CreateDocument). */
export type ProviderCredit =
  | { status: 'issued'; documentType: string; documentNumber: string; documentUrl: string | null }
  | { status: 'failed'; reason: string };

/** Where the order's invoice came from; snapshots written before it was kept: our own invoice's link is on our origin. */
export const invoiceSourceOf = (order: PlacedOrder): 'platform' | 'provider' =>
  order.invoiceSource ?? (order.invoiceUrl?.startsWith('/api/') ? 'platform' : 'provider');

/** Orders whose snapshot was written before refunds existed have no list: none. */
export const refundsOf = (order: PlacedOrder): RefundState[] => order.refunds ?? [];

/** What may still be refunded: the amount paid less every refund not refused. */
export function refundableAgorot(order: PlacedOrder): number {
  if (order.payment.status !== 'paid') return 0;
  return order.totalAgorot - refundsOf(order).reduce((sum, r) => sum + (r.status === 'failed' ? 0 : r.amountAgorot), 0);
}

/** Units of each line already refunded (or waiting for the provider) by refunds that named lines. */
function refundedUnits(order: PlacedOrder): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refundsOf(order)) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines ?? []) units.set(line.index, (units.get(line.index) ?? 0) + line.quantity);
  }
  return units;
}

function amountOfLines(order: PlacedOrder, lines: readonly RefundLine[]): number {
  if (lines.length === 0) throw new RefundLineUnavailableError(-1);
  const done = refundedUnits(order);
  const seen = new Set<number>();
  let amount = 0;
  for (const { index, quantity } of lines) {
    const line = order.lines[index];
    if (!line || seen.has(index) || !Number.isInteger(quantity) || quantity < 1) {
      throw new RefundLineUnavailableError(index);
    }
    if (quantity > line.quantity - (done.get(index) ?? 0)) throw new RefundLineUnavailableError(index);
    seen.add(index);
    amount += line.unitPriceAgorot * quantity;
  }
  return amount;
}

/**
 * The part of a refund that returns the diner's tip (decision 027): a refund returns the sale first and the tip last,
 * so the tip comes back only with the money beyond the items (a whole refund returns it whole). `before`: what the
 * order's earlier refunds (not refused) returned.
 */
export function tipPartOf(order: PlacedOrder, before: number, amount: number): number {
  const items = order.totalAgorot - (order.tipAgorot ?? 0);
  return Math.max(0, before + amount - items) - Math.max(0, before - items);
}

/**
 * The commission a refund returns: its share of the order's commission (which is on the items only), rounded half up;
 * the refund that empties the order returns all that is left, so the refunds' commissions add up to the order's
 * exactly. The part of a refund that returns the tip returns no commission: the tip carried none.
 */
function commissionReturned(order: PlacedOrder, amount: number, remaining: number): number {
  const refunds = refundsOf(order).filter((r) => r.status !== 'failed');
  const left = order.commissionAgorot - refunds.reduce((sum, r) => sum + r.commissionAgorot, 0);
  if (amount === remaining) return left;
  const items = order.totalAgorot - (order.tipAgorot ?? 0);
  if (items <= 0) return 0;
  const before = refunds.reduce((sum, r) => sum + r.amountAgorot, 0);
  const forItems = amount - tipPartOf(order, before, amount);
  return Math.min(left, Math.floor((forItems * order.commissionAgorot * 2 + items) / (2 * items)));
}

function refusedUnlessPaid(order: PlacedOrder): void {
  if (order.payment.status === 'paid') return;
  if (order.status === 'expired') throw new OrderExpiredError(order.orderId);
  throw new RefundOrderNotPaidError(order.orderId);
}

const sameLines = (a: RefundLine[] | null, b: RefundLine[] | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `RefundRequested`, or nothing when the same request (the same id and details) was already recorded. */
function requestRefund(
  order: PlacedOrder,
  data: Extract<RefundCommand, { type: 'RequestRefund' }>['data'],
): OrderEvent[] {
  refusedUnlessPaid(order);
  const { orderId, businessPhone } = order;
  const earlier = refundsOf(order).find((r) => r.refundId === data.refundId);
  if (earlier) {
    const same =
      (data.lines ? sameLines(earlier.lines, data.lines) : earlier.lines === null) &&
      (data.amountAgorot === undefined || data.lines !== undefined || data.amountAgorot === earlier.amountAgorot);
    if (!same) throw new RefundIdReusedError(data.refundId);
    // A double click, a retried request: the refund already asked for. A refused one is asked for again (the owner's
    // "try again"), under its own id, so the provider sees the same key.
    if (earlier.status !== 'failed') return [];
  }
  const remaining = refundableAgorot(order);
  const amount = earlier
    ? earlier.lines
      ? amountOfLines(order, earlier.lines)
      : earlier.amountAgorot
    : data.lines
      ? amountOfLines(order, data.lines)
      : (data.amountAgorot ?? remaining);
  if (!Number.isInteger(amount) || amount <= 0) {
    if (remaining === 0) throw new RefundFullyRefundedError(orderId);
    throw new RefundAmountInvalidError(amount);
  }
  if (remaining === 0) throw new RefundFullyRefundedError(orderId);
  if (amount > remaining) throw new RefundExceedsRemainingError(amount, remaining);
  return [
    {
      type: 'RefundRequested',
      data: {
        orderId,
        businessPhone,
        refundId: data.refundId,
        amountAgorot: amount,
        commissionAgorot: commissionReturned(order, amount, remaining),
        lines: earlier ? earlier.lines : (data.lines ?? null),
        reason: earlier ? earlier.reason : data.reason,
        requestedAt: data.now,
      },
    },
  ];
}

/** The refund commands of the order decider (issue 17); `order.decider.ts` hands them here. */
export function decideRefund(command: RefundCommand, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  switch (command.type) {
    case 'RequestRefund':
      return requestRefund(order, command.data);
    case 'DeclineOrder': {
      // Declining is for an order the kitchen has not taken yet; a repeat (two consoles) changes nothing.
      if (order.status === 'cancelled') return [];
      refusedUnlessPaid(order);
      if (order.status !== 'paid') throw new OrderInvalidTransitionError(order.status, command.type);
      const { refundId, reason, now } = command.data;
      const declined: OrderEvent = { type: 'OrderDeclined', data: { orderId, businessPhone, reason, declinedAt: now } };
      if (refundableAgorot(order) === 0) return [declined];
      return [declined, ...requestRefund(order, { refundId, reason, now })];
    }
    case 'RecordRefund': {
      const { refundId, provider, providerRefundId, amountAgorot, creditUrl, seller, providerCredit, now } =
        command.data;
      const refund = refundsOf(order).find((r) => r.refundId === refundId);
      if (!refund) throw new RefundNotFoundError(refundId);
      // A repeated answer changes nothing; an answer after a recorded refusal is stale (a retry asks again).
      if (refund.status !== 'requested') return [];
      if (amountAgorot !== refund.amountAgorot) {
        throw new PaymentMismatchError(`refunded ${amountAgorot} agorot, refund ${refundId} is ${refund.amountAgorot}`);
      }
      // Its credit document is decided with it, so the two commit together (as a payment's invoice does).
      return [
        {
          type: 'OrderRefunded',
          data: { orderId, businessPhone, refundId, provider, providerRefundId, amountAgorot, refundedAt: now },
        },
        creditOf(order, refund, { creditUrl, seller: seller ?? order.seller, providerCredit }, now),
      ];
    }
    case 'RecordRefundFailure': {
      const { refundId, responseCode, reason, now } = command.data;
      const refund = refundsOf(order).find((r) => r.refundId === refundId);
      if (!refund) throw new RefundNotFoundError(refundId);
      if (refund.status !== 'requested') return [];
      return [
        {
          type: 'RefundFailed',
          data: { orderId, businessPhone, refundId, responseCode, reason: reason.slice(0, 500), failedAt: now },
        },
      ];
    }
    case 'RequestCreditRetry': {
      const refund = refundsOf(order).find((r) => r.refundId === command.data.refundId);
      if (!refund) throw new RefundNotFoundError(command.data.refundId);
      // Made already, or being asked for by another click: nothing to ask, so the provider is asked once.
      if (refund.credit === 'issued' || refund.credit === 'retrying') return [];
      // Only the provider's document can come out differently a second time (a password given since, Cardcom back);
      // ours fails only for an order without an invoice, which a retry cannot change.
      if (refund.status !== 'refunded' || refund.credit !== 'failed')
        throw new CreditNotRetryableError(refund.refundId);
      if (order.invoice !== 'generated' || invoiceSourceOf(order) !== 'provider') {
        throw new CreditNotRetryableError(refund.refundId);
      }
      return [
        {
          type: 'CreditRetryRequested',
          data: { orderId, businessPhone, refundId: refund.refundId, requestedAt: command.data.now },
        },
      ];
    }
    case 'RecordCreditRetry': {
      const { refundId, creditUrl, seller, providerCredit, now } = command.data;
      const refund = refundsOf(order).find((r) => r.refundId === refundId);
      if (!refund) throw new RefundNotFoundError(refundId);
      // A repeated or stale answer (the retry already answered) changes nothing.
      if (refund.credit !== 'retrying') return [];
      return [creditOf(order, refund, { creditUrl, seller: seller ?? order.seller, providerCredit }, now)];
    }
  }
}

/**
 * The credit tax document of a refund, made the way the order's invoice was made. Ours: numbered at commit from the
 * business's credit sequence, at the invoice's VAT rate and linked to its number. The provider's (Cardcom's invoice,
 * on the business's own terminal): the credit document Cardcom made (`Documents/CreateDocument`), or a failure with
 * its reason for a person to make it by hand. None when the order has no invoice. Both print the seller's block as
 * it is at the refund.
 */
function creditOf(
  order: PlacedOrder,
  refund: RefundState,
  made: { creditUrl: string; seller: Seller | null; providerCredit: ProviderCredit | undefined },
  now: string,
): OrderEvent {
  const { orderId, businessPhone } = order;
  const { refundId } = refund;
  const source = invoiceSourceOf(order);
  const failed = (reason: string): OrderEvent => ({
    type: 'CreditFailed',
    data: { orderId, businessPhone, refundId, reason, failedAt: now },
  });
  if (order.invoice !== 'generated') return failed('the order has no tax invoice to credit');
  const rate = order.invoiceVatRatePercent ?? VAT_RATE_PERCENT;
  // The tip's part is outside the VAT, as on the invoice: VAT is taken from the rest only.
  const refunds = refundsOf(order);
  const before = refunds
    .slice(
      0,
      refunds.findIndex((r) => r.refundId === refundId),
    )
    .reduce((sum, r) => sum + (r.status === 'failed' ? 0 : r.amountAgorot), 0);
  const tip = tipPartOf(order, before, refund.amountAgorot);
  const { beforeVat, vat } = splitVat(refund.amountAgorot - tip, rate);
  const document = {
    orderId,
    businessPhone,
    refundId,
    originalInvoiceNumber: order.invoiceNumber,
    lines: refund.lines,
    totalAgorot: refund.amountAgorot,
    beforeVatAgorot: beforeVat,
    vatAgorot: vat,
    vatRatePercent: rate,
    issuedAt: now,
    ...(made.seller ? { seller: sellerBlock(made.seller, businessPhone) } : {}),
    ...(tip > 0 ? { tipAgorot: tip } : {}),
  };
  if (source === 'provider') {
    const credit = made.providerCredit;
    if (credit?.status !== 'issued') {
      return failed(credit?.reason ?? "the invoice is the provider's and the provider made no credit document");
    }
    return {
      type: 'CreditIssued',
      data: {
        ...document,
        source: 'provider',
        creditNumber: credit.documentNumber,
        creditUrl: credit.documentUrl ?? made.creditUrl,
      },
    };
  }
  return {
    type: 'CreditIssued',
    data: { ...document, source: 'platform', creditNumber: CREDIT_NUMBER_AT_COMMIT, creditUrl: made.creditUrl },
  };
}

type RefundEvent = Extract<
  OrderEvent,
  {
    type:
      | 'RefundRequested'
      | 'OrderRefunded'
      | 'RefundFailed'
      | 'OrderDeclined'
      | 'CreditIssued'
      | 'CreditFailed'
      | 'CreditRetryRequested';
  }
>;

/** The order after one of its refund events. */
export function evolveRefund(order: PlacedOrder, event: RefundEvent): PlacedOrder {
  const refunds = refundsOf(order);
  const update = (refundId: string, change: Partial<RefundState>): RefundState[] =>
    refunds.map((r) => (r.refundId === refundId ? { ...r, ...change } : r));
  switch (event.type) {
    case 'OrderDeclined':
      return { ...order, status: 'cancelled' };
    case 'RefundRequested': {
      const { refundId, amountAgorot, commissionAgorot, lines, reason, requestedAt } = event.data;
      const requested: RefundState = {
        refundId,
        amountAgorot,
        commissionAgorot,
        lines,
        reason,
        status: 'requested',
        requestedAt,
        providerRefundId: null,
        refundedAt: null,
        failureReason: null,
      };
      return refunds.some((r) => r.refundId === refundId)
        ? {
            ...order,
            refunds: update(refundId, {
              ...requested,
              requestedAt: refunds.find((r) => r.refundId === refundId)!.requestedAt,
            }),
          }
        : { ...order, refunds: [...refunds, requested] };
    }
    case 'OrderRefunded':
      return {
        ...order,
        refunds: update(event.data.refundId, {
          status: 'refunded',
          providerRefundId: event.data.providerRefundId,
          refundedAt: event.data.refundedAt,
          failureReason: null,
        }),
      };
    case 'RefundFailed':
      return { ...order, refunds: update(event.data.refundId, { status: 'failed', failureReason: event.data.reason }) };
    case 'CreditIssued': {
      // The reason goes with the failure it explained; a credit made at once adds no key, so the snapshots of orders
      // written before the reason was kept rebuild equal.
      const refunds = update(event.data.refundId, { credit: 'issued' }).map((refund) => {
        if (refund.refundId !== event.data.refundId || refund.creditFailureReason === undefined) return refund;
        return { ...refund, creditFailureReason: null };
      });
      return { ...order, refunds };
    }
    case 'CreditFailed':
      return {
        ...order,
        refunds: update(event.data.refundId, { credit: 'failed', creditFailureReason: event.data.reason }),
      };
    case 'CreditRetryRequested':
      return { ...order, refunds: update(event.data.refundId, { credit: 'retrying' }) };
  }
}
