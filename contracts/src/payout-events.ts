// The events of a month's payout batch (issue 7, DESIGN.md §2): one stream `payout-{YYYY-MM}` per commission month.
// The batch keeps a snapshot of every payee's bank details as they were when it was created: a later change of the
// owner's details never rewrites what was sent to the bank. Money is integer agorot, times ISO 8601 instants.
import { z } from 'zod';
import { isMonthString, shiftMonth, type MonthString } from './months.js';

const month = z.string().refine((value) => isMonthString(value), 'expected a YYYY-MM month');
const instant = z.iso.datetime({ offset: true });
const agorot = z.number().int().nonnegative();

/** One transfer of the batch: the business's net of the month and where it goes. */
export const payoutLineSnapshotSchema = z.object({
  /** The business phone (E.164). */
  businessId: z.string().min(1),
  businessName: z.string(),
  netAgorot: agorot,
  /** The diner's tips inside netAgorot, passed on whole with no commission (issue 17; absent: none). */
  tipAgorot: agorot.optional(),
  /** The two-digit bank code (the businesses read model keeps it in `bankName`). */
  bankCode: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  beneficiaryName: z.string(),
  /** The payee's ID or company number, which a Masav credit record carries. */
  beneficiaryIdNumber: z.string(),
  /**
   * The month's own net (after its refunds) when the batch was made, and what was deducted from it for refunds of
   * months already paid out (decision 025): `netAgorot` = `monthNetAgorot` - `deductedAgorot`. Absent on batches made
   * before refunds existed, where the month's net is `netAgorot` and nothing was deducted.
   */
  monthNetAgorot: agorot.optional(),
  deductedAgorot: agorot.optional(),
});
export type PayoutLineSnapshot = z.infer<typeof payoutLineSnapshotSchema>;

/**
 * A business that owed the platform when the batch was made (refunds of months already paid out, decision 025): what
 * it owed, what this month's net covered, and what carries forward to the next batch. A business whose whole net went
 * to its balance has no transfer line, only this.
 */
export const payoutBalanceSnapshotSchema = z.object({
  businessId: z.string().min(1),
  businessName: z.string(),
  monthNetAgorot: agorot,
  owedAgorot: agorot,
  deductedAgorot: agorot,
  carriedAgorot: agorot,
});
export type PayoutBalanceSnapshot = z.infer<typeof payoutBalanceSnapshotSchema>;

export const payoutBatchCreatedDataSchema = z.object({
  month,
  /** 'YYYY-MM-20' of the next month. */
  dueDate: z.iso.date(),
  lines: z.array(payoutLineSnapshotSchema),
  /** Absent on batches made before refunds existed: nobody owed anything then. */
  balances: z.array(payoutBalanceSnapshotSchema).optional(),
  totalAgorot: agorot,
  /** The administrator who created it, and from where (the audit view reads these). */
  adminPhone: z.string().min(1),
  ip: z.string().nullable(),
  at: instant,
});

export const payoutBatchTransferredDataSchema = z.object({
  month,
  adminPhone: z.string().min(1),
  ip: z.string().nullable(),
  at: instant,
});

export const payoutEventDataSchemas = {
  PayoutBatchCreated: payoutBatchCreatedDataSchema,
  PayoutBatchTransferred: payoutBatchTransferredDataSchema,
} as const;

export type PayoutEventType = keyof typeof payoutEventDataSchemas;
export const PAYOUT_EVENT_TYPES = Object.keys(payoutEventDataSchemas) as PayoutEventType[];
export const payoutEventSchemaVersions: Readonly<Record<PayoutEventType, number>> = {
  PayoutBatchCreated: 1,
  PayoutBatchTransferred: 1,
};

export type PayoutEventData = { [Type in PayoutEventType]: z.infer<(typeof payoutEventDataSchemas)[Type]> };
export type PayoutEvent = { [Type in PayoutEventType]: { type: Type; data: PayoutEventData[Type] } }[PayoutEventType];

export const payoutStreamId = (month: MonthString): string => `payout-${month}`;

/** A month's payouts are due on the 20th of the next month. */
export function payoutDueDate(month: MonthString): string {
  return `${shiftMonth(month, 1)}-20`;
}
