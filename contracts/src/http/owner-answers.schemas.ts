// The owner console's answers as schemas, so the console parses what it is sent rather than trusting it. Each is
// annotated with its plain type (ordering-types.ts, printing.ts, sockets.ts, ...): the two cannot drift apart. The
// diner's pages import the plain types only, so none of this reaches their bundle.
import { z } from 'zod';
import { PAYMENT_METHODS, translatedNameSchema } from '../order-events.js';
import { ORDER_SOURCE_CHANNELS } from '../menu-address.js';
import { orderSourceSchema } from './share.schemas.js';
import type {
  MonthlyReport,
  OrderItemOptionView,
  OrderItemView,
  ReportOrder,
  ReportRefund,
  ReportUnsettledRefund,
} from '../ordering-types.js';
import type { PlatformDocument, PlatformInvoiceSummary } from '../platform-invoice-events.js';
import {
  PRINTER_CONNECTION_TYPES,
  paperWidthSchema,
  type PairingCodeAnswer,
  type PrinterSettingsAnswer,
  type PrinterStatusAnswer,
  type TestPrintAnswer,
} from '../printing.js';
import { liveOrderSchema, type LiveOrdersAnswer } from '../sockets.js';
import type { CreditRetryAnswer, RefundAnswer } from './refunds.schemas.js';

const optionViewSchema: z.ZodType<OrderItemOptionView> = z.object({
  groupName: z.string(),
  name: z.string(),
  price: z.number(),
  without: z.boolean(),
  translatedName: translatedNameSchema.optional(),
});

