/**
 * Allocation numbers (מספר הקצאה, "Israel Invoices"), behind a port (decision 047): the Tax Authority's API through
 * `TaxAuthorityAllocationNumbers`, or nothing ("not connected"). A number typed by hand from the Authority's personal
 * area does not go through the port: see `manual-allocation.ts`.
 */

/** Nest injection token of the process's `AllocationNumbers`. */
export const ALLOCATION_NUMBERS = Symbol('ALLOCATION_NUMBERS');

/** The documents an allocation number is asked for: tax invoice, tax invoice-receipt, credit invoice. */
export type AllocationDocumentType = 305 | 320 | 330;

/** What the Authority needs to know about one document. Money in integer agorot; the adapter converts. */
export interface AllocationRequest {
  /** Our own unique id of the document (the API's `invoice_id`, at most 50 characters); the same on a retry. */
  invoiceId: string;
  /** The seller's dealer number (עוסק מורשה or ח.פ.), 9 digits: the grant must cover this file. */
  sellerDealerNumber: string;
  /** The buyer's tax id (its dealer or company number), 9 digits. */
  buyerTaxId: string;
  /** Printed on the document; optional in the API. */
  buyerName?: string;
  documentType: AllocationDocumentType;
  /** The document's printed number (the API's `invoice_reference_number`, at most 20 characters). */
  documentNumber: string;
  /** The document's date in Israel, YYYY-MM-DD. */
  issueDate: string;
  amountBeforeVatAgorot: number;
  vatAgorot: number;
  totalAgorot: number;
}

/**
 * What the law leaves the seller once a number is refused (ISRAEL-NOTES, "Allocation number"): cancel the document,
 * or issue it without a number and tell the buyer (who then cannot deduct its VAT, and may invoice itself).
 */
export type RefusalOption = 'cancel' | 'issue_without_number';
export const REFUSAL_OPTIONS: readonly RefusalOption[] = ['cancel', 'issue_without_number'];

/** Why no answer came; the caller decides whether to try again (decision 047's failure semantics). */
export type UnavailableCause =
  /** No TAX_AUTHORITY_* configuration: this server does not talk to the Authority at all. */
  | 'not_connected'
  /** No grant, an expired or revoked one, or one that does not cover the seller: an authorised person signs in again. */
  | 'grant_needed'
  /** The Authority did not answer within the configured time. */
  | 'timeout'
  /** No connection to the Authority (DNS, refused, reset). */
  | 'unreachable'
  /** The Authority answered 5xx, 408 or 429: try again later. */
  | 'server'
  /** An answer this adapter cannot read (a changed API, a wrong URL): someone must look. */
  | 'unexpected';

export type AllocationAnswer =
  | {
      kind: 'granted';
      /** The allocation number printed on the document: 9 digits. */
      number: string;
      /** The Authority's confirmation number as it came (longer in the published examples; its last 9 digits). */
      confirmationNumber: string;
    }
  | {
      kind: 'refused';
      /** The Authority's code: 460 (not approved), 461/462 (refused before), or a validation code (432, 434...). */
      code: string;
      /** The Authority's own words, recorded with the document. */
      reason: string;
      options: readonly RefusalOption[];
    }
  | {
      kind: 'unavailable';
      cause: UnavailableCause;
      /** For the log and for the person who must act (e.g. "a new grant is needed"). */
      reason: string;
    };

export interface AllocationNumbers {
  /**
   * Asks for the document's number. Never throws for anything the Authority or the network does: every outcome is an
   * answer. Throws only for a malformed request (a bug in the caller), before anything is sent.
   */
  request(invoice: AllocationRequest): Promise<AllocationAnswer>;
}

/** The adapter when TAX_AUTHORITY_* is not configured: the document goes on without a number (decision 047). */
export class NotConnectedAllocationNumbers implements AllocationNumbers {
  // async: a malformed request rejects, as the Authority's adapter does, rather than throwing synchronously.
  async request(invoice: AllocationRequest): Promise<AllocationAnswer> {
    assertWellFormed(invoice);
    return {
      kind: 'unavailable',
      cause: 'not_connected',
      reason: 'not connected: this server has no Tax Authority API configuration (TAX_AUTHORITY_*)',
    };
  }
}

const NINE_DIGITS = /^\d{9}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The caller's mistakes, refused before a request goes out: the Authority would refuse them less clearly. */
export function assertWellFormed(invoice: AllocationRequest): void {
  const problems: string[] = [];
  if (!invoice.invoiceId || invoice.invoiceId.length > 50) problems.push('invoiceId: 1 to 50 characters');
  if (!NINE_DIGITS.test(invoice.sellerDealerNumber)) problems.push('sellerDealerNumber: 9 digits');
  if (!NINE_DIGITS.test(invoice.buyerTaxId)) problems.push('buyerTaxId: 9 digits');
  if (![305, 320, 330].includes(invoice.documentType)) problems.push('documentType: 305, 320 or 330');
  if (!invoice.documentNumber || invoice.documentNumber.length > 20)
    problems.push('documentNumber: 1 to 20 characters');
  if (!ISO_DATE.test(invoice.issueDate) || Number.isNaN(Date.parse(invoice.issueDate))) {
    problems.push('issueDate: YYYY-MM-DD');
  }
  for (const field of ['amountBeforeVatAgorot', 'vatAgorot', 'totalAgorot'] as const) {
    if (!Number.isSafeInteger(invoice[field]) || invoice[field] < 0) problems.push(`${field}: whole agorot, >= 0`);
  }
  if (invoice.amountBeforeVatAgorot + invoice.vatAgorot !== invoice.totalAgorot) {
    problems.push('totalAgorot: amount before VAT plus VAT');
  }
  if (problems.length > 0) throw new TypeError(`malformed allocation request: ${problems.join('; ')}`);
}
