import type { EntityManager } from '@mikro-orm/postgresql';
import { ISRAEL_TZ, type PaymentMethod, type RefundLine } from '@tafrit/contracts';
import type { PartState } from '../domain/order.state.js';
import { query } from '../../../platform/database/sql.js';
import { type Order, OrderEntity } from './order.entity.js';

/** The month's sums over its paid orders, numeric(14,2) text. */
export interface MonthSummary {
  totalOrders: number;
  totalAmount: string;
  totalCommission: string;
  netAmount: string;
  totalTips: string;
  /** The promo codes' discounts, in agorot (issue 33). */
  totalDiscountAgorot: number;
}

/** A promo code's paid orders of the period and what they were given off (issue 33). */
export interface MonthPromoCode {
  code: string;
  uses: number;
  discountAgorot: number;
}

/** A refund the provider made on one of the month's orders, with its share of the commission (decision 024). */
export interface MonthRefund {
  orderId: string;
  refundId: string;
  /** The payer's payment of a shared bill it went back on (issue 34); null: the order's. */
  partId: string | null;
  amountAgorot: number;
  commissionAgorot: number;
  reason: string;
  refundedAt: string;
  credit: string | null;
  creditFailureReason: string | null;
}

/** A refund on one of the month's orders that returned nothing (yet): asked for, or refused by the provider. */
export interface MonthUnsettledRefund {
  orderId: string;
  refundId: string;
  amountAgorot: number;
  reason: string;
  requestedAt: string;
  status: string;
  failureReason: string | null;
  lines: RefundLine[] | null;
}

export interface MonthDay {
  /** YYYY-MM-DD in Israel. */
  day: string;
  totalOrders: number;
  totalAmount: string;
}

/** The period's paid orders of one source channel and tag (issue 33); nulls: not recorded, no tag. */
export interface MonthSourceSum {
  channel: string | null;
  tag: string | null;
  totalOrders: number;
  totalAmount: string;
}

/** Everything the owner's monthly report reads of the orders paid in one period. */
export interface PaidOrdersOfMonth {
  /** The latest paid first. */
  orders: Order[];
  summary: MonthSummary | undefined;
  /** The refunds made, summed: returned to diners, and the commission they returned. */
  refunded: { refundedAgorot: number; commissionReturnedAgorot: number };
  refunds: MonthRefund[];
  unsettledRefunds: MonthUnsettledRefund[];
  /** Days with paid orders only. */
  days: MonthDay[];
  /** By where the diner came from (issue 33). */
  sources: MonthSourceSum[];
  /** Each code used on the period's paid orders, most used first. */
  promoCodes: MonthPromoCode[];
  /** The paid parts of the period's shared bills paid in parts (issue 34), by order, in the order they were paid. */
  payments: Map<string, MonthPayment[]>;
}

/** One payer's paid part of a shared bill (decision 056), from the order's own record. */
export interface MonthPayment {
  partId: string;
  payer: string | null;
  amountAgorot: number;
  tipAgorot: number;
  commissionAgorot: number;
  method: PaymentMethod;
  last4: string | null;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  paidAt: string;
}

// A report counts what was paid: a pending, failed or expired order never reached the business's money.
const WHERE = `business_id = ? and payment_status = 'paid' and paid_at >= ? and paid_at < ?`;
// The refunds are the order's own record (its state snapshot, decision 015), read here, in ordering, only.
const REFUNDS = `from orders o cross join lateral jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
  where ${WHERE}`;

/**
 * The owner's monthly report's reads of the orders (GET /api/orders?month=...): the business's orders paid in
 * [start, end), their sums, their refunds and their days. A sale belongs to the period it was paid in. Sums are
 * PostgreSQL's on the numeric(10,2) columns, exact to the agora. One query after the other: on the embedded database
 * the ORM has a single connection.
 */
