import type { OrderingClosedReason } from './menu-types.js';
import type { PaymentMethod, TranslatedName } from './order-events.js';
import type { OrderSource, OrderSourceChannel } from './menu-address.js';

// Ordering's answers as plain types, with no zod: the diner's checkout and thank-you screens import them (`import
// type`) without a validator in their bundle. The request schemas live in http/ordering.schemas.ts.

/** `cancelled`: the café declined the paid order and refunded it (issue 17). */
export type OrderStatus = 'pending' | 'paid' | 'accepted' | 'ready' | 'served' | 'expired' | 'cancelled';
export type PaymentStatus = 'pending' | 'paid' | 'failed';
/**
 * `awaiting_allocation`: our document waits for its allocation number (issue 32), `allocation_refused`: the Tax
 * Authority refused it and the owner chooses; either way the document is on its way.
 */
export type InvoiceStatus = 'pending' | 'generated' | 'failed' | 'awaiting_allocation' | 'allocation_refused';

/** A line of a placed order as answers show it: `price` in shekels (spec §3 order item), 12.5 for ₪12.50. */
export interface OrderItemView {
  productId: number;
  name: string;
  /** One unit with its options. */
  price: number;
  quantity: number;
  /** The line's choices as they were when it was ordered (absent: none); `price` in shekels, as the line's. */
  options?: OrderItemOptionView[];
  /** The name as the diner read it, in the language they ordered in (absent: Hebrew, as `name`). */
  translatedName?: TranslatedName;
  /** The line's share of a promo code's discount, in agorot (issue 33; absent: none). */
  discountAgorot?: number;
}

/** A chosen option of an order's line as answers show it. */
export interface OrderItemOptionView {
  groupName: string;
  name: string;
  price: number;
  /** A "without" choice (בלי בצל). */
  without: boolean;
  /** The name as the diner read it, in the language they ordered in (absent: Hebrew, as `name`). */
  translatedName?: TranslatedName;
}

/**
 * `POST /api/cardcom/create-payment`, success: the spec's `{ success, paymentUrl }` and, beside it, the order the
 * payment is for (the thank-you page keeps it as `lastOrder_{departmentId}`).
 */
export interface CreatePaymentSuccess {
  success: true;
  paymentUrl: string;
  orderId: string;
  orderNumber: number;
  /** The server's total, a decimal string ("42.50"): what the payment page charges (items and tip). */
  totalAmount: string;
  /** Bit (issue 17): open `paymentUrl` in the whole window, not in the checkout's frame. */
  redirect?: true;
}

/** A line of the cart as the server prices it now: sent with `order.price_changed` so the diner sees the change. */
export interface RepricedLine {
  productId: number;
  name: string;
  /** One unit with its options. */
  price: string;
  quantity: number;
  /** The line's chosen option ids, as sent (absent: none): with `productId` the cart finds its line (cartLineKey). */
  options?: string[];
}

/**
 * `POST /api/cardcom/create-payment`, failure: the spec's `{ success: false, error }`, with the envelope's `message`
 * and `code` beside it. `order.price_changed` carries the current total and lines; `order.items_unavailable` the
 * products that cannot be ordered now; a 400 carries `fields`.
 */
export interface CreatePaymentFailure {
  success: false;
  error: string;
  message: string;
  code: string;
  fields?: Record<string, string>;
  data?:
    | { totalAmount: string; tipAmount?: string; items: RepricedLine[] }
    | { unavailableProductIds: number[] }
    | { maxTipAmount: string }
    /** 409 `business.ordering_closed`: why, and when ordering opens (ISO; null: not within the days looked at). */
    | { reason: OrderingClosedReason | null; opensAt: string | null }
    /** 409 `order.slot_full` (issue 33): the next slot of today with room (its `at`; null: none left today). */
    | { nextFreeAt: string | null };
}

export type CreatePaymentAnswer = CreatePaymentSuccess | CreatePaymentFailure;

