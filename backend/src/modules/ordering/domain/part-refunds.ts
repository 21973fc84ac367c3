import { orderLineKey } from '@tafrit/contracts';
import { RefundSplitBillError } from './order.errors.js';
import type { PartState, PlacedOrder } from './order.state.js';

/**
 * A refund of a shared bill paid in parts (issue 34, decision 056) is made against the payment that paid: its charge,
 * its own document, its own tip and commission. The refund rules of an order are applied, unchanged, to the order as
 * that one payment sees it: its amount and tip, its commission, its card, its document, the refunds made against it,
 * and the order's lines with the quantities it paid for (its payer's own lines; a share of the bill paid for no line
 * in particular, so it is refunded by amount). A line keeps its place among the order's lines, so a refund's lines
 * name the order's lines as every refund does.
 */
export function paymentViewOf(order: PlacedOrder, part: PartState): PlacedOrder {
  const paid = new Map((part.lines ?? []).map((line) => [orderLineKey(line), line]));
  const { parts: _parts, discount: _discount, ...rest } = order;
  return {
    ...rest,
    lines: order.lines.map((line) => {
      const own = paid.get(orderLineKey(line));
      const { discountAgorot: _whole, ...bare } = line;
      return own
        ? { ...bare, ...(own.discountAgorot ? { discountAgorot: own.discountAgorot } : {}), quantity: own.quantity }
        : { ...bare, quantity: 0 };
    }),
    totalAgorot: part.amountAgorot,
    tipAgorot: part.tipAgorot,
    commissionAgorot: part.paid?.commissionAgorot ?? 0,
    netAgorot: part.amountAgorot - (part.paid?.commissionAgorot ?? 0),
    payment: {
      ...order.payment,
      status: part.status === 'paid' ? 'paid' : 'pending',
      lowProfileId: part.lowProfileId,
      transactionId: part.paid?.transactionId ?? null,
      last4: part.paid?.last4 ?? null,
      method: part.paid?.method ?? 'card',
    },
    invoice: part.invoiceNumber ? 'generated' : 'pending',
    invoiceNumber: part.invoiceNumber,
    invoiceUrl: part.invoiceUrl,
    ...(part.invoiceSource ? { invoiceSource: part.invoiceSource } : {}),
    ...(part.invoiceVatRatePercent ? { invoiceVatRatePercent: part.invoiceVatRatePercent } : {}),
    refunds: order.refunds.filter((refund) => refund.partId === part.partId),
  };
}

/** Whether the order's money was paid in parts: then every refund is one payment's. */
export const paidInParts = (order: PlacedOrder): boolean => (order.parts ?? []).some((part) => part.status === 'paid');

/**
 * The payment a new refund is made against: the one named, or the only one that paid, or the one payer's part that
 * paid for every line named; else the owner must name it (`refund.split_bill`).
 */
export function refundPartOf(
  order: PlacedOrder,
  partId: string | undefined,
  lines: readonly { index: number; quantity: number }[] | undefined,
): PartState {
  const paid = (order.parts ?? []).filter((part) => part.status === 'paid');
  if (partId !== undefined) {
    const named = paid.find((part) => part.partId === partId);
    if (!named) throw new RefundSplitBillError(order.orderId);
    return named;
  }
  if (paid.length === 1) return paid[0]!;
  if (lines?.length) {
    const payers = paid.filter((part) =>
      lines.every(({ index, quantity }) => {
        const line = order.lines[index];
        const own = line && part.lines?.find((mine) => orderLineKey(mine) === orderLineKey(line));
        return own !== undefined && own.quantity >= quantity;
      }),
    );
    if (payers.length === 1) return payers[0]!;
  }
  throw new RefundSplitBillError(order.orderId);
}

/** The order as the payment a recorded refund was made against sees it; the order itself for one payer's. */
export function viewOfRefund(order: PlacedOrder, refundId: string): PlacedOrder {
  const partId = order.refunds.find((refund) => refund.refundId === refundId)?.partId;
  const part = partId === undefined ? undefined : order.parts?.find((one) => one.partId === partId);
  return part ? paymentViewOf(order, part) : order;
}

/**
 * The refund id of the n-th payment of a declined bill paid in parts: the decline's own id for the first, then ids
 * derived from it (its last 32 bits xor n, as an unsigned number), so a repeated decline asks for the same refunds.
 */
export function derivedRefundId(refundId: string, n: number): string {
  if (n === 0) return refundId;
  const tail = ((Number.parseInt(refundId.slice(28), 16) ^ n) >>> 0).toString(16).padStart(8, '0');
  return `${refundId.slice(0, 28)}${tail}`;
}
