// The administrator's answers as plain types (issue 7). Amounts are decimal strings ("123.45"), times ISO instants,
// months 'YYYY-MM' (Israel months). Every admin route answers `{ success: true, data }` unless noted.

/** `GET /api/admin/businesses`: every account, newest first. `phone` is E.164 and the id of the other admin calls. */
export interface AdminBusinessRow {
  phone: string;
  businessName: string;
  fullName: string;
  email: string;
  departmentId: string;
  isActive: boolean;
  /** Set when the account was closed (its orders and invoices stay, its menu is gone). */
  closedAt: string | null;
  createdAt: string;
  /** Paid orders and sales of the current Israel month. */
  monthOrders: number;
  monthSales: string;
}

/** `PATCH /api/admin/businesses/{phone}/toggle` body. */
export interface ToggleBusinessInput {
  isActive: boolean;
}

/** `GET /api/admin/commissions/{YYYY-MM}` (product-spec §3 admin commission response). */
export interface AdminCommissionSummary {
  totalOrders: number;
  /** As paid. */
  totalAmount: string;
  /** Refunds the provider made on the month's orders (decision 025). */
  totalRefunds: string;
  /** On what was kept: a refund returns its commission, as in the owner's report. */
  totalCommission: string;
  /** Paid, less refunded, less the commission. */
  totalNet: string;
}

export interface AdminCommissionBusiness {
  /** The business phone (E.164). */
  businessId: string;
  businessName: string;
  totalOrders: number;
  totalAmount: string;
  totalRefunds: string;
  totalCommission: string;
  totalNet: string;
}

export interface AdminCommissionReport {
  month: string;
  summary: AdminCommissionSummary;
  businesses: AdminCommissionBusiness[];
}

/**
 * `GET /api/admin/commissions/{YYYY-MM}/{phone}/history`: the events behind one business's commission of a month,
 * oldest first, so a disputed figure can be checked line by line.
 */
export interface CommissionHistoryLine {
  /** A refund's line carries negative amounts: what it took back from the month's figures. */
  kind: 'order_paid' | 'refund_requested' | 'order_refunded' | 'payout_created' | 'payout_transferred';
  /** The event's global position in the log and its stream, for tracing. */
  eventPosition: string;
  streamId: string;
  at: string;
  orderId: string | null;
  orderNumber: number | null;
  amount: string;
  commission: string;
  net: string;
}

export interface CommissionHistory {
  month: string;
  businessId: string;
  businessName: string;
  lines: CommissionHistoryLine[];
  totals: { totalOrders: number; totalAmount: string; totalRefunds: string; totalCommission: string; totalNet: string };
}

/** A transfer due to one business for a month (on the 20th of the next month). */
export interface PayoutLine {
  businessId: string;
  businessName: string;
  net: string;
  /** The tips inside `net`, passed on whole with no commission (issue 17); "0.00" when none. */
  tips?: string;
  bankCode: string;
  branch: string;
  accountNumber: string;
  beneficiaryName: string;
  /** The month's own net and what was deducted from it for earlier refunds; `net` is what is transferred. */
  monthNet: string;
  deducted: string;
}

/** A business that owes the platform for refunds of months already paid out (decision 025). */
export interface PayoutBalance {
  businessId: string;
  businessName: string;
  monthNet: string;
  owed: string;
  deducted: string;
  /** Carried to the next batch. */
  carried: string;
  /** A closed business will have no next payout: its balance is owed to the platform. */
  closed: boolean;
}

/** `GET /api/admin/payouts/{YYYY-MM}`: the batch when created, else the lines it would hold. */
export interface PayoutBatch {
  month: string;
  /** 'YYYY-MM-20' of the next month. */
  dueDate: string;
  status: 'draft' | 'created' | 'transferred';
  createdAt: string | null;
  transferredAt: string | null;
  lines: PayoutLine[];
  total: string;
  /** The batch's balances (as recorded, or as they would be): deducted from this month, carried forward. */
  balances: PayoutBalance[];
  /** Every balance still owed now, over all batches made so far, closed businesses marked. */
  owedNow: PayoutBalance[];
}

/** An administrator's action, read from its event. */
export interface AdminAuditEntry {
  eventPosition: string;
  type: string;
  at: string;
  /** The administrator's phone. */
  admin: string | null;
  ip: string | null;
  /** What it was done to: a business phone, a month, 'terms'. */
  subject: string;
  summary: string;
}

export interface TermsVersion {
  version: number;
  content: string;
  changedAt: string;
  changedBy: string | null;
}

export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

/**
 * `GET /api/admin/backup` (decision 061): the last backup written into BACKUP_DIR (by the embedded default's daily
 * backup or `npm run backup`) and the last that failed; `warning` when the last attempt failed, the last backup is
 * older than two days, or there is none yet.
 */
export interface AdminBackupStatus {
  lastSuccess: { at: string; file: string; sizeBytes: number } | null;
  lastFailure: { at: string; error: string } | null;
  warning: 'failed' | 'stale' | 'none-yet' | null;
  /** The embedded default takes one a day by itself; with PostgreSQL the operator schedules `npm run backup`. */
  daily: boolean;
}

/** `GET /api/admin/debug`: for the debug link in the dashboard's header. */
export interface AdminDebugInfo {
  buildVersion: string;
  serverTime: string;
  databaseMode: 'embedded' | 'postgresql';
  databaseStatus: string;
  /** Per processor: how far behind the log it is and how many events it parked. */
  processors: { name: string; pending: number; parked: number }[];
  printerAgentsOnline: number;
}