/** The order as its diner sees it (`GET /api/orders/{departmentId}/latest` and `/{orderNumber}`). */
export interface DinerOrderView {
  orderId: string;
  orderNumber: number;
  departmentId: string;
  businessName: string;
  createdAt: string;
  items: OrderItemView[];
  /** Decimal strings ("42.50"). */
  totalAmount: string;
  /** The diner's tip inside totalAmount ("0.00" when none), named on its own line (issue 29); absent from older servers. */
  tipAmount?: string;
  remarks: string | null;
  tableNumber: number | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  invoiceStatus: InvoiceStatus;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  /** When the kitchen said on accepting that the order would be ready (ISO instant), else null. */
  estimatedReadyAt: string | null;
  /** How the business serves a ready order: brought to the table, or collected at the counter. */
  serviceMode: 'table' | 'pickup';
  /** Order ahead (issue 33): the pickup time as its slot's `at` (Israel time with its offset); absent: now. */
  pickupAt?: string;
  /** Money the café returned on the order (issue 17), oldest first, each with its credit document; absent: none. */
  refunds?: DinerRefund[];
  /**
   * At a shared table whose bill was paid in parts (issue 34, decision 056): the bill as the table pays it. Then
   * `totalAmount`, `tipAmount`, `paymentStatus` and the invoice fields above are the reader's own part and document,
   * and `status` stays `pending` until the parts cover the bill (then the kitchen's). Absent: one payer, as before.
   */
  table?: { billAmount: string; paidAmount: string; leftAmount: string; paid: boolean };
}

/** A refund the provider made, as its diner sees it: no reason (the café's own words stay the café's). */
export interface DinerRefund {
  refundId: string;
  /** Shekels as text ("14.50"). */
  amount: string;
  refundedAt: string;
  /** The credit tax document's page (opened like the invoice's link); null when none was made. */
  creditUrl: string | null;
}

/** `GET /api/orders/{departmentId}/latest`: the spec's `{ success, data, message }`; data null when none. */
export interface LatestOrderAnswer {
  success: boolean;
  data: DinerOrderView | null;
  message: string;
}

/** A paid order in the owner's monthly report. Amounts are decimal strings; times ISO instants (shown in Israel time). */
export interface ReportOrder {
  id: string;
  orderNumber: number;
  orderDate: string;
  totalAmount: string;
  commission: string;
  netAmount: string;
  remarks: string | null;
  tableNumber: number | null;
  items: OrderItemView[];
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  invoiceStatus: InvoiceStatus;
  payment: { last4: string | null; brand: string | null; approvalNumber: string | null } | null;
  /** The diner's tip inside totalAmount, apart from the sale and free of commission (issue 17); "0.00" when none. */
  tipAmount?: string;
  /** How the diner paid (issue 17): a card, Google Pay or Bit; null while unpaid. */
  paymentMethod?: PaymentMethod | null;
  /** The money returned on this order (issue 17), oldest first: refunds the provider made, none when there are none. */
  refunds: ReportRefund[];
  /**
   * Issue 29: what those refunds returned ("0.00" when none), and the commission and net after them, as the month's
   * summary counts them: the orders' figures add up to totalRefunds, totalCommission and netAmount. `commission` and
   * `netAmount` above stay as paid. Absent in answers of servers before it.
   */
  refundedAmount?: string;
  commissionAfterRefunds?: string;
  netAfterRefunds?: string;
  /**
   * Refunds asked for that returned nothing (yet): refused by the provider (with its reason; the owner may try again)
   * or waiting for its answer (their amount is held). Not in any sum. Absent in answers of servers before it.
   */
  unsettledRefunds?: ReportUnsettledRefund[];
  /** Issue 33: where the diner came from (a table, the window poster, a shared link and its tag); null: not recorded. */
  source?: OrderSource | null;
  /**
   * Issue 33: the promo code the order was placed with (null: none) and what it took off the items ("0.00" when
   * none), inside no other figure: totalAmount is already after it. Absent in answers of servers before it.
   */
  promoCode?: string | null;
  discountAmount?: string;
  /**
   * Issue 34: a shared table's bill paid in parts (decision 056): each payment with its payer, card and own document,
   * in the order they were paid; the order's amounts are their sums. Absent: one payer, as before.
   */
  payments?: ReportPayment[];
}

/** One payer's payment of a shared bill, in the owner's report. Amounts in shekels as text. */
export interface ReportPayment {
  /** The payment's id: a refund of it names it (`partId` of the refund's request). */
  partId: string;
  /** The name the payer gave at the table (null: none). */
  payer: string | null;
  /** What the payer was charged: their part and their tip. */
  amount: string;
  tipAmount: string;
  /** 5% of their part. */
  commission: string;
  method: PaymentMethod;
  last4: string | null;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  paidAt: string;
}

