// Issue 34, a shared table's bill paid in parts (decision 056): each payer's part of the order is its own payment page,
// charge and tax invoice-receipt, on the order's own stream. The order is paid (`OrderPaid`, with the kitchen's slip)
// when its paid parts cover its items; until then nothing goes to the kitchen.
import { z } from 'zod';
import {
  agorotField as agorot,
  businessPhoneField as businessPhone,
  instantField as instant,
  orderIdField as orderId,
  textField as text,
} from './event-fields.js';
import { SPLIT_MODES, TABLE_DINER_COLOURS } from './tables.js';
import { orderLineSchema } from './order-lines.js';

const providers = ['sandbox', 'cardcom'] as const;
const methods = ['card', 'google_pay', 'bit'] as const;

/** Who pays a part, as the table knows them (a name and a colour, no account); null: not named. */
export const partPayerSchema = z
  .object({ dinerId: text, name: z.string().max(60), colour: z.enum(TABLE_DINER_COLOURS) })
  .nullable();

/**
 * A payer's part and its page. Its items are held from the rest until the page is paid, declined, or replaced by the
 * same payer's next page (`replaces`), so two payers of "what is left" cannot both be charged for it.
 */
export const partPageOpenedDataSchema = z.object({
  orderId,
  businessPhone,
  partId: text,
  /** The payer's browser session: their thank-you page shows this part and its document. */
  dinerSessionId: text,
  payer: partPayerSchema,
  split: z.enum(SPLIT_MODES),
  /** `equal`: into how many parts the bill was split. */
  shares: z.number().int().min(2).max(50).optional(),
  /** The part of the order's items (after its discount), the payer's own tip, and the page's charge (their sum). */
  itemsAgorot: agorot,
  tipAgorot: agorot,
  amountAgorot: agorot,
  provider: z.enum(providers),
  lowProfileId: text,
  paymentUrl: z.url(),
  terminal: z.enum(['business', 'platform']),
  method: z.enum(['card', 'bit']).optional(),
  /**
   * The lines this part pays, as its document lists them: the payer's own (`mine`), at the order's prices. Absent: a
   * share of the bill, which the document lists as one line.
   */
  lines: z.array(orderLineSchema).optional(),
  /** The same payer's earlier open page this one replaces: its hold ends. */
  replaces: text.optional(),
  openedAt: instant,
});

/** A part's verified charge. Its commission is 5% of its items; the tip carries none and passes whole. */
export const partPaidDataSchema = z.object({
  orderId,
  businessPhone,
  partId: text,
  provider: z.enum(providers),
  lowProfileId: text,
  transactionId: text,
  approvalNumber: z.string().nullable(),
  last4: z.string().nullable(),
  brand: z.string().nullable(),
  amountAgorot: agorot,
  itemsAgorot: agorot,
  tipAgorot: agorot,
  commissionAgorot: agorot,
  netAgorot: agorot,
  method: z.enum(methods),
  document: z.object({ documentType: text, documentNumber: text, documentUrl: z.url().nullable() }).nullable(),
  /**
   * Paid on a page whose hold had ended (its payer replaced it) after others covered the bill: this much of its items
   * is above the order's and is owed back to the payer (absent: none).
   */
  overpaidAgorot: agorot.optional(),
  paidAt: instant,
});

export const partFailedDataSchema = z.object({
  orderId,
  businessPhone,
  partId: text,
  provider: z.enum(providers),
  lowProfileId: text,
  responseCode: z.string().nullable(),
  reason: z.string(),
  failedAt: instant,
});
