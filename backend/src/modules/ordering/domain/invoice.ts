import {
  allocationNumberRequired,
  israelDateOf,
  splitVat,
  VAT_RATE_PERCENT,
  type OrderEvent,
  type OrderEventData,
} from '@tafrit/contracts';
import { ALLOCATION_WAIT_MS } from './allocation.js';
import { OrderInvalidTransitionError } from './order.errors.js';
import type { At, PlacedOrder } from './order.state.js';
import { sellerBlock, type Seller } from './seller.js';

/**
 * The number of an invoice of ours, as the decider writes it: the store replaces it with the business's next number
 * of its gapless sequence, taken last in the command's transaction (a number is storage, not a decision).
 */
export const INVOICE_NUMBER_AT_COMMIT = '(numbered at commit)';

/** A dealer number (עוסק מורשה: an ID or a company number) is nine digits. */
const DEALER_NUMBER = /^\d{9}$/;

/** The paid order's tax invoice, when it was not decided with the payment (a retry of a failed one). */
export type InvoiceCommand =
  | {
      type: 'IssueInvoice';
      data: At &
        Pick<
          OrderEventData['InvoiceIssued'],
          'source' | 'invoiceNumber' | 'invoiceUrl' | 'beforeVatAgorot' | 'vatAgorot' | 'vatRatePercent'
        >;
    }
  | { type: 'RecordInvoiceFailure'; data: At & { reason: string } };

type Command<T extends InvoiceCommand['type']> = Extract<InvoiceCommand, { type: T }>;

export function issueInvoice(command: Command<'IssueInvoice'>, order: PlacedOrder): OrderEvent[] {
  // Issued, or decided and waiting for its allocation number: nothing to issue again.
  if (order.invoice !== 'pending' && order.invoice !== 'failed') return [];
  if (order.payment.status !== 'paid') throw new OrderInvalidTransitionError(order.payment.status, command.type);
  const { now, ...invoice } = command.data;
  const { orderId, businessPhone, totalAgorot, tipAgorot } = order;
  return [
    {
      type: 'InvoiceIssued',
      data: {
        orderId,
        businessPhone,
        ...invoice,
        totalAgorot,
        ...(tipAgorot ? { tipAgorot } : {}),
        issuedAt: now,
        ...buyerOf(order, invoice, now),
      },
    },
  ];
}

/**
 * The buyer the order's tax invoice names (issue 32), and whether the document needs an allocation number: by the
 * threshold in force on the document's Israel date, its amounts and its buyer (contracts' allocation-thresholds.ts).
 * A private diner's document: neither. The allocation number itself is asked for later; the event records the need.
 */
function buyerOf(
  order: PlacedOrder,
  { beforeVatAgorot, vatAgorot }: { beforeVatAgorot: number; vatAgorot: number },
  now: string,
): Pick<OrderEventData['InvoiceIssued'], 'buyer' | 'allocationRequired'> {
  if (!order.invoiceFor) return {};
  const buyer = { name: order.invoiceFor.name, taxId: order.invoiceFor.taxId };
  const required = allocationNumberRequired({ issuedOn: israelDateOf(now), beforeVatAgorot, vatAgorot, buyer });
  return { buyer, ...(required ? { allocationRequired: true as const } : {}) };
}

export function recordInvoiceFailure({ data }: Command<'RecordInvoiceFailure'>, order: PlacedOrder): OrderEvent[] {
  if (order.invoice !== 'pending') return [];
  const { orderId, businessPhone } = order;
  return [{ type: 'InvoiceFailed', data: { orderId, businessPhone, reason: data.reason, failedAt: data.now } }];
}

/**
 * The tax document of a payment: the provider's when it made one with the charge (Cardcom's DocumentInfo), else ours
 * in the seller's name with the next number of the business's sequence, or a failure the owner's report shows when
 * the seller cannot head a tax document.
 */
export function invoiceOf(
  order: PlacedOrder,
  document: OrderEventData['OrderPaid']['document'],
  invoiceUrl: string,
  seller: Seller | null,
  now: string,
): OrderEvent {
  const { orderId, businessPhone, totalAgorot, tipAgorot } = order;
  // The tip stays outside the VAT base (decision 027): VAT is split from the sale alone, the tip shown apart.
  const { beforeVat, vat } = splitVat(totalAgorot - tipAgorot, VAT_RATE_PERCENT);
  const amounts = {
    totalAgorot,
    beforeVatAgorot: beforeVat,
    vatAgorot: vat,
    vatRatePercent: VAT_RATE_PERCENT,
    ...(tipAgorot > 0 ? { tipAgorot } : {}),
    // The discount's line (issue 33): the VAT above is already of what was paid, after it.
    ...(order.discount ? { discountAgorot: order.discount.agorot } : {}),
  };
  if (document) {
    return {
      type: 'InvoiceIssued',
      data: {
        orderId,
        businessPhone,
        source: 'provider',
        invoiceNumber: document.documentNumber,
        // Cardcom's DocumentUrl is documented as unreliable: without one our page shows what we know.
        invoiceUrl: document.documentUrl ?? invoiceUrl,
        ...amounts,
        issuedAt: now,
        ...(seller ? { seller: sellerBlock(seller, businessPhone) } : {}),
        ...buyerOf(order, amounts, now),
      },
    };
  }
  const unusable = !seller
    ? 'business not found'
    : !seller.name.trim()
      ? 'the business has no name'
      : !DEALER_NUMBER.test(seller.dealerNumber)
        ? 'the business has no valid dealer number'
        : null;
  if (unusable) return { type: 'InvoiceFailed', data: { orderId, businessPhone, reason: unusable, failedAt: now } };
  const ours = {
    orderId,
    businessPhone,
    source: 'platform' as const,
    invoiceNumber: INVOICE_NUMBER_AT_COMMIT,
    invoiceUrl,
    ...amounts,
    seller: sellerBlock(seller!, businessPhone),
  };
  const { buyer, allocationRequired } = buyerOf(order, amounts, now);
  // Our document needs an allocation number: decided and numbered now, issued when the number comes (decision 049).
  // Cardcom's own documents ask for theirs themselves.
  if (allocationRequired && buyer) {
    const issueWithoutBy = new Date(Date.parse(now) + ALLOCATION_WAIT_MS).toISOString();
    return { type: 'InvoiceAwaitingAllocation', data: { ...ours, buyer, awaitingSince: now, issueWithoutBy } };
  }
  return { type: 'InvoiceIssued', data: { ...ours, issuedAt: now, ...(buyer ? { buyer } : {}) } };
}

type InvoiceEvent = Extract<OrderEvent, { type: 'InvoiceIssued' | 'InvoiceFailed' }>;

export function evolveInvoice(order: PlacedOrder, event: InvoiceEvent): PlacedOrder {
  if (event.type === 'InvoiceFailed') return { ...order, invoice: 'failed' };
  const { invoiceNumber, invoiceUrl, source, vatRatePercent } = event.data;
  const { awaitingInvoice: _issuedNow, allocationRefusal: _answered, ...rest } = order;
  return {
    ...rest,
    invoice: 'generated',
    invoiceNumber,
    invoiceUrl,
    invoiceSource: source,
    invoiceVatRatePercent: vatRatePercent,
  };
}
