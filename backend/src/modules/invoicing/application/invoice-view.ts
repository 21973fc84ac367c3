import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type BuyerBlock,
  type OrderEventData,
  type OrderLine,
  orderStreamId,
  type PaymentMethod,
  type SellerBlock,
  shareLineOf,
} from '@tafrit/contracts';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { BusinessReader } from '../../accounts/index.js';

interface OrderFacts {
  orderId: string;
  orderNumber: number;
  tableNumber: number | null;
  lines: OrderLine[];
}

export type InvoiceView =
  | ({ status: 'pending' | 'failed' } & OrderFacts)
  | ({
      status: 'issued';
      source: 'platform' | 'provider';
      invoiceNumber: string;
      invoiceUrl: string;
      issuedAt: string;
      totalAgorot: number;
      beforeVatAgorot: number;
      vatAgorot: number;
      vatRatePercent: number;
      /** The diner's tip: on the document apart, outside the VAT base (decision 027); 0 when none. */
      tipAgorot: number;
      /** A promo code's discount (issue 33), VAT included: its own line below the items; 0 when none. */
      discountAgorot: number;
      /** The code, as the order was placed with it; null: none. */
      promoCode: string | null;
      /** Null when the business row is gone (a closed business keeps its row; this is defensive). */
      seller: SellerBlock | null;
      /** The business the invoice is made out to (issue 32), as the document named it; null: a private diner. */
      buyer: BuyerBlock | null;
      /** The allocation number it carries (decision 049); null: none needed, or issued without (`withoutAllocation`). */
      allocationNumber: string | null;
      withoutAllocation: boolean;
      card: { last4: string | null; brand: string | null; method: PaymentMethod };
    } & OrderFacts);

/** An order's recorded seller as a block; orders placed before issue 17 recorded no phone or address. */
export function sellerOfOrder(
  seller: NonNullable<OrderEventData['OrderPlaced']['seller']>,
  phone: string,
): SellerBlock {
  return {
    name: seller.name,
    dealerNumber: seller.dealerNumber,
    phone: seller.phone ?? phone,
    street: seller.street ?? null,
    city: seller.city ?? null,
  };
}

export interface LoadedInvoice {
  /** Whose invoice this is: the owner check compares it with the bearer's business. */
  businessPhone: string;
  view: InvoiceView;
}

/**
 * The invoice as the order's own stream tells it (OrderPlaced: lines, number, table; OrderPaid: the card;
 * InvoiceIssued: number, amounts, date) plus the seller from the `businesses` read model. Undefined when there is no
 * such order.
 *
 * The seller's name and dealer number are those the order was placed with (`OrderPlaced.seller`, from which the
 * invoice was issued in the payment's transaction); orders placed before the seller was recorded show the current
 * business row instead.
 */
export async function loadInvoice(
  { store, em, businesses }: { store: EventStore; em: EntityManager; businesses: BusinessReader },
  orderId: string,
  partId?: string,
): Promise<LoadedInvoice | undefined> {
  const { events } = await store.readStream(orderStreamId(orderId), { em });
  let placed: OrderEventData['OrderPlaced'] | undefined;
  type Card = Pick<OrderEventData['OrderPaid'], 'last4' | 'brand' | 'method'>;
  let paid: Card | undefined;
  let issued: OrderEventData['InvoiceIssued'] | undefined;
  let part: OrderEventData['PartPageOpened'] | undefined;
  let failed = false;
  // One payer's part of a shared bill (issue 34): its own page, charge and document; the order's link opens none.
  const ours = (data: { partId?: string }) => data.partId === partId;
  for (const event of events) {
    const data = event.data as { partId?: string };
    if (event.type === 'OrderPlaced') placed = event.data as OrderEventData['OrderPlaced'];
    else if (event.type === 'PartPageOpened' && partId && ours(data)) part = data as OrderEventData['PartPageOpened'];
    else if (event.type === (partId ? 'PartPaid' : 'OrderPaid') && ours(data)) paid ??= data as Card;
    else if (event.type === 'InvoiceIssued' && ours(data)) issued ??= data as OrderEventData['InvoiceIssued'];
    else if (event.type === 'InvoiceFailed' && !partId) failed = true;
  }
  if (partId && !part) return undefined;
  if (!placed) return undefined;
  const facts: OrderFacts = {
    orderId: placed.orderId,
    orderNumber: placed.orderNumber,
    tableNumber: placed.tableNumber,
    // A part's document lists its own lines (issue 34); one not yet issued, the payer's own or the share's.
    lines: issued?.lines ?? (part ? linesOfPart(placed, part) : placed.lines),
  };
  if (!issued) {
    return { businessPhone: placed.businessPhone, view: { status: failed ? 'failed' : 'pending', ...facts } };
  }
  // The seller as the invoice printed it (InvoiceIssued.seller, issue 17); older invoices: as the order was placed
  // (OrderPlaced.seller, without an address), and older orders name the business as it is now.
  const seller =
    issued.seller ??
    (placed.seller
      ? sellerOfOrder(placed.seller, placed.businessPhone)
      : await businesses.sellerOf(placed.businessPhone, em));
  return {
    businessPhone: placed.businessPhone,
    view: {
      status: 'issued',
      ...facts,
      source: issued.source,
      invoiceNumber: issued.invoiceNumber,
      invoiceUrl: issued.invoiceUrl,
      issuedAt: issued.issuedAt,
      totalAgorot: issued.totalAgorot,
      beforeVatAgorot: issued.beforeVatAgorot,
      vatAgorot: issued.vatAgorot,
      vatRatePercent: issued.vatRatePercent,
      tipAgorot: issued.tipAgorot ?? 0,
      discountAgorot: issued.discountAgorot ?? 0,
      promoCode: part ? null : (placed.discount?.code ?? null),
      seller: seller ?? null,
      // As the document was issued: an issued document never changes, so the order's request is not read again.
      buyer: issued.buyer ?? null,
      allocationNumber: issued.allocation?.number ?? null,
      withoutAllocation: issued.withoutAllocation !== undefined,
      card: issued.card ?? { last4: paid?.last4 ?? null, brand: paid?.brand ?? null, method: paid?.method ?? 'card' },
    },
  };
}

/** A part's document lines: the payer's own, or the share as one line named by the table and the order. */
function linesOfPart(placed: OrderEventData['OrderPlaced'], part: OrderEventData['PartPageOpened']): OrderLine[] {
  if (part.lines?.length) return part.lines;
  return [shareLineOf(placed, part.itemsAgorot)];
}
