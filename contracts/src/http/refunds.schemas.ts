// `POST /api/orders/{orderId}/refunds` (issue 17): the owner refunds a whole paid order, some of its lines, or an
// amount. `amount` is in shekels like every other amount of the API ("12.50", 12.5); `lines` name the order's lines by
// position; neither: all that remains refundable. The server decides the amount from the order, never from the client.
import { z } from 'zod';
import '../zod-he.js';
import { clientAmountToAgorot, ORDER_LIMITS } from './order-limits.js';
import { withoutDirectionControls } from '../text.js';

export const REFUND_LIMITS = {
  reasonMax: 200,
  linesMax: ORDER_LIMITS.linesMax,
  /** ₪100,000: above any café order; a larger number is not an amount (400), a smaller one too large is the order's 409. */
  amountMaxAgorot: 10_000_000,
} as const;

export const refundMessagesHe = {
  amountInvalid: 'סכום ההחזר חייב להיות גדול מאפס, בשקלים ועד שתי ספרות אחרי הנקודה',
  linesInvalid: 'השורות להחזר אינן תקינות',
  amountOrLines: 'יש לבחור סכום או שורות להחזר, לא את שניהם',
  reasonRequired: 'נא לבחור או לכתוב סיבה להחזר',
  reasonTooLong: `הסיבה יכולה להכיל עד ${REFUND_LIMITS.reasonMax} תווים`,
} as const;

const refundAmount = z
  .union([z.number(), z.string()], { message: refundMessagesHe.amountInvalid })
  .refine((value) => {
    const agorot = clientAmountToAgorot(value) ?? 0;
    return agorot > 0 && agorot <= REFUND_LIMITS.amountMaxAgorot;
  }, refundMessagesHe.amountInvalid)
  .transform((value) => clientAmountToAgorot(value) as number);

const refundLine = z.object(
  {
    index: z
      .number({ message: refundMessagesHe.linesInvalid })
      .int(refundMessagesHe.linesInvalid)
      .min(0, refundMessagesHe.linesInvalid)
      .max(REFUND_LIMITS.linesMax - 1, refundMessagesHe.linesInvalid),
    quantity: z
      .number({ message: refundMessagesHe.linesInvalid })
      .int(refundMessagesHe.linesInvalid)
      .min(1, refundMessagesHe.linesInvalid)
      .max(ORDER_LIMITS.quantityMax, refundMessagesHe.linesInvalid),
  },
  { message: refundMessagesHe.linesInvalid },
);

/** The café's reason, for a refund and a decline alike. */
const refundReason = z
  .string({ message: refundMessagesHe.reasonRequired })
  .overwrite(withoutDirectionControls)
  .trim()
  .min(1, refundMessagesHe.reasonRequired)
  .max(REFUND_LIMITS.reasonMax, refundMessagesHe.reasonTooLong);

/**
 * The client's key of this refund (one per confirmation dialog): a double click or a retried request is the same
 * refund. Optional: without it each request is a refund of its own, still never past what remains.
 */
const refundKey = z
  .uuid()
  .transform((id) => id.toLowerCase())
  .optional();

export const refundOrderSchema = z
  .object({
    /** Shekels; becomes agorot (`amountAgorot`). */
    amount: refundAmount.optional(),
    lines: z
      .array(refundLine, { message: refundMessagesHe.linesInvalid })
      .min(1, refundMessagesHe.linesInvalid)
      .max(REFUND_LIMITS.linesMax, refundMessagesHe.linesInvalid)
      .refine((lines) => new Set(lines.map((l) => l.index)).size === lines.length, refundMessagesHe.linesInvalid)
      .optional(),
    reason: refundReason,
    refundId: refundKey,
    /**
     * Issue 34: a shared bill paid in parts is refunded against one payer's payment (the report's `payments[].partId`);
     * absent: the order's one payment, or the only payment that can be meant.
     */
    partId: z.uuid({ message: 'התשלום שנבחר אינו תקין' }).optional(),
  })
  .strict()
  .refine((body) => body.amount === undefined || body.lines === undefined, {
    message: refundMessagesHe.amountOrLines,
    path: ['amount'],
  });
export type RefundOrderInput = z.output<typeof refundOrderSchema>;

/** `POST /api/live-orders/{orderId}/decline`: the café declines a new paid order; it is refunded whole. */
export const declineOrderSchema = z
  .object({
    reason: refundReason,
    refundId: refundKey,
  })
  .strict();

/** The answer's `data`: the amount in shekels as text ("14.50") like the report's amounts. */
export interface RefundAnswer {
  refundId: string;
  amount: string;
  /** `requested`: the provider's answer is not in yet; `failed`: refused, with its reason. */
  status: 'requested' | 'refunded' | 'failed';
  failureReason: string | null;
}

/**
 * `POST /api/orders/{orderId}/refunds/{refundId}/credit` (no body): the provider's credit document of a refund, asked
 * for again after it failed. `retrying`: another ask is in flight (or its answer was lost: check the provider's panel).
 */
export interface CreditRetryAnswer {
  refundId: string;
  credit: 'issued' | 'failed' | 'retrying';
  failureReason: string | null;
}
