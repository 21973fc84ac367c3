// The order's tax documents (DESIGN.md §4, issue 32): the invoice-receipt issued with the payment, or decided with it
// and waiting for its allocation number from the Tax Authority, and the Authority's refusal. Part of the order's
// stream (order-events.ts gathers them); never change a version's meaning: add a version and an upcaster.
import { z } from 'zod';
import { orderLineSchema } from './order-lines.js';
import {
  agorotField as agorot,
  businessPhoneField as businessPhone,
  instantField as instant,
  orderIdField as orderId,
  textField as text,
} from './event-fields.js';
import { buyerBlockSchema, sellerBlockSchema } from './tax-document-parties.js';

/** What the owner may choose for a document whose number was refused (ISRAEL-NOTES, "Allocation number"). */
export const allocationRefusalOptions = ['cancel', 'issue_without_number'] as const;

export const allocationSchema = z.object({
  number: z.string().regex(/^\d{9}$/),
  source: z.enum(['tax_authority', 'manual']),
  /** The Authority's confirmation number as it came (its last nine digits are `number`). */
  confirmationNumber: z.string().optional(),
  /** Who typed a manual number: the owner's or a member's id. */
  enteredBy: z.string().optional(),
});

export const withoutAllocationSchema = z.object({
  /** `no_answer`: the wait ran out (`cause` says what the last try met); `refused`: the owner chose after a refusal. */
  why: z.enum(['no_answer', 'refused']),
  cause: z.string().optional(),
  /** After a refusal: what the owner chose (`cancel` is followed by the order's refund). */
  choice: z.enum(allocationRefusalOptions).optional(),
});

export const invoiceIssuedDataSchema = z.object({
  orderId,
  businessPhone,
  /** `platform`: our own tax invoice receipt from the business's sequence; `provider`: the provider's document. */
  source: z.enum(['platform', 'provider']),
  invoiceNumber: text,
  invoiceUrl: text,
  /** The whole charge: the sale (beforeVat + vat) and the tip. */
  totalAgorot: agorot,
  beforeVatAgorot: agorot,
  vatAgorot: agorot,
  vatRatePercent: z.number().int().nonnegative(),
  /** The tip, shown apart and outside the VAT base (decision 027; added 2026-11-27, absent: none). */
  tipAgorot: agorot.optional(),
  /**
   * A promo code's discount, VAT included, shown as its own line below the items (issue 33, added 2026-11-29; absent:
   * none). The VAT is on what was paid: beforeVat + vat is the items less this discount.
   */
  discountAgorot: agorot.optional(),
  issuedAt: instant,
  /** The seller as the document printed it (added 2026-11-27); absent in older events. */
  seller: sellerBlockSchema.optional(),
  /** The buyer the document named (issue 32, added 2026-11-29; absent: a private diner's, or an older document). */
  buyer: buyerBlockSchema.optional(),
  /**
   * The document needs an allocation number from the Tax Authority (issue 32, added 2026-11-29): above the threshold in
   * force on its date, with VAT, to a business that asked (contracts' allocationNumberRequired). Absent: it needs none.
   */
  allocationRequired: z.literal(true).optional(),
  /**
   * The allocation number the document carries (issue 32, added 2026-12-06): asked from the Tax Authority after the
   * payment, or typed by hand from its personal area. Absent: none was needed, or see `withoutAllocation`.
   */
  allocation: allocationSchema.optional(),
  /**
   * A document that needed a number and was issued without one, and why (issue 32, added 2026-12-06): no answer
   * within the wait, or a refusal and the owner's choice. The buyer is told on the document.
   */
  withoutAllocation: withoutAllocationSchema.optional(),
  /**
   * One payer's part of a shared table's order (issue 34, decision 056, added 2026-11-30): the document is that
   * part's, its amounts the part's items and tip. Absent: the order's one document.
   */
  partId: text.optional(),
  /**
   * A part's document lists its own lines (issue 34, added 2026-11-30): the payer's own at the order's prices, or the
   * share as one line; and its own card. Absent on an order's one document: its lines and card are the order's.
   */
  lines: z.array(orderLineSchema).optional(),
  card: z
    .object({
      method: z.enum(['card', 'google_pay', 'bit']),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
    })
    .optional(),
});

/**
 * Our tax invoice-receipt of a paid order needs an allocation number (issue 32): the document is decided and its number
 * reserved from the business's sequence now (the Tax Authority's request carries it), and it is issued, unchanged, as
 * `InvoiceIssued` when the number comes, when the owner decides after a refusal, or without a number once
 * `issueWithoutBy` has passed. The payment is never held up by it.
 */
export const invoiceAwaitingAllocationDataSchema = invoiceIssuedDataSchema
  .omit({ issuedAt: true, allocation: true, withoutAllocation: true, allocationRequired: true })
  .extend({
    source: z.literal('platform'),
    seller: sellerBlockSchema,
    buyer: buyerBlockSchema,
    awaitingSince: instant,
    issueWithoutBy: instant,
  });

/** The Tax Authority refused the number (460 and the like): final for the document, whose owner now chooses. */
export const allocationRefusedDataSchema = z.object({
  orderId,
  businessPhone,
  /** The Authority's code and its own words, kept as they came. */
  code: z.string(),
  reason: z.string(),
  /** What the law leaves the seller: cancel the deal, or issue without a number and tell the buyer. */
  options: z.array(z.enum(allocationRefusalOptions)),
  refusedAt: instant,
});

export const invoiceFailedDataSchema = z.object({ orderId, businessPhone, reason: z.string(), failedAt: instant });
