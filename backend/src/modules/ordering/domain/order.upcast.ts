import { VAT_RATE_PERCENT } from '@tafrit/contracts';
import type { OrderState, PlacedOrder } from './order.state.js';
import type { RefundState } from './refunds.js';
import type { Seller } from './seller.js';

/**
 * An order's snapshot as the `orders` row may hold it: written by any earlier version of the decider, so the fields
 * added since may be missing (the tip and the seller in November 2026 with issue 17, refunds with their decision,
 * the invoice's source and VAT rate with credit documents, the way of paying with wallets).
 */
export type StoredOrderState =
  | { placed: false }
  | (Omit<PlacedOrder, 'tipAgorot' | 'seller' | 'refunds'> & {
      tipAgorot?: number;
      seller?: Seller | null;
      refunds?: RefundState[];
    });

/**
 * The current state of a stored snapshot: what the decider's `evolve` gives today for the same events. A snapshot
 * written by the current version comes back as it is (the same object); an older one gets the missing fields with the
 * values those events mean: no tip, no seller recorded, no refunds, paid by card, and its invoice's source read from
 * its link (ours is on our own origin) at the VAT rate of its time.
 */
export function upcastOrderState(stored: StoredOrderState): OrderState {
  if (!stored.placed) return stored;
  const { tipAgorot, seller, refunds, payment, invoice } = stored;
  const paidWithoutMethod = payment.status === 'paid' && payment.method === undefined;
  const invoiced = invoice === 'generated';
  const invoiceUnknown = invoiced && (stored.invoiceSource === undefined || stored.invoiceVatRatePercent === undefined);
  if (
    tipAgorot !== undefined &&
    seller !== undefined &&
    refunds !== undefined &&
    !paidWithoutMethod &&
    !invoiceUnknown
  ) {
    return stored as PlacedOrder;
  }
  return {
    ...stored,
    tipAgorot: tipAgorot ?? 0,
    seller: seller ?? null,
    refunds: refunds ?? [],
    ...(paidWithoutMethod ? { payment: { ...payment, method: 'card' as const } } : {}),
    ...(invoiceUnknown
      ? {
          invoiceSource: stored.invoiceSource ?? (stored.invoiceUrl?.startsWith('/api/') ? 'platform' : 'provider'),
          invoiceVatRatePercent: stored.invoiceVatRatePercent ?? VAT_RATE_PERCENT,
        }
      : {}),
  };
}