export async function paidOrdersOfMonth(
  em: EntityManager,
  businessPhone: string,
  start: Date,
  end: Date,
): Promise<PaidOrdersOfMonth> {
  const params = [businessPhone, start, end];
  const orders = await em.find(
    OrderEntity,
    { businessId: businessPhone, paymentStatus: 'paid', paidAt: { $gte: start, $lt: end } },
    { orderBy: { paidAt: 'desc', orderNumber: 'desc' } },
  );
  const [summary] = await query<MonthSummary>(
    em,
    `select count(*)::int as "totalOrders",
            coalesce(sum(total_amount), 0)::numeric(14, 2)::text as "totalAmount",
            coalesce(sum(commission), 0)::numeric(14, 2)::text as "totalCommission",
            coalesce(sum(net_amount), 0)::numeric(14, 2)::text as "netAmount",
            coalesce(sum(tip_amount), 0)::numeric(14, 2)::text as "totalTips",
            coalesce(sum(discount_agorot), 0)::int as "totalDiscountAgorot"
       from orders where ${WHERE}`,
    params,
  );
  const [refunded] = await query<{ refunded: number; returned: number }>(
    em,
    `select coalesce(sum((r->>'amountAgorot')::int), 0)::int as refunded,
            coalesce(sum((r->>'commissionAgorot')::int), 0)::int as returned
       ${REFUNDS} and r->>'status' = 'refunded'`,
    params,
  );
  const refunds = await query<MonthRefund>(
    em,
    `select o.id as "orderId", r->>'refundId' as "refundId", r->>'partId' as "partId",
            (r->>'amountAgorot')::int as "amountAgorot",
            r->>'reason' as reason, coalesce((r->>'commissionAgorot')::int, 0) as "commissionAgorot",
            r->>'refundedAt' as "refundedAt", r->>'credit' as credit,
            r->>'creditFailureReason' as "creditFailureReason"
       ${REFUNDS} and r->>'status' = 'refunded'`,
    params,
  );
  const days = await query<MonthDay>(
    em,
    `select to_char((paid_at at time zone '${ISRAEL_TZ}')::date, 'YYYY-MM-DD') as day,
            count(*)::int as "totalOrders", sum(total_amount)::numeric(14, 2)::text as "totalAmount"
       from orders where ${WHERE}
      group by 1`,
    params,
  );
  const sources = await query<MonthSourceSum>(
    em,
    `select source_channel as channel, source_tag as tag, count(*)::int as "totalOrders",
            sum(total_amount)::numeric(14, 2)::text as "totalAmount"
       from orders where ${WHERE}
      group by 1, 2`,
    params,
  );
  const unsettledRefunds = await query<MonthUnsettledRefund>(
    em,
    `select o.id as "orderId", r->>'refundId' as "refundId", (r->>'amountAgorot')::int as "amountAgorot",
            r->>'reason' as reason, r->>'requestedAt' as "requestedAt", r->>'status' as status,
            r->>'failureReason' as "failureReason", r->'lines' as lines
       ${REFUNDS} and r->>'status' in ('requested', 'failed')`,
    params,
  );
  const promoCodes = await query<MonthPromoCode>(
    em,
    `select promo_code as code, count(*)::int as uses, sum(discount_agorot)::int as "discountAgorot"
       from orders where ${WHERE} and promo_code is not null
      group by promo_code order by 2 desc, 1`,
    params,
  );
  // Only the shared bills paid in parts carry any: one more read of the orders that have them.
  const parted = await query<{ id: string; parts: PartState[] | string }>(
    em,
    `select id, state->'parts' as parts from orders where ${WHERE} and state->'parts' is not null`,
    params,
  );
  const payments = new Map(
    parted.map((row) => {
      const parts = typeof row.parts === 'string' ? (JSON.parse(row.parts) as PartState[]) : row.parts;
      const paid = parts.filter((part) => part.status === 'paid' && part.paid);
      paid.sort((a, b) => a.paid!.paidAt.localeCompare(b.paid!.paidAt));
      return [row.id, paid.map(paymentOf)] as const;
    }),
  );
  return {
    orders,
    summary,
    promoCodes,
    payments,
    refunded: {
      refundedAgorot: Number(refunded?.refunded ?? 0),
      commissionReturnedAgorot: Number(refunded?.returned ?? 0),
    },
    refunds,
    unsettledRefunds,
    days,
    sources,
  };
}

function paymentOf(part: PartState): MonthPayment {
  return {
    partId: part.partId,
    payer: part.payer?.name ?? null,
    amountAgorot: part.amountAgorot,
    tipAgorot: part.tipAgorot,
    commissionAgorot: part.paid?.commissionAgorot ?? 0,
    method: part.paid?.method ?? 'card',
    last4: part.paid?.last4 ?? null,
    invoiceNumber: part.invoiceNumber,
    invoiceUrl: part.invoiceUrl,
    paidAt: part.paid?.paidAt ?? part.openedAt,
  };
}