/** A promo code's month in the report (issue 33): its paid orders and what it cost, in shekels as text. */
export interface ReportPromoCode {
  code: string;
  uses: number;
  cost: string;
}

export interface ReportUnsettledRefund {
  refundId: string;
  amount: string;
  reason: string;
  requestedAt: string;
  status: 'requested' | 'failed';
  failureReason: string | null;
  /** The lines it named by position (a retry sends them again), or null for an amount or the whole. */
  lines: { index: number; quantity: number }[] | null;
}

/** One refund the provider made; `amount` in shekels as text; `createdAt` when it was refunded. */
export interface ReportRefund {
  refundId: string;
  amount: string;
  reason: string;
  createdAt: string;
  /** Its credit tax document (חשבונית מס זיכוי), a link like `invoiceUrl`; null when none was made. */
  creditUrl: string | null;
  /**
   * Where its credit document stands: `failed` with `creditFailureReason` (the provider's, which the owner may ask
   * for again), `retrying` while asked again. Absent in answers of servers before it.
   */
  credit?: 'issued' | 'failed' | 'retrying' | null;
  creditFailureReason?: string | null;
  /** Issue 34: the payer's payment of a shared bill it went back on (`payments[].partId`); absent: the order's. */
  partId?: string;
}

/**
 * `totalOrders` and `totalAmount` count what was paid (a refunded order still counts); `totalRefunds` is what went
 * back on the month's orders; `totalCommission` and `netAmount` are after refunds (a refund returns its commission).
 */
export interface ReportSummary {
  totalOrders: number;
  totalAmount: string;
  totalRefunds: string;
  totalCommission: string;
  netAmount: string;
  /** The month's tips inside totalAmount (issue 17): no commission on them, paid out whole within netAmount. */
  totalTips?: string;
  /** The month's promo code discounts (issue 33), already off totalAmount; absent in answers before it. */
  totalDiscounts?: string;
}

/** One Israel calendar day of the month ('2026-11-03'), every day of the month present, zero when nothing sold. */
export interface ReportDay {
  date: string;
  totalOrders: number;
  totalAmount: string;
}

/** `data` of `GET /api/orders?month=YYYY-MM`. */
/** The month's transfer to the business, once the administrator created the payout batch (issue 7). */
export interface ReportPayout {
  status: 'created' | 'transferred';
  /** 'YYYY-MM-DD': the 20th of the next month. */
  dueDate: string;
  /** ISO instant the administrator marked the batch transferred; null until then. */
  transferredAt: string | null;
  /** The amount transferred (or to be), as in the batch. */
  net: string;
  /** Deducted from this month for refunds of months already paid out, and the balance carried forward (decision 025). */
  deducted: string;
  carried: string;
}

/** The month's paid orders of one source channel (null: orders that recorded none), and of each tag of it. */
export interface ReportSource {
  channel: OrderSourceChannel | null;
  totalOrders: number;
  totalAmount: string;
  /** The channel's orders by `?src=` tag, the most first; those without one are not listed. */
  tags: { tag: string; totalOrders: number; totalAmount: string }[];
}

export interface MonthlyReport {
  month: string;
  orders: ReportOrder[];
  summary: ReportSummary;
  daily: ReportDay[];
  /** Issue 33: the month's paid orders by where they came from, the most first. Absent in answers before it. */
  sources?: ReportSource[];
  /** Null while no payout batch of the month names this business. */
  payout: ReportPayout | null;
  /** Issue 33: each promo code used on the month's paid orders, its uses and cost; absent in answers before it. */
  promoCodes?: ReportPromoCode[];
  /**
   * Decision 065: `orders` is one page of the month's orders, newest first; everything else is of the whole month.
   * Absent where every order of the month is inside (the CSV's and the accountant's reads) and in answers before it.
   */
  page?: ReportPage;
}

/** Where one answer's `orders` stands in the month's (decision 065). */
export interface ReportPage {
  /** The most orders this answer holds (the `limit` asked for, 100 by default). */
  limit: number;
  /** The month's paid orders in all: `summary.totalOrders`. */
  total: number;
  /** `before` for the next page (the last order's id here); null: this is the last page. */
  nextBefore: string | null;
}