export const orderItemViewSchema: z.ZodType<OrderItemView> = z.object({
  productId: z.number(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  options: z.array(optionViewSchema).optional(),
  translatedName: translatedNameSchema.optional(),
  discountAgorot: z.number().optional(),
});

const reportRefundSchema: z.ZodType<ReportRefund> = z.object({
  refundId: z.string(),
  amount: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  creditUrl: z.string().nullable(),
  credit: z.enum(['issued', 'failed', 'retrying']).nullable().optional(),
  creditFailureReason: z.string().nullable().optional(),
  partId: z.string().optional(),
});

const unsettledRefundSchema: z.ZodType<ReportUnsettledRefund> = z.object({
  refundId: z.string(),
  amount: z.string(),
  reason: z.string(),
  requestedAt: z.string(),
  status: z.enum(['requested', 'failed']),
  failureReason: z.string().nullable(),
  lines: z.array(z.object({ index: z.number(), quantity: z.number() })).nullable(),
});

const reportOrderSchema: z.ZodType<ReportOrder> = z.object({
  id: z.string(),
  orderNumber: z.number(),
  orderDate: z.string(),
  totalAmount: z.string(),
  commission: z.string(),
  netAmount: z.string(),
  remarks: z.string().nullable(),
  tableNumber: z.number().nullable(),
  items: z.array(orderItemViewSchema),
  status: z.enum(['pending', 'paid', 'accepted', 'ready', 'served', 'expired', 'cancelled']),
  paymentStatus: z.enum(['pending', 'paid', 'failed']),
  invoiceNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  invoiceStatus: z.enum(['pending', 'generated', 'failed']),
  payment: z
    .object({ last4: z.string().nullable(), brand: z.string().nullable(), approvalNumber: z.string().nullable() })
    .nullable(),
  tipAmount: z.string().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable().optional(),
  refunds: z.array(reportRefundSchema),
  refundedAmount: z.string().optional(),
  commissionAfterRefunds: z.string().optional(),
  netAfterRefunds: z.string().optional(),
  unsettledRefunds: z.array(unsettledRefundSchema).optional(),
  source: orderSourceSchema.nullable().optional(),
  promoCode: z.string().nullable().optional(),
  discountAmount: z.string().optional(),
  payments: z
    .array(
      z.object({
        partId: z.string(),
        payer: z.string().nullable(),
        amount: z.string(),
        tipAmount: z.string(),
        commission: z.string(),
        method: z.enum(PAYMENT_METHODS),
        last4: z.string().nullable(),
        invoiceNumber: z.string().nullable(),
        invoiceUrl: z.string().nullable(),
        paidAt: z.string(),
      }),
    )
    .optional(),
});

/** `data` of `GET /api/orders?month=YYYY-MM`. */
export const monthlyReportSchema: z.ZodType<MonthlyReport> = z.object({
  month: z.string(),
  orders: z.array(reportOrderSchema),
  summary: z.object({
    totalOrders: z.number(),
    totalAmount: z.string(),
    totalRefunds: z.string(),
    totalCommission: z.string(),
    netAmount: z.string(),
    totalTips: z.string().optional(),
    totalDiscounts: z.string().optional(),
  }),
  daily: z.array(z.object({ date: z.string(), totalOrders: z.number(), totalAmount: z.string() })),
  sources: z
    .array(
      z.object({
        channel: z.enum(ORDER_SOURCE_CHANNELS).nullable(),
        totalOrders: z.number(),
        totalAmount: z.string(),
        tags: z.array(z.object({ tag: z.string(), totalOrders: z.number(), totalAmount: z.string() })),
      }),
    )
    .optional(),
  payout: z
    .object({
      status: z.enum(['created', 'transferred']),
      dueDate: z.string(),
      transferredAt: z.string().nullable(),
      net: z.string(),
      deducted: z.string(),
      carried: z.string(),
    })
    .nullable(),
  promoCodes: z.array(z.object({ code: z.string(), uses: z.number(), cost: z.string() })).optional(),
  page: z.object({ limit: z.number(), total: z.number(), nextBefore: z.string().nullable() }).optional(),
});

const platformDocumentSchema: z.ZodType<PlatformDocument> = z.object({
  kind: z.enum(['invoice', 'credit']),
  number: z.number(),
  total: z.string(),
  beforeVat: z.string(),
  vat: z.string(),
  vatRatePercent: z.number(),
  issuedAt: z.string(),
  url: z.string(),
});

/** `GET /api/platform-invoices?month=` (the owner's own) and each business of the admin's list. */
export const platformInvoiceSummarySchema: z.ZodType<PlatformInvoiceSummary> = z.object({
  businessId: z.string(),
  businessName: z.string(),
  month: z.string(),
  documents: z.array(platformDocumentSchema),
});

export const printerStatusAnswerSchema: z.ZodType<PrinterStatusAnswer> = z.object({
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
  printerName: z.string().nullable(),
});

export const printerSettingsAnswerSchema: z.ZodType<PrinterSettingsAnswer> = z.object({
  paperWidth: paperWidthSchema,
  paired: z.boolean(),
  agentVersion: z.string().nullable(),
  operatingSystem: z.string().nullable(),
  connectionType: z.enum(PRINTER_CONNECTION_TYPES).nullable(),
});

export const pairingCodeAnswerSchema: z.ZodType<PairingCodeAnswer> = z.object({
  code: z.string(),
  expiresAt: z.string(),
});

export const testPrintAnswerSchema: z.ZodType<TestPrintAnswer> = z.object({ slipId: z.string() });

/** `GET /api/live-orders`. */
export const liveOrdersAnswerSchema: z.ZodType<LiveOrdersAnswer> = z.object({
  orders: z.array(liveOrderSchema),
  position: z.number(),
  printer: z.object({
    isOnline: z.boolean(),
    printerName: z.string().nullable(),
    lastSeen: z.string().nullable(),
    paired: z.boolean(),
  }),
});

/** `POST /api/orders/{orderId}/refunds`. */
export const refundAnswerSchema: z.ZodType<RefundAnswer> = z.object({
  refundId: z.string(),
  amount: z.string(),
  status: z.enum(['requested', 'refunded', 'failed']),
  failureReason: z.string().nullable(),
});

/** `POST /api/orders/{orderId}/refunds/{refundId}/credit`. */
export const creditRetryAnswerSchema: z.ZodType<CreditRetryAnswer> = z.object({
  refundId: z.string(),
  credit: z.enum(['issued', 'failed', 'retrying']),
  failureReason: z.string().nullable(),
});
