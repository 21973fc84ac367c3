import type { EntityManager } from '@mikro-orm/postgresql';
import { type BuyerBlock, type OrderEventData, orderStreamId, type SellerBlock } from '@tafrit/contracts';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { BusinessReader } from '../../accounts/index.js';
import { sellerOfOrder } from './invoice-view.js';

export interface CreditLine {
  name: string;
  quantity: number;
  unitPriceAgorot: number;
}

export interface CreditView {
  creditNumber: string;
  issuedAt: string;
  orderNumber: number;
  /** The tax invoice this document credits. */
  originalInvoiceNumber: string | null;
  /** The refunded lines at the price they were sold for; an amount refund is one line of its own. */
  lines: CreditLine[];
  totalAgorot: number;
  beforeVatAgorot: number;
  vatAgorot: number;
  vatRatePercent: number;
  /** The part returning the diner's tip, outside the VAT (0: none). */
  tipAgorot: number;
  /**
   * The refunded lines' share of a promo code's discount (issue 33), shown as its own negative line: the lines at
   * their prices less it are what the credit returns. 0: none.
   */
  discountAgorot?: number;
  promoCode?: string | null;
  reason: string;
  /** The seller's block as the document printed it (older documents: as the order was placed, or as it is now). */
  seller: SellerBlock | null;
  /** The business the document is made out to (issue 32), as it named it; null: a private diner. */
  buyer: BuyerBlock | null;
  /** Ours (the original is this page), or the provider's (Cardcom's CreditIssued: the original is at `creditUrl`). */
  source: 'platform' | 'provider';
  /** Where the document lives: our page, or the provider's address. */
  creditUrl: string;
}

export interface LoadedCredit {
  businessPhone: string;
  view: CreditView;
}

/**
 * A refund's credit tax document of ours as the order's stream tells it (OrderPlaced: the lines and the seller as the
 * order was placed; RefundRequested: the reason and lines; CreditIssued: number, amounts, the invoice it credits).
 * Undefined when the order has no such credit document.
 */
export async function loadCredit(
  { store, em, businesses }: { store: EventStore; em: EntityManager; businesses: BusinessReader },
  orderId: string,
  refundId: string,
): Promise<LoadedCredit | undefined> {
  const { events } = await store.readStream(orderStreamId(orderId), { em });
  let placed: OrderEventData['OrderPlaced'] | undefined;
  let requested: OrderEventData['RefundRequested'] | undefined;
  let credit: OrderEventData['CreditIssued'] | undefined;
  for (const event of events) {
    if (event.type === 'OrderPlaced') placed = event.data as OrderEventData['OrderPlaced'];
    else if (event.type === 'RefundRequested') {
      const data = event.data as OrderEventData['RefundRequested'];
      if (data.refundId === refundId) requested = data;
    } else if (event.type === 'CreditIssued') {
      const data = event.data as OrderEventData['CreditIssued'];
      if (data.refundId === refundId) credit = data;
    }
  }
  if (!placed || !credit || !requested) return undefined;
  const order = placed;
  const lines: CreditLine[] = credit.lines
    ? credit.lines.map(({ index, quantity }) => ({
        name: order.lines[index]?.name ?? '',
        quantity,
        unitPriceAgorot: order.lines[index]?.unitPriceAgorot ?? 0,
      }))
    : [{ name: `החזר כספי להזמנה #${order.orderNumber}`, quantity: 1, unitPriceAgorot: credit.totalAgorot }];
  const seller =
    credit.seller ??
    (order.seller
      ? sellerOfOrder(order.seller, order.businessPhone)
      : await businesses.sellerOf(order.businessPhone, em));
  return {
    businessPhone: order.businessPhone,
    view: {
      creditNumber: credit.creditNumber,
      issuedAt: credit.issuedAt,
      orderNumber: order.orderNumber,
      originalInvoiceNumber: credit.originalInvoiceNumber,
      lines,
      totalAgorot: credit.totalAgorot,
      beforeVatAgorot: credit.beforeVatAgorot,
      vatAgorot: credit.vatAgorot,
      vatRatePercent: credit.vatRatePercent,
      tipAgorot: credit.tipAgorot ?? 0,
      ...discountOf(order, lines, credit),
      reason: requested.reason,
      seller: seller ?? null,
      buyer: credit.buyer ?? null,
      source: credit.source,
      creditUrl: credit.creditUrl,
    },
  };
}

/** A credit of lines of an order placed with a promo code: what those lines come to less what the credit returns. */
function discountOf(
  order: OrderEventData['OrderPlaced'],
  lines: readonly CreditLine[],
  credit: OrderEventData['CreditIssued'],
): Pick<CreditView, 'discountAgorot' | 'promoCode'> {
  if (!order.discount || !credit.lines) return { discountAgorot: 0, promoCode: null };
  const full = lines.reduce((sum, line) => sum + line.unitPriceAgorot * line.quantity, 0);
  const returned = credit.totalAgorot - (credit.tipAgorot ?? 0);
  return { discountAgorot: Math.max(0, full - returned), promoCode: order.discount.code };
}
