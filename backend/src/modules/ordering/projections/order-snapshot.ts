import type { PlacedOrder } from '../domain/order.decider.js';
import type { OrderRowValues } from './order-row.js';

/**
 * The order's snapshot as the `orders` row keeps it (decision 068): without the fields the row's own columns hold
 * already, which `order_snapshot(o)` (order-append.sql) puts back when the row is read. Every reader of the snapshot
 * reads it through that function; SQL that looks into `state` reads only fields kept here (refunds, parts, tab,
 * pickup, seller, receiptSms, slipQueued).
 *
 * A field is left out only when its column gives back exactly its value: the column was written from the same state
 * by `orderRowOf`, and each entry below says how the column reads back (the way `order_snapshot` builds it). Anything
 * else stays in the snapshot and wins over the column: `order_snapshot` lays the snapshot over the columns, so a
 * snapshot written whole (before this decision) reads as it was.
 */
interface Kept<Field extends string> {
  field: Field;
  /** The value `order_snapshot` reads back from the column; undefined: the column cannot give this value back. */
  readBack: (row: OrderRowValues) => string | number | null | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A varchar(n) column reads back what was written when it fits (a longer value's trailing spaces are cut). */
const text =
  (limit: number, column: (row: OrderRowValues) => string | null) =>
  (row: OrderRowValues): string | null | undefined => {
    const value = column(row);
    return value === null || value.length <= limit ? value : undefined;
  };

/** A numeric(10,2) column read back as agorot (`(amount * 100)::bigint`): '12.50' is 1250. */
export function agorotOfDecimal(decimal: string): number | undefined {
  const match = /^(\d{1,8})\.(\d{2})$/.exec(decimal);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

/** The order's fields its columns hold, in the order `order_snapshot` builds them. */
export const KEPT_IN_COLUMNS: readonly Kept<keyof PlacedOrder>[] = [
  // A uuid column reads back in its canonical form only.
  { field: 'orderId', readBack: (row) => (UUID.test(row.id) ? row.id : undefined) },
  { field: 'businessPhone', readBack: text(16, (row) => row.business_id) },
  { field: 'orderNumber', readBack: (row) => row.order_number },
  { field: 'dinerSessionId', readBack: text(64, (row) => row.diner_session_id) },
  { field: 'departmentId', readBack: text(64, (row) => row.department_id) },
  { field: 'customerPhone', readBack: text(16, (row) => row.customer_phone) },
  { field: 'tableNumber', readBack: (row) => row.table_number },
  { field: 'status', readBack: text(20, (row) => row.status) },
  { field: 'invoice', readBack: text(20, (row) => row.invoice_status) },
  { field: 'invoiceUrl', readBack: text(500, (row) => row.invoice_url) },
  { field: 'slip', readBack: text(10, (row) => row.slip_status) },
  { field: 'totalAgorot', readBack: (row) => agorotOfDecimal(row.total_amount) },
  { field: 'commissionAgorot', readBack: (row) => agorotOfDecimal(row.commission) },
  { field: 'netAgorot', readBack: (row) => agorotOfDecimal(row.net_amount) },
  { field: 'tipAgorot', readBack: (row) => agorotOfDecimal(row.tip_amount) },
];

/** The payment's fields its columns hold (`payment_status` is 'test' or 'tab' on such orders: kept there). */
export const PAYMENT_KEPT_IN_COLUMNS: readonly Kept<keyof PlacedOrder['payment']>[] = [
  { field: 'status', readBack: text(20, (row) => row.payment_status) },
  { field: 'lowProfileId', readBack: text(64, (row) => row.cardcom_low_profile_id) },
  { field: 'transactionId', readBack: text(64, (row) => row.cardcom_transaction_id) },
  { field: 'provider', readBack: text(20, (row) => row.payment_provider) },
  { field: 'last4', readBack: text(4, (row) => row.card_last4) },
  { field: 'brand', readBack: text(40, (row) => row.card_brand) },
  { field: 'approvalNumber', readBack: text(40, (row) => row.approval_number) },
];

function without<Value extends object>(
  value: Value,
  kept: readonly Kept<string>[],
  row: OrderRowValues,
): Record<string, unknown> {
  const lean = { ...value } as Record<string, unknown>;
  for (const { field, readBack } of kept) {
    const own = lean[field];
    if (own !== undefined && own === readBack(row)) delete lean[field];
  }
  return lean;
}

/** The snapshot the row keeps of `order`, whose row `orderRowOf(order)` is. */
export function leanSnapshotOf(order: PlacedOrder, row: OrderRowValues): Record<string, unknown> {
  return { ...without(order, KEPT_IN_COLUMNS, row), payment: without(order.payment, PAYMENT_KEPT_IN_COLUMNS, row) };
}
