import type { OrderEvent, PaymentProviderName, RefundLine } from '@tafrit/contracts';
import { creditOf, type ProviderCredit } from './credit.js';
import {
  CreditNotRetryableError,
  OrderExpiredError,
  OrderInvalidTransitionError,
  PaymentMismatchError,
  RefundAmountInvalidError,
  RefundExceedsRemainingError,
  RefundFullyRefundedError,
  RefundInvoiceAwaitingAllocationError,
  RefundIdReusedError,
  RefundNotFoundError,
  RefundOrderNotPaidError,
} from './order.errors.js';
import { derivedRefundId, paidInParts, paymentViewOf, refundPartOf, viewOfRefund } from './part-refunds.js';
import type { At, PlacedOrder } from './order.state.js';
import { amountOfLines, commissionReturned, refundableAgorot } from './refund-amounts.js';
import type { Seller } from './seller.js';

export { CREDIT_NUMBER_AT_COMMIT, type ProviderCredit } from './credit.js';
export { refundableAgorot, tipPartOf } from './refund-amounts.js';

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
   * provider's answer not recorded yet (`retrying`); absent until the provider answered the refund.
   */
  credit?: 'issued' | 'failed' | 'retrying';
  /** Why the last attempt at its credit document failed, for the owner's report. */
  creditFailureReason?: string | null;
  /** The payer's part of a shared bill it is made against (issue 34); absent: the order's one payment. */
  partId?: string;
}

