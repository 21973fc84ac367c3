import { agorotToDecimalString, type OrderItemView, type PaymentMethod } from '@tafrit/contracts';
import type { PlacedOrder } from '../domain/order.decider.js';

/** The `orders` row (snake_case columns) as JSON, for `jsonb_populate_record(null::orders, ...)`. */
export interface OrderRowValues {
  id: string;
  business_id: string;
  order_number: number;
  customer_name: string | null;
  customer_phone: string | null;
  items: OrderItemView[];
  total_amount: string;
  commission: string;
  net_amount: string;
  tip_amount: string;
  remarks: string | null;
  table_number: number | null;
  diner_session_id: string | null;
  status: string;
  payment_method: string;
  payment_status: string;
  cardcom_low_profile_id: string | null;
  cardcom_transaction_id: string | null;
  invoice_number: string | null;
  invoice_url: string | null;
  invoice_status: string;
  order_date: string;
  department_id: string;
  payment_provider: string | null;
  card_last4: string | null;
  card_brand: string | null;
  approval_number: string | null;
  paid_at: string | null;
  created_at: string;
  is_test: boolean;
  /** What others read of the order (decision 039): the slip's state, refunds returned and the last refusal. */
  slip_status: PlacedOrder['slip'];
  refunded_amount: string;
  refund_refused_id: string | null;
  refund_refused_reason: string | null;
  /** Where the diner came from (issue 33): `table`, `window` or `link`, and a link's `?src=` tag; null: not recorded. */
  source_channel: string | null;
  source_tag: string | null;
  /** The promo code the order was placed with and what it took off the items (issue 33); null and 0: none. */
  promo_code: string | null;
  discount_agorot: number;
  /** Order ahead (issue 33): fixed at placing; null: as soon as possible. */
  pickup_at: string | null;
  due_at: string | null;
  /** A shared bill's payers other than its placer (issue 34): their thank-you pages find it by their session. */
  payer_sessions: string[];
}

const PAYMENT_METHOD_COLUMN: Record<PaymentMethod, string> = {
  card: 'credit_card',
  google_pay: 'google_pay',
  bit: 'bit',
};

/** The `payment_method` column's value (the spec's) back to the way the diner paid; an unknown one is a card. */
export function paymentMethodOfColumn(column: string): PaymentMethod {
  const method = Object.entries(PAYMENT_METHOD_COLUMN).find(([, value]) => value === column)?.[0];
  return (method as PaymentMethod | undefined) ?? 'card';
}

/**
 * The spec's `orders` row is a function of the order's state: the command path and a rebuild from the log write the
 * same row from the same fold, so they cannot drift apart. `price` is in shekels (12.5 for ₪12.50) as the spec's
 * `items` shows it, one unit with its options; amounts are numeric(10,2) text.
 */
export function orderRowOf(order: PlacedOrder): OrderRowValues {
  return {
    id: order.orderId,
    business_id: order.businessPhone,
    order_number: order.orderNumber,
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    // Read back as the lines where the snapshot leaves them out (order-snapshot.ts, `linesFromItems`): a change here
    // keeps the lines in new snapshots by itself, a change to that reading would misread the rows stored without them.
    items: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      price: line.unitPriceAgorot / 100,
      quantity: line.quantity,
      // The name the diner read, for their own pages; every other reader shows `name` (Hebrew).
      ...(line.translatedName ? { translatedName: line.translatedName } : {}),
      // The line's share of a promo code's discount (issue 33): its documents and refunds show what was paid.
      ...(line.discountAgorot ? { discountAgorot: line.discountAgorot } : {}),
      // The choices as ordered, so every read of the order (the diner's, the wait's, the console's) shows them.
      ...(line.options?.length
        ? {
            options: line.options.map((option) => ({
              groupName: option.groupName,
              name: option.name,
              price: option.priceAgorot / 100,
              without: option.without,
              ...(option.translatedName ? { translatedName: option.translatedName } : {}),
            })),
          }
        : {}),
    })),
    total_amount: agorotToDecimalString(order.totalAgorot),
    commission: agorotToDecimalString(order.commissionAgorot),
    net_amount: agorotToDecimalString(order.netAgorot),
    tip_amount: agorotToDecimalString(order.tipAgorot ?? 0),
    remarks: order.remarks,
    table_number: order.tableNumber,
    diner_session_id: order.dinerSessionId,
    status: order.status,
    // The spec's column: 'credit_card' (a card typed in), 'google_pay' or 'bit' once paid (issue 17).
    payment_method: PAYMENT_METHOD_COLUMN[order.payment.method ?? 'card'],
    // A test order (decision 034) is never paid: 'test' keeps it out of every read of paid orders (reports, the
    // admin's figures, CSV) without each having to know, and the console and the printer ask for it by name.
    // A tab's round (decision 058) is never paid itself either: 'tab' keeps it out of the same reads (its bill is paid).
    payment_status: order.test ? 'test' : isRound(order) ? 'tab' : order.payment.status,
    cardcom_low_profile_id: order.payment.lowProfileId,
    cardcom_transaction_id: order.payment.transactionId,
    invoice_number: order.invoiceNumber,
    invoice_url: order.invoiceUrl,
    invoice_status: order.invoice,
    order_date: order.placedAt,
    department_id: order.departmentId,
    payment_provider: order.payment.provider,
    card_last4: order.payment.last4,
    card_brand: order.payment.brand,
    approval_number: order.payment.approvalNumber,
    // The console orders and counts its day by the moment an order reached the kitchen: a test order's is its placing.
    paid_at: order.payment.paidAt ?? (order.test || (isRound(order) && order.slipQueued) ? order.placedAt : null),
    created_at: order.placedAt,
    is_test: order.test === true,
    slip_status: order.slip,
    refunded_amount: agorotToDecimalString(refundedAgorotOf(order)),
    pickup_at: order.pickup?.at ?? null,
    due_at: order.pickup?.dueAt ?? null,
    ...refusalOf(order),
    source_channel: order.source?.channel ?? null,
    source_tag: order.source?.tag ?? null,
    promo_code: order.discount?.code ?? null,
    discount_agorot: order.discount?.agorot ?? 0,
    payer_sessions: [
      ...new Set((order.parts ?? []).map((part) => part.dinerSessionId).filter((id) => id !== order.dinerSessionId)),
    ],
  };
}

/** What the provider returned on the order: its refunds that were made. */
export function refundedAgorotOf(order: PlacedOrder): number {
  return (order.refunds ?? []).reduce(
    (sum, refund) => sum + (refund.status === 'refunded' ? refund.amountAgorot : 0),
    0,
  );
}

/**
 * The order's last refund (by when it was asked for) when the provider refused it: its reason stays on the console
 * until a later refund.
 */
function refusalOf(order: PlacedOrder): Pick<OrderRowValues, 'refund_refused_id' | 'refund_refused_reason'> {
  let last: NonNullable<PlacedOrder['refunds']>[number] | undefined;
  for (const refund of order.refunds ?? []) if (!last || refund.requestedAt >= last.requestedAt) last = refund;
  return last?.status === 'failed'
    ? { refund_refused_id: last.refundId, refund_refused_reason: last.failureReason ?? '' }
    : { refund_refused_id: null, refund_refused_reason: null };
}

const isRound = (order: { tab?: { round: number } | { bill: true } }): boolean =>
  order.tab !== undefined && 'round' in order.tab;
