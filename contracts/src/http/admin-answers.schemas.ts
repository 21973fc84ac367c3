// The administrator's answers (admin-types.ts) as schemas, so the dashboard parses what it is sent rather than
// trusting it. Each is annotated with its plain type: a field added to one and not the other fails the type check.
import { z } from 'zod';
import type {
  AdminAuditEntry,
  AdminBusinessRow,
  AdminCommissionBusiness,
  AdminCommissionReport,
  AdminContactMessage,
  AdminBackupStatus,
  AdminDebugInfo,
  CommissionHistory,
  CommissionHistoryLine,
  PayoutBalance,
  PayoutBatch,
  PayoutLine,
} from '../admin-types.js';

export const adminBusinessRowSchema: z.ZodType<AdminBusinessRow> = z.object({
  phone: z.string(),
  businessName: z.string(),
  fullName: z.string(),
  email: z.string(),
  departmentId: z.string(),
  isActive: z.boolean(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  monthOrders: z.number(),
  monthSales: z.string(),
});

const commissionTotals = {
  totalOrders: z.number(),
  totalAmount: z.string(),
  totalRefunds: z.string(),
  totalCommission: z.string(),
  totalNet: z.string(),
};

const commissionBusinessSchema: z.ZodType<AdminCommissionBusiness> = z.object({
  businessId: z.string(),
  businessName: z.string(),
  ...commissionTotals,
});

export const adminCommissionReportSchema: z.ZodType<AdminCommissionReport> = z.object({
  month: z.string(),
  summary: z.object(commissionTotals),
  businesses: z.array(commissionBusinessSchema),
});

const commissionHistoryLineSchema: z.ZodType<CommissionHistoryLine> = z.object({
  kind: z.enum(['order_paid', 'refund_requested', 'order_refunded', 'payout_created', 'payout_transferred']),
  eventPosition: z.string(),
  streamId: z.string(),
  at: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.number().nullable(),
  amount: z.string(),
  commission: z.string(),
  net: z.string(),
});

export const commissionHistorySchema: z.ZodType<CommissionHistory> = z.object({
  month: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  lines: z.array(commissionHistoryLineSchema),
  totals: z.object(commissionTotals),
});

const payoutLineSchema: z.ZodType<PayoutLine> = z.object({
  businessId: z.string(),
  businessName: z.string(),
  net: z.string(),
  tips: z.string().optional(),
  bankCode: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  beneficiaryName: z.string(),
  monthNet: z.string(),
  deducted: z.string(),
});

const payoutBalanceSchema: z.ZodType<PayoutBalance> = z.object({
  businessId: z.string(),
  businessName: z.string(),
  monthNet: z.string(),
  owed: z.string(),
  deducted: z.string(),
  carried: z.string(),
  closed: z.boolean(),
});

export const payoutBatchSchema: z.ZodType<PayoutBatch> = z.object({
  month: z.string(),
  dueDate: z.string(),
  status: z.enum(['draft', 'created', 'transferred']),
  createdAt: z.string().nullable(),
  transferredAt: z.string().nullable(),
  lines: z.array(payoutLineSchema),
  total: z.string(),
  balances: z.array(payoutBalanceSchema),
  owedNow: z.array(payoutBalanceSchema),
});

export const adminAuditEntrySchema: z.ZodType<AdminAuditEntry> = z.object({
  eventPosition: z.string(),
  type: z.string(),
  at: z.string(),
  admin: z.string().nullable(),
  ip: z.string().nullable(),
  subject: z.string(),
  summary: z.string(),
});

export const adminContactMessageSchema: z.ZodType<AdminContactMessage> = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

export const adminBackupStatusSchema: z.ZodType<AdminBackupStatus> = z.object({
  lastSuccess: z.object({ at: z.string(), file: z.string(), sizeBytes: z.number() }).nullable(),
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  warning: z.enum(['failed', 'stale', 'none-yet']).nullable(),
  daily: z.boolean(),
});

export const adminDebugInfoSchema: z.ZodType<AdminDebugInfo> = z.object({
  buildVersion: z.string(),
  serverTime: z.string(),
  databaseMode: z.enum(['embedded', 'postgresql']),
  databaseStatus: z.string(),
  processors: z.array(z.object({ name: z.string(), pending: z.number(), parked: z.number() })),
  printerAgentsOnline: z.number(),
});

/** `GET /api/health/database`: `success` says whether the database answered; the rest is for the status line. */
export const healthAnswerSchema = z.object({
  success: z.unknown().optional(),
  timestamp: z.unknown().optional(),
  message: z.unknown().optional(),
  error: z.unknown().optional(),
});
