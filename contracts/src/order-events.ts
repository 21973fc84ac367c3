// The events of an order's life (DESIGN.md §2, §4): one stream `order-{orderId}` per order. Money is integer agorot,
// times are ISO 8601 instants; every event names the business (its phone) so projections and processors of one
// business never need to look the order up. Never change a version's meaning: add a version and an upcaster.
import { z } from 'zod';
import { dinerLanguages } from './languages.js';
import { buyerBlockSchema, sellerBlockSchema } from './tax-document-parties.js';
import { orderSourceSchema } from './http/share.schemas.js';

import {
  agorotField as agorot,
  businessPhoneField as businessPhone,
  instantField as instant,
  orderIdField as orderId,
  textField as text,
} from './event-fields.js';
import { partFailedDataSchema, partPageOpenedDataSchema, partPaidDataSchema } from './part-events.js';
import {
  allocationRefusedDataSchema,
  invoiceAwaitingAllocationDataSchema,
  invoiceFailedDataSchema,
  invoiceIssuedDataSchema,
} from './invoice-events.js';

// The tax documents' events live in their own file; importers of this one find them here too.
export * from './invoice-events.js';

export const PAYMENT_PROVIDERS = ['sandbox', 'cardcom'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * How the diner paid (issue 17): a card typed into the provider's page, Google Pay inside that page, or Bit through
 * the provider's redirect out of the frame. Apple Pay is not in Cardcom's v11 definition, so it is not here.
 */
export const PAYMENT_METHODS = ['card', 'google_pay', 'bit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// The lines' schemas live in their own file; importers of this one find them here too.
export * from './order-lines.js';
import { orderLineSchema } from './order-lines.js';

export const orderPlacedDataSchema = z.object({
  orderId,
  businessPhone,
  departmentId: text,
  /** Per business, from 1 and never reused; a checkout that failed may leave a gap (decision 015). */
  orderNumber: z.number().int().positive(),
  lines: z.array(orderLineSchema).min(1),
  /** What the diner is charged: the items and the tip. */
  totalAgorot: agorot,
  /** 5% of the items only (a tip carries none). */
  commissionAgorot: agorot,
  netAgorot: agorot,
  /** The diner's tip, inside totalAgorot but apart from the sale (issue 17, added 2026-11-27; absent: none). */
  tipAgorot: agorot.optional(),
  remarks: z.string().max(500).nullable(),
  tableNumber: z.number().int().positive().nullable(),
  /** The diner's browser session (an HttpOnly cookie): only it may read the order back. */
  dinerSessionId: text,
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  placedAt: instant,
  /**
   * The seller as the tax invoice will name it, and where the owner wanted the bon texted, as they were when the
   * order was placed (added 2026-11-25; older events lack it and the business is read at payment instead).
   */
  seller: z
    .object({
      name: z.string(),
      dealerNumber: z.string(),
      receiptPhone: z.string().nullable(),
      /** How a ready order reaches the diner (issue 18); absent in orders placed before it was recorded: table. */
      serviceMode: z.enum(['table', 'pickup']).optional(),
      /** The business's phone and address (added 2026-11-27, issue 17); older events lack them. */
      phone: z.string().optional(),
      street: z.string().nullable().optional(),
      city: z.string().nullable().optional(),
    })
    .optional(),
  /**
   * A test order the owner placed to try the kitchen (issue 18, decision 034, added 2026-11-28; absent: a diner's):
   * never charged, so no payment, invoice, receipt, commission or report follows it; it prints and shows on the
   * console marked as a test.
   */
  test: z.literal(true).optional(),
  /**
   * The diner asked for the tax invoice in a business's name (issue 32, added 2026-11-29; absent: a private diner's
   * document). The order's documents name this buyer.
   */
  invoiceFor: buyerBlockSchema.optional(),
  /**
   * Where the diner came from (issue 33, added 2026-11-29): a table's QR code, the window poster's, or a shared address
   * with its `?src=` tag; absent in older orders and when the diner's page did not say.
   */
  source: orderSourceSchema.optional(),
  /**
   * The promo code the order was placed with (issue 33, added 2026-11-29; absent: none). Then totalAgorot is the
   * items less this discount plus the tip, and commissionAgorot 5% of the items less the discount.
   */
  discount: z.object({ code: text, promoCodeId: text, agorot }).optional(),
  /**
   * Order ahead (issue 33, added 2026-11-29; absent: as soon as possible): the pickup time the diner chose, and when
   * its preparation should start (`dueAt`: the pickup time less the café's estimate). Until `dueAt` the kitchen sees
   * the paid order under "upcoming"; `OrderDue` makes it new then.
   */
  pickupAt: instant.optional(),
  dueAt: instant.optional(),
  /**
   * The shared table's cart the order was checked out of (issue 34, added 2026-11-30; absent: a diner's own cart): the
   * table's cart closes when the order is paid and opens again when it expires unpaid.
   */
  tableCartId: text.optional(),
  /** Pay at the end (decision 058, added 2026-11-30): a tab's `round` (made at once) or its `bill` (paid in parts). */
  tab: z.union([z.object({ round: z.number().int().positive() }), z.object({ bill: z.literal(true) })]).optional(),
});

export const paymentPageOpenedDataSchema = z.object({
  orderId,
  businessPhone,
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's id of this payment page (Cardcom's LowProfileId). */
  lowProfileId: text,
  paymentUrl: z.url(),
  /** Whose terminal charges: the business's own (`cardcomEnabled`) or the platform's. */
  terminal: z.enum(['business', 'platform']),
  amountAgorot: agorot,
  /** `bit`: the page is Bit's address outside the frame (Cardcom's UrlToBit); absent: the card page. */
  method: z.enum(['card', 'bit']).optional(),
  openedAt: instant,
});

/** A tax document the provider made with the charge (Cardcom's `DocumentInfo`): then we issue none of our own. */
export const providerDocumentSchema = z.object({
  documentType: text,
  documentNumber: text,
  documentUrl: z.url().nullable(),
});

export const orderPaidDataSchema = z.object({
  orderId,
  businessPhone,
  provider: z.enum(PAYMENT_PROVIDERS),
  lowProfileId: text,
  transactionId: text,
  approvalNumber: z.string().nullable(),
  last4: z.string().nullable(),
  brand: z.string().nullable(),
  amountAgorot: agorot,
  commissionAgorot: agorot,
  netAgorot: agorot,
  document: providerDocumentSchema.nullable(),
  /** The tip inside amountAgorot, for the payouts that show it apart (added 2026-11-27; absent: none). */
  tipAgorot: agorot.optional(),
  /** How the diner paid (added 2026-11-27; absent in older events: a card). */
  method: z.enum(PAYMENT_METHODS).optional(),
  /**
   * A shared table's order paid in parts (issue 34, decision 056, added 2026-11-30): how many `PartPaid` it sums.
   * Then the amounts are the parts' sums, the card fields are the last part's, and each part had its own document.
   * Absent: one payment, as before.
   */
  parts: z.number().int().positive().optional(),
  tabBill: z.literal(true).optional(), // a tab's bill (decision 058): no slip, its rounds had theirs
  paidAt: instant,
});

export const paymentFailedDataSchema = z.object({
  orderId,
  businessPhone,
  provider: z.enum(PAYMENT_PROVIDERS),
  lowProfileId: text,
  /** The provider's result code, as text (Cardcom's ResponseCode). */
  responseCode: z.string().nullable(),
  reason: z.string(),
  failedAt: instant,
});

export const orderExpiredDataSchema = z.object({ orderId, businessPhone, expiredAt: instant });

const kitchenStepSchema = z.object({ orderId, businessPhone, at: instant });
/** `estimatedReadyAt`: when the kitchen said, on accepting, the order would be ready (absent: it said nothing). */
export const orderAcceptedDataSchema = kitchenStepSchema.extend({ estimatedReadyAt: instant.optional() });
export const orderReadyDataSchema = kitchenStepSchema;
/**
 * A paid order for later reached the moment its preparation should start (issue 33, added 2026-11-29): from now on
 * it is new in the kitchen, sounds, prints (its `SlipQueued` is recorded with this event) and is accepted
 * automatically where the owner turned that on.
 */
export const orderDueDataSchema = z.object({ orderId, businessPhone, pickupAt: instant, dueAt: instant });
export const orderServedDataSchema = kitchenStepSchema;

export const receiptSmsSentDataSchema = z.object({ orderId, businessPhone, to: text, sentAt: instant });
export const receiptSmsFailedDataSchema = z.object({
  orderId,
  businessPhone,
  to: z.string().nullable(),
  reason: z.string(),
  failedAt: instant,
});

/**
 * The diner asked for one SMS when the order is ready (issue 18, decision 033), in their language. The number itself
 * is never in the log: ordering keeps it sealed in `ready_sms_phones` until it is sent or no longer needed.
 */
export const readySmsRequestedDataSchema = z.object({
  orderId,
  businessPhone,
  language: z.enum(dinerLanguages),
  requestedAt: instant,
});
/** The "your order is ready" SMS went out (the number is not recorded). */
export const readySmsSentDataSchema = z.object({ orderId, businessPhone, sentAt: instant });
/** It did not (the gateway refused, the number was gone, the order was served or cancelled first). */
export const readySmsFailedDataSchema = z.object({
  orderId,
  businessPhone,
  reason: z.string().max(500),
  failedAt: instant,
});

export const slipQueuedDataSchema = z.object({
  orderId,
  businessPhone,
  slipId: text,
  queuedAt: instant,
  /** The slip of the owner's test order (decision 034, added 2026-11-28): it brings the order to the console. */
  test: z.literal(true).optional(),
  /** A tab's round (decision 058, added 2026-11-30). */
  round: z.number().int().positive().optional(),
});
/** The business's printing agent reported that its printer took every byte of the slip. Recorded once per slip. */
export const slipPrintedDataSchema = z.object({
  orderId,
  businessPhone,
  slipId: text,
  agentId: text,
  printedAt: instant,
});
/** The agent could not print (printer unreachable, out of paper...): the slip stays queued and is sent again. */
export const printFailedDataSchema = z.object({
  orderId,
  businessPhone,
  slipId: text,
  agentId: text,
  reason: z.string().max(500),
  failedAt: instant,
});

/** A line refunded by its position in the order's `lines` (0-based), some or all of its units. */
export const refundLineSchema = z.object({
  index: z.number().int().nonnegative(),
  quantity: z.number().int().min(1).max(99),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/**
 * The owner asked for money back (issue 17). Recorded before the provider is asked, so a crash after the provider's
 * answer leaves a request to complete, never a refund nobody knows of. `refundId` is the key of the refund end to
 * end (the provider's call, its answer, the credit document). `lines` is null for an amount or the whole remainder.
 * `commissionAgorot` is the part of the order's commission this refund returns (a refund returns its commission).
 */
export const refundRequestedDataSchema = z.object({
  orderId,
  businessPhone,
  refundId: z.uuid(),
  amountAgorot: z.number().int().positive(),
  commissionAgorot: agorot,
  lines: z.array(refundLineSchema).nullable(),
  reason: z.string().min(1).max(200),
  requestedAt: instant,
  /**
   * A shared bill paid in parts (issue 34, decision 056, added 2026-11-30): the payer's part the refund is made
   * against (its charge, its document). Absent: the order's one payment.
   */
  partId: text.optional(),
});

/** The provider returned the money: the refund is final. */
export const orderRefundedDataSchema = z.object({
  orderId,
  businessPhone,
  refundId: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's id of the refund (Cardcom's NewTranzactionId). */
  providerRefundId: text,
  amountAgorot: z.number().int().positive(),
  refundedAt: instant,
});

/** The provider refused the refund: nothing was returned, its amount is refundable again. */
export const refundFailedDataSchema = z.object({
  orderId,
  businessPhone,
  refundId: z.uuid(),
  responseCode: z.string().nullable(),
  reason: z.string().max(500),
  failedAt: instant,
});

/** The café declined a new paid order (a dish ran out): the kitchen stops, the whole order is refunded with it. */
export const orderDeclinedDataSchema = z.object({
  orderId,
  businessPhone,
  reason: z.string().min(1).max(200),
  declinedAt: instant,
});

/**
 * The credit tax document (חשבונית מס זיכוי) of a refund, decided with `OrderRefunded` and committed with it. Ours:
 * `creditNumber` from the business's own gapless numbering of credit documents (taken last in the transaction, as
 * the invoice's number is), linked to the order's invoice by `originalInvoiceNumber`.
 */
export const creditIssuedDataSchema = z.object({
  orderId,
  businessPhone,
  refundId: z.uuid(),
  source: z.enum(['platform', 'provider']),
  creditNumber: text,
  creditUrl: text,
  originalInvoiceNumber: z.string().nullable(),
  lines: z.array(refundLineSchema).nullable(),
  totalAgorot: agorot,
  beforeVatAgorot: agorot,
  vatAgorot: agorot,
  vatRatePercent: z.number().int().nonnegative(),
  issuedAt: instant,
  /** The seller as the credit document printed it (added 2026-11-27); absent in older events. */
  seller: sellerBlockSchema.optional(),
  /** The part of the refund that returns the diner's tip, inside totalAgorot and outside the VAT (decision 027). */
  tipAgorot: agorot.optional(),
  /** The buyer the credited invoice named (issue 32, added 2026-11-29; absent: a private diner's). */
  buyer: buyerBlockSchema.optional(),
});

/** No credit document could be made for a refund (no invoice of ours to credit, or the provider's): a person acts. */
export const creditFailedDataSchema = z.object({
  orderId,
  businessPhone,
  refundId: z.uuid(),
  reason: z.string(),
  failedAt: instant,
});

/**
 * The owner asked again for the provider's credit document of a refund whose `CreditFailed` is recorded (decision 026).
 * Recorded before the provider is asked, so concurrent clicks, consoles and instances ask it once: Cardcom's
 * Documents/CreateDocument takes no key of ours. `CreditIssued` or `CreditFailed` follows with the answer.
 */
export const creditRetryRequestedDataSchema = z.object({
  orderId,
  businessPhone,
  refundId: z.uuid(),
  requestedAt: instant,
});

export const orderEventDataSchemas = {
  OrderPlaced: orderPlacedDataSchema,
  PaymentPageOpened: paymentPageOpenedDataSchema,
  OrderPaid: orderPaidDataSchema,
  PaymentFailed: paymentFailedDataSchema,
  OrderExpired: orderExpiredDataSchema,
  OrderAccepted: orderAcceptedDataSchema,
  OrderReady: orderReadyDataSchema,
  OrderServed: orderServedDataSchema,
  InvoiceIssued: invoiceIssuedDataSchema,
  InvoiceFailed: invoiceFailedDataSchema,
  InvoiceAwaitingAllocation: invoiceAwaitingAllocationDataSchema,
  AllocationRefused: allocationRefusedDataSchema,
  ReceiptSmsSent: receiptSmsSentDataSchema,
  ReceiptSmsFailed: receiptSmsFailedDataSchema,
  SlipQueued: slipQueuedDataSchema,
  SlipPrinted: slipPrintedDataSchema,
  PrintFailed: printFailedDataSchema,
  RefundRequested: refundRequestedDataSchema,
  OrderRefunded: orderRefundedDataSchema,
  RefundFailed: refundFailedDataSchema,
  OrderDeclined: orderDeclinedDataSchema,
  CreditIssued: creditIssuedDataSchema,
  CreditFailed: creditFailedDataSchema,
  ReadySmsRequested: readySmsRequestedDataSchema,
  ReadySmsSent: readySmsSentDataSchema,
  ReadySmsFailed: readySmsFailedDataSchema,
  CreditRetryRequested: creditRetryRequestedDataSchema,
  OrderDue: orderDueDataSchema,
  PartPageOpened: partPageOpenedDataSchema,
  PartPaid: partPaidDataSchema,
  PartFailed: partFailedDataSchema,
} as const;

export type OrderEventType = keyof typeof orderEventDataSchemas;
export const ORDER_EVENT_TYPES = Object.keys(orderEventDataSchemas) as OrderEventType[];

/** The current schema version of each order event type (every one is at 1 so far). */
export const orderEventSchemaVersions: Readonly<Record<OrderEventType, number>> = Object.fromEntries(
  ORDER_EVENT_TYPES.map((type) => [type, 1]),
) as Record<OrderEventType, number>;

export type OrderEventData = { [Type in OrderEventType]: z.infer<(typeof orderEventDataSchemas)[Type]> };
/** An order event as deciders and projections see it: `{ type, data }`. */
export type OrderEvent = { [Type in OrderEventType]: { type: Type; data: OrderEventData[Type] } }[OrderEventType];

export const orderStreamId = (orderId: string): string => `order-${orderId}`;