export type RefundCommand =
  | {
      type: 'RequestRefund';
      /**
       * `lines` decide the amount; else `amountAgorot`; neither: all that remains refundable. `partId`: the payment of
       * a shared bill paid in parts it is made against (found by itself when only one payment can be meant).
       */
      data: At & { refundId: string; amountAgorot?: number; lines?: RefundLine[]; reason: string; partId?: string };
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

type Command<T extends RefundCommand['type']> = Extract<RefundCommand, { type: T }>;

function refusedUnlessPaid(order: PlacedOrder): void {
  if (order.payment.status === 'paid') return;
  if (order.status === 'expired') throw new OrderExpiredError(order.orderId);
  throw new RefundOrderNotPaidError(order.orderId);
}

function refundOf(order: PlacedOrder, refundId: string): RefundState {
  const refund = order.refunds.find((r) => r.refundId === refundId);
  if (!refund) throw new RefundNotFoundError(refundId);
  return refund;
}

const sameLines = (a: RefundLine[] | null, b: RefundLine[] | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `RefundRequested`, or nothing when the same request was already recorded. A shared bill paid in parts is refunded
 * against one payer's payment (decision 056): the same rules, on the order as that payment sees it.
 */
export function requestRefund({ data }: Pick<Command<'RequestRefund'>, 'data'>, order: PlacedOrder): OrderEvent[] {
  if (!paidInParts(order)) return requestOf({ data }, order);
  const earlier = order.refunds.find((refund) => refund.refundId === data.refundId)?.partId;
  const part = refundPartOf(order, earlier ?? data.partId, data.lines);
  return againstPart(requestOf({ data }, paymentViewOf(order, part)), part.partId);
}

const againstPart = (events: OrderEvent[], partId: string): OrderEvent[] =>
  events.map((event) => (event.type === 'RefundRequested' ? { ...event, data: { ...event.data, partId } } : event));

function requestOf({ data }: Pick<Command<'RequestRefund'>, 'data'>, order: PlacedOrder): OrderEvent[] {
  refusedUnlessPaid(order);
  const { orderId, businessPhone } = order;
  if (order.invoice === 'awaiting_allocation' || order.invoice === 'allocation_refused') {
    throw new RefundInvoiceAwaitingAllocationError(orderId);
  }
  const earlier = order.refunds.find((r) => r.refundId === data.refundId);
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

/** Declining is for an order the kitchen has not taken yet; a repeat (two consoles) changes nothing. */
export function declineOrder(command: Command<'DeclineOrder'>, order: PlacedOrder): OrderEvent[] {
  if (order.status === 'cancelled') return [];
  refusedUnlessPaid(order);
  if (order.status !== 'paid') throw new OrderInvalidTransitionError(order.status, command.type);
  const { orderId, businessPhone } = order;
  const { refundId, reason, now } = command.data;
  const declined: OrderEvent = { type: 'OrderDeclined', data: { orderId, businessPhone, reason, declinedAt: now } };
  if (paidInParts(order)) {
    // Each payer's payment back, each a refund of its own (its id derived from the decline's).
    const paid = (order.parts ?? []).filter((part) => part.status === 'paid');
    return [
      declined,
      ...paid.flatMap((part, n) => {
        const view = paymentViewOf(order, part);
        if (refundableAgorot(view) === 0) return [];
        return againstPart(
          requestOf({ data: { refundId: derivedRefundId(refundId, n), reason, now } }, view),
          part.partId,
        );
      }),
    ];
  }
  if (refundableAgorot(order) === 0) return [declined];
  return [declined, ...requestRefund({ data: { refundId, reason, now } }, order)];
}

/**
 * The provider's refund. A repeated answer changes nothing; an answer after a recorded refusal is stale (a retry asks
 * again). Its credit document is decided with it, so the two commit together (as a payment's invoice does).
 */
export function recordRefund({ data }: Command<'RecordRefund'>, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  const { refundId, provider, providerRefundId, amountAgorot, creditUrl, seller, providerCredit, now } = data;
  const refund = refundOf(order, refundId);
  if (refund.status !== 'requested') return [];
  if (amountAgorot !== refund.amountAgorot) {
    throw new PaymentMismatchError(`refunded ${amountAgorot} agorot, refund ${refundId} is ${refund.amountAgorot}`);
  }
  return [
    {
      type: 'OrderRefunded',
      data: { orderId, businessPhone, refundId, provider, providerRefundId, amountAgorot, refundedAt: now },
    },
    creditOf(viewOfRefund(order, refundId), refund, { creditUrl, seller: seller ?? order.seller, providerCredit }, now),
  ];
}

export function recordRefundFailure({ data }: Command<'RecordRefundFailure'>, order: PlacedOrder): OrderEvent[] {
  const { orderId, businessPhone } = order;
  const { refundId, responseCode, reason, now } = data;
  if (refundOf(order, refundId).status !== 'requested') return [];
  return [
    {
      type: 'RefundFailed',
      data: { orderId, businessPhone, refundId, responseCode, reason: reason.slice(0, 500), failedAt: now },
    },
  ];
}

/**
 * Made already, or being asked for by another click: nothing to ask, so the provider is asked once. Only the
 * provider's document can come out differently a second time (a password given since, Cardcom back); ours fails only
 * for an order without an invoice, which a retry cannot change.
 */
export function requestCreditRetry({ data }: Command<'RequestCreditRetry'>, whole: PlacedOrder): OrderEvent[] {
  const refund = refundOf(whole, data.refundId);
  const order = viewOfRefund(whole, data.refundId);
  if (refund.credit === 'issued' || refund.credit === 'retrying') return [];
  if (refund.status !== 'refunded' || refund.credit !== 'failed') throw new CreditNotRetryableError(refund.refundId);
  if (order.invoice !== 'generated' || order.invoiceSource !== 'provider') {
    throw new CreditNotRetryableError(refund.refundId);
  }
  const { orderId, businessPhone } = order;
  return [
    {
      type: 'CreditRetryRequested',
      data: { orderId, businessPhone, refundId: refund.refundId, requestedAt: data.now },
    },
  ];
}

/** A repeated or stale answer (the retry already answered) changes nothing. */
export function recordCreditRetry({ data }: Command<'RecordCreditRetry'>, order: PlacedOrder): OrderEvent[] {
  const { refundId, creditUrl, seller, providerCredit, now } = data;
  const refund = refundOf(order, refundId);
  if (refund.credit !== 'retrying') return [];
  const made = { creditUrl, seller: seller ?? order.seller, providerCredit };
  return [creditOf(viewOfRefund(order, refundId), refund, made, now)];
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
  const { refunds } = order;
  const update = (refundId: string, change: Partial<RefundState>): RefundState[] =>
    refunds.map((r) => (r.refundId === refundId ? { ...r, ...change } : r));
  switch (event.type) {
    case 'OrderDeclined':
      return { ...order, status: 'cancelled' };
    case 'RefundRequested': {
      const { refundId, amountAgorot, commissionAgorot, lines, reason, requestedAt, partId } = event.data;
      const requested: RefundState = {
        ...(partId ? { partId } : {}),
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
      // Asked again after a refusal: the same refund, first asked for at its first request.
      const earlier = refunds.find((r) => r.refundId === refundId);
      return earlier
        ? { ...order, refunds: update(refundId, { ...requested, requestedAt: earlier.requestedAt }) }
        : { ...order, refunds: [...refunds, requested] };
    }
    case 'OrderRefunded': {
      const { refundId, providerRefundId, refundedAt } = event.data;
      const change = { status: 'refunded' as const, providerRefundId, refundedAt, failureReason: null };
      return { ...order, refunds: update(refundId, change) };
    }
    case 'RefundFailed':
      return { ...order, refunds: update(event.data.refundId, { status: 'failed', failureReason: event.data.reason }) };
    case 'CreditIssued': {
      // The reason goes with the failure it explained; a credit made at once adds no key, so the snapshots of orders
      // written before the reason was kept rebuild equal.
      const issued = update(event.data.refundId, { credit: 'issued' }).map((refund) => {
        if (refund.refundId !== event.data.refundId || refund.creditFailureReason === undefined) return refund;
        return { ...refund, creditFailureReason: null };
      });
      return { ...order, refunds: issued };
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
