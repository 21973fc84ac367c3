import { paidForUnits, type RefundLine } from '@tafrit/contracts';
import { RefundLineUnavailableError } from './order.errors.js';
import type { PlacedOrder } from './order.state.js';

/** What may still be refunded: the amount paid less every refund not refused. */
export function refundableAgorot(order: PlacedOrder): number {
  if (order.payment.status !== 'paid') return 0;
  return order.totalAgorot - order.refunds.reduce((sum, r) => sum + (r.status === 'failed' ? 0 : r.amountAgorot), 0);
}

/** Units of each line already refunded (or waiting for the provider) by refunds that named lines. */
function refundedUnits(order: PlacedOrder): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of order.refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines ?? []) units.set(line.index, (units.get(line.index) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * The amount of refunding these units of the order's lines: what was paid for them, at the price they were sold for
 * less their share of a promo code's discount (issue 33), so a line refunded in any steps returns what was paid.
 */
export function amountOfLines(order: PlacedOrder, lines: readonly RefundLine[]): number {
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
    amount += paidForUnits(line, done.get(index) ?? 0, quantity);
  }
  return amount;
}

/**
 * The part of a refund that returns the diner's tip (decision 027): a refund returns the sale first and the tip last,
 * so the tip comes back only with the money beyond the items (a whole refund returns it whole). `before`: what the
 * order's earlier refunds (not refused) returned.
 */
export function tipPartOf(order: PlacedOrder, before: number, amount: number): number {
  const items = order.totalAgorot - order.tipAgorot;
  return Math.max(0, before + amount - items) - Math.max(0, before - items);
}

/**
 * The commission a refund returns: its share of the order's commission (which is on the items only), rounded half up;
 * the refund that empties the order returns all that is left, so the refunds' commissions add up to the order's
 * exactly. The part of a refund that returns the tip returns no commission: the tip carried none.
 */
export function commissionReturned(order: PlacedOrder, amount: number, remaining: number): number {
  const refunds = order.refunds.filter((r) => r.status !== 'failed');
  const left = order.commissionAgorot - refunds.reduce((sum, r) => sum + r.commissionAgorot, 0);
  if (amount === remaining) return left;
  const items = order.totalAgorot - order.tipAgorot;
  if (items <= 0) return 0;
  const before = refunds.reduce((sum, r) => sum + r.amountAgorot, 0);
  const forItems = amount - tipPartOf(order, before, amount);
  return Math.min(left, Math.floor((forItems * order.commissionAgorot * 2 + items) / (2 * items)));
}
