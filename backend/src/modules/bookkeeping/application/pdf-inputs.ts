import type { PlatformInvoiceEventData } from '@tafrit/contracts';
import type { BusinessSeller } from '../../accounts/index.js';
import type { TaxDocumentPdfInput } from '../../invoicing/index.js';
import type { BookkeepingDocument } from './documents.js';

/**
 * A business's document as its PDF in the accountant's download: a copy (the original went to the diner), with the
 * seller as the document printed it (older documents: the business as it is now).
 */
export function documentPdfInput(document: BookkeepingDocument, business: BusinessSeller): TaxDocumentPdfInput {
  const seller = document.seller ?? business;
  return {
    kind: document.kind === 'credit' ? 'credit' : 'invoice-receipt',
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    copyMark: 'copy',
    issuedBy: document.source === 'provider' ? 'cardcom' : 'product',
    seller: {
      name: seller.name,
      dealerNumber: seller.dealerNumber,
      phone: seller.phone ?? null,
      street: seller.street ?? null,
      city: seller.city ?? null,
    },
    buyer: document.buyer,
    allocationNumber: document.allocationNumber,
    withoutAllocation: document.withoutAllocation,
    // A promo code's discount prints as its own row of the totals (issue 33), not as a line among the items.
    lines: document.lines
      .filter((line) => !line.discount)
      .map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceAgorot: line.unitPriceAgorot,
        totalAgorot: line.totalAgorot,
      })),
    beforeVatAgorot: document.beforeVatAgorot,
    vatAgorot: document.vatAgorot,
    vatRatePercent: document.vatRatePercent,
    tipAgorot: document.tipAgorot,
    discountAgorot: document.discountAgorot,
    totalAgorot: document.totalAgorot,
    payment:
      document.kind === 'credit'
        ? null
        : { method: document.payment.method, last4: document.payment.last4, brand: document.payment.brand },
    refersTo: document.originalNumber,
    orderNumber: document.orderNumber,
    tableNumber: document.tableNumber,
  };
}

type PlatformDocumentData =
  PlatformInvoiceEventData['PlatformInvoiceIssued'] | PlatformInvoiceEventData['PlatformCreditIssued'];

/**
 * The platform's commission invoice and credits to the business for the month: the business is their customer, so
 * its download holds them as originals.
 */
export function platformPdfInputs(
  platform: {
    invoice: PlatformInvoiceEventData['PlatformInvoiceIssued'] | undefined;
    credits: PlatformInvoiceEventData['PlatformCreditIssued'][];
  },
  businessDealerNumber: string,
): { name: string; input: TaxDocumentPdfInput }[] {
  const of = (data: PlatformDocumentData, credit: boolean): TaxDocumentPdfInput => {
    const number = String('creditNumber' in data && credit ? data.creditNumber : data.invoiceNumber);
    const description = `עמלת שירות הזמנות לחודש ${data.month.slice(5, 7)}/${data.month.slice(0, 4)}`;
    return {
      kind: credit ? 'platform-credit' : 'platform-invoice',
      number,
      issuedAt: data.issuedAt,
      copyMark: 'original',
      issuedBy: 'product',
      seller: {
        name: data.issuer.name,
        dealerNumber: data.issuer.dealerNumber,
        phone: null,
        street: data.issuer.address,
        city: null,
      },
      buyer: { name: data.businessName, taxId: businessDealerNumber },
      // The invoice's allocation number (decision 049), or that it went out without the one it needed.
      allocationNumber: (!credit && 'allocation' in data && data.allocation?.number) || null,
      withoutAllocation: !credit && 'withoutAllocation' in data && data.withoutAllocation !== undefined,
      lines: [{ description, quantity: 1, unitPriceAgorot: data.totalAgorot, totalAgorot: data.totalAgorot }],
      beforeVatAgorot: data.beforeVatAgorot,
      vatAgorot: data.vatAgorot,
      vatRatePercent: data.vatRatePercent,
      tipAgorot: 0,
      discountAgorot: 0,
      totalAgorot: data.totalAgorot,
      payment: null,
      refersTo: credit ? String(data.invoiceNumber) : null,
      orderNumber: null,
      tableNumber: null,
    };
  };
  const files: { name: string; input: TaxDocumentPdfInput }[] = [];
  if (platform.invoice) {
    files.push({
      name: `commission-invoice-${platform.invoice.invoiceNumber}.pdf`,
      input: of(platform.invoice, false),
    });
  }
  for (const credit of platform.credits) {
    files.push({ name: `commission-credit-${credit.creditNumber}.pdf`, input: of(credit, true) });
  }
  return files;
}
