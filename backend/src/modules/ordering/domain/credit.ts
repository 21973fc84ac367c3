import { splitVat, type OrderEvent } from '@tafrit/contracts';
import type { PlacedOrder } from './order.state.js';
import { tipPartOf } from './refund-amounts.js';
import type { RefundState } from './refunds.js';
import { sellerBlock, type Seller } from './seller.js';

/**
 * The number of a credit document of ours, as the decider writes it: the store replaces it with the business's next
 * credit number, taken last in the command's transaction (like the invoice's).
 */
export const CREDIT_NUMBER_AT_COMMIT = '(numbered at commit)';

/** The provider's answer to "make the refund's credit document" (Cardcom's Documents/CreateDocument). */
export type ProviderCredit =
  | { status: 'issued'; documentType: string; documentNumber: string; documentUrl: string | null }
  | { status: 'failed'; reason: string };

/** What the refund's completion brings for its credit document. */
export interface CreditMade {
  creditUrl: string;
  seller: Seller | null;
  providerCredit: ProviderCredit | undefined;
}

/**
 * The credit tax document of a refund, made the way the order's invoice was made. Ours: numbered at commit from the
 * business's credit sequence, at the invoice's VAT rate and linked to its number. The provider's (Cardcom's invoice,
 * on the business's own terminal): the credit document Cardcom made (`Documents/CreateDocument`), or a failure with
 * its reason for a person to make it by hand. None when the order has no invoice. Both print the seller's block as
 * it is at the refund.
 */
export function creditOf(order: PlacedOrder, refund: RefundState, made: CreditMade, now: string): OrderEvent {
  const { orderId, businessPhone } = order;
  const { refundId } = refund;
  const failed = (reason: string): OrderEvent => ({
    type: 'CreditFailed',
    data: { orderId, businessPhone, refundId, reason, failedAt: now },
  });
  if (order.invoice !== 'generated') return failed('the order has no tax invoice to credit');
  // Both are set with the invoice.
  const source = order.invoiceSource!;
  const rate = order.invoiceVatRatePercent!;
  // The tip's part is outside the VAT, as on the invoice: VAT is taken from the rest only.
  const { refunds } = order;
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
    // The buyer the credited invoice named (issue 32): the order's, recorded when it was placed and never changed.
    ...(order.invoiceFor ? { buyer: { name: order.invoiceFor.name, taxId: order.invoiceFor.taxId } } : {}),
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
