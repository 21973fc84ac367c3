import type { PlacedOrder } from '../domain/order.decider.js';
import type { OrderRowValues } from './order-row.js';

/**
 * The order's snapshot as the `orders` row keeps it (decision 068): without the fields the row's own columns hold
 * already, which `orderSnapshotSql` puts back when the row is read. Every reader of the snapshot reads it through
 * that expression; SQL that looks into `state` reads only fields kept here (refunds, parts, tab, pickup, seller,
 * receiptSms, slipQueued, invoiceNumber).
 *
 * A field is left out only when its column gives back exactly its value: the column was written from the same state
 * by `orderRowOf`, and each entry below says how the column reads back. Anything else stays in the snapshot and wins
 * over the column: the read lays the snapshot over the columns, so a snapshot stored whole (before this decision)
 * reads as it was.
 */
interface Kept<Field extends string> {
  field: Field;
  column: keyof OrderRowValues;
  /**
   * How the column reads back: `text` as written where it fits the varchar's `limit` (a longer value's trailing spaces
   * are cut), `uuid` in its canonical form only, `integer` as it is, `amount` (numeric(10,2)) as agorot.
   */
  kind: 'text' | 'uuid' | 'integer' | 'amount';
  limit?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A numeric(10,2) column read back as agorot (`(amount * 100)::bigint`): '12.50' is 1250. */
export function agorotOfDecimal(decimal: string): number | undefined {
  const match = /^(\d{1,8})\.(\d{2})$/.exec(decimal);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

/** The order's fields its columns hold. */
const KEPT_IN_COLUMNS: readonly Kept<keyof PlacedOrder>[] = [
  { field: 'orderId', column: 'id', kind: 'uuid' },
  { field: 'businessPhone', column: 'business_id', kind: 'text', limit: 16 },
  { field: 'orderNumber', column: 'order_number', kind: 'integer' },
  { field: 'dinerSessionId', column: 'diner_session_id', kind: 'text', limit: 64 },
  { field: 'departmentId', column: 'department_id', kind: 'text', limit: 64 },
  { field: 'customerPhone', column: 'customer_phone', kind: 'text', limit: 16 },
  { field: 'tableNumber', column: 'table_number', kind: 'integer' },
  { field: 'status', column: 'status', kind: 'text', limit: 20 },
  { field: 'invoice', column: 'invoice_status', kind: 'text', limit: 20 },
  { field: 'invoiceUrl', column: 'invoice_url', kind: 'text', limit: 500 },
  { field: 'slip', column: 'slip_status', kind: 'text', limit: 10 },
  { field: 'totalAgorot', column: 'total_amount', kind: 'amount' },
  { field: 'commissionAgorot', column: 'commission', kind: 'amount' },
  { field: 'netAgorot', column: 'net_amount', kind: 'amount' },
  { field: 'tipAgorot', column: 'tip_amount', kind: 'amount' },
];

/** The payment's fields its columns hold (`payment_status` is 'test' or 'tab' on such orders: kept there). */
const PAYMENT_KEPT_IN_COLUMNS: readonly Kept<keyof PlacedOrder['payment']>[] = [
  { field: 'status', column: 'payment_status', kind: 'text', limit: 20 },
  { field: 'lowProfileId', column: 'cardcom_low_profile_id', kind: 'text', limit: 64 },
  { field: 'transactionId', column: 'cardcom_transaction_id', kind: 'text', limit: 64 },
  { field: 'provider', column: 'payment_provider', kind: 'text', limit: 20 },
  { field: 'last4', column: 'card_last4', kind: 'text', limit: 4 },
  { field: 'brand', column: 'card_brand', kind: 'text', limit: 40 },
  { field: 'approvalNumber', column: 'approval_number', kind: 'text', limit: 40 },
];

/** What the column gives back of the value written to it; undefined: not this value for certain. */
function readBack({ column, kind, limit }: Kept<string>, row: OrderRowValues): unknown {
  const value = row[column];
  if (value === null) return null;
  if (kind === 'amount') return typeof value === 'string' ? agorotOfDecimal(value) : undefined;
  if (kind === 'integer') return value;
  if (typeof value !== 'string') return undefined;
  if (kind === 'uuid') return UUID.test(value) ? value : undefined;
  return limit !== undefined && value.length <= limit ? value : undefined;
}

function without(value: object, kept: readonly Kept<string>[], row: OrderRowValues): Record<string, unknown> {
  const lean = { ...value } as Record<string, unknown>;
  for (const entry of kept) {
    const own = lean[entry.field];
    if (own !== undefined && own === readBack(entry, row)) delete lean[entry.field];
  }
  return lean;
}

/** The snapshot the row keeps of `order`, whose row `orderRowOf(order)` is. */
export function leanSnapshotOf(order: PlacedOrder, row: OrderRowValues): Record<string, unknown> {
  return { ...without(order, KEPT_IN_COLUMNS, row), payment: without(order.payment, PAYMENT_KEPT_IN_COLUMNS, row) };
}

const pairs = (kept: readonly Kept<string>[], alias: string): string =>
  kept
    .map(({ field, column, kind }) =>
      kind === 'amount' ? `'${field}', (${alias}.${column} * 100)::bigint` : `'${field}', ${alias}.${column}`,
    )
    .join(', ');

/**
 * The order's whole snapshot from its row, as SQL of the row `alias` (`orders ${alias}`): the columns as a jsonb object
 * with the stored snapshot laid over it, the payment's columns with the snapshot's payment laid over them. An
 * expression rather than a database function, so it reads the `orders` of whatever schema the statement does (a
 * rebuild's scratch tables).
 */
export const orderSnapshotSql = (alias: string): string =>
  `case when ${alias}.state is null then null else
     jsonb_build_object(${pairs(KEPT_IN_COLUMNS, alias)}) || ${alias}.state
       || jsonb_build_object('payment', jsonb_build_object(${pairs(PAYMENT_KEPT_IN_COLUMNS, alias)})
            || coalesce(${alias}.state->'payment', '{}'::jsonb))
   end`;
