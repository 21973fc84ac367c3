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
  /** The latest paid first: every one of the period, or the page asked for. */
  orders: Order[];
  /** With a page asked for: the id to ask the next page `before`; null: none after these. */
  nextBefore: string | null;
  /** With a page asked `before` an order: false when that is none of the period's paid orders of the business. */
  beforeFound: boolean;
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

/** One page of the period's orders (decision 065): `limit` of them, the latest paid first, after the order `before`. */
export interface OrdersPage {
  limit: number;
  before?: string;
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
const REFUNDS_OF = `from orders o cross join lateral jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
  where`;
// Newest paid first; the order number, then the id, settle a tie, so a page's last order says where the next begins.
const NEWEST_FIRST = 'order by paid_at desc, order_number desc, id desc';

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
  page?: OrdersPage,
): Promise<PaidOrdersOfMonth> {
  const params = [businessPhone, start, end];
  const found = await ordersOf(em, params, page);
  if (!found) return { ...EMPTY, beforeFound: false };
  const { orders, nextBefore } = found;
  const { summary, refunded, days, sources, promoCodes } = await monthSums(em, params);
  // The orders' own records (their refunds, their payers) only for the orders listed: a page reads a page of them,
  // by their ids alone (already the business's paid orders of the period), not the period's range again.
  const listed = page ? `o.id in (${orders.map(() => '?').join(', ') || 'null'})` : WHERE;
  const listedParams = page ? orders.map((order) => order.id) : params;
  const refunds = await query<MonthRefund>(
    em,
    `select o.id as "orderId", r->>'refundId' as "refundId", r->>'partId' as "partId",
            (r->>'amountAgorot')::int as "amountAgorot",
            r->>'reason' as reason, coalesce((r->>'commissionAgorot')::int, 0) as "commissionAgorot",
            r->>'refundedAt' as "refundedAt", r->>'credit' as credit,
            r->>'creditFailureReason' as "creditFailureReason"
       ${REFUNDS_OF} ${listed} and r->>'status' = 'refunded'`,
    listedParams,
  );
  const unsettledRefunds = await query<MonthUnsettledRefund>(
    em,
    `select o.id as "orderId", r->>'refundId' as "refundId", (r->>'amountAgorot')::int as "amountAgorot",
            r->>'reason' as reason, r->>'requestedAt' as "requestedAt", r->>'status' as status,
            r->>'failureReason' as "failureReason", r->'lines' as lines
       ${REFUNDS_OF} ${listed} and r->>'status' in ('requested', 'failed')`,
    listedParams,
  );
  // Only the shared bills paid in parts carry any: one more read of the orders that have them.
  const parted = await query<{ id: string; parts: PartState[] | string }>(
    em,
    `select o.id, o.state->'parts' as parts from orders o where ${listed} and o.state->'parts' is not null`,
    listedParams,
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
    nextBefore,
    beforeFound: true,
    summary,
    promoCodes,
    payments,
    refunded,
    refunds,
    unsettledRefunds,
    days,
    sources,
  };
}

/**
 * The period's sums, by day, by source and by promo code, and what its refunds returned (see `monthSums`). Its rows are
 * read from the index by business and time of payment alone, which carries every column the sums need (migration
 * 20261207001600): the table's rows are wide, one page each.
 */
export const MONTH_SUMS_SQL = `with m as materialized (
     select id, paid_at, total_amount, commission, net_amount, tip_amount, discount_agorot, source_channel,
            source_tag, promo_code, refunded_amount
       from orders where ${WHERE}
   )
   select
     (select json_build_object(
               'totalOrders', count(*)::int,
               'totalAmount', coalesce(sum(total_amount), 0)::numeric(14, 2)::text,
               'totalCommission', coalesce(sum(commission), 0)::numeric(14, 2)::text,
               'netAmount', coalesce(sum(net_amount), 0)::numeric(14, 2)::text,
               'totalTips', coalesce(sum(tip_amount), 0)::numeric(14, 2)::text,
               'totalDiscountAgorot', coalesce(sum(discount_agorot), 0)::int)
        from m) as summary,
     (select json_build_object(
               'refunded', coalesce(sum((r->>'amountAgorot')::int), 0)::int,
               'returned', coalesce(sum((r->>'commissionAgorot')::int), 0)::int)
        from orders o cross join lateral jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
       where o.id in (select id from m where refunded_amount <> 0) and r->>'status' = 'refunded') as refunded,
     (select coalesce(json_agg(d), '[]'::json) from (
        select to_char((paid_at at time zone '${ISRAEL_TZ}')::date, 'YYYY-MM-DD') as day,
               count(*)::int as "totalOrders", sum(total_amount)::numeric(14, 2)::text as "totalAmount"
          from m group by 1) d) as days,
     (select coalesce(json_agg(s), '[]'::json) from (
        select source_channel as channel, source_tag as tag, count(*)::int as "totalOrders",
               sum(total_amount)::numeric(14, 2)::text as "totalAmount"
          from m group by 1, 2) s) as sources,
     (select coalesce(json_agg(p order by p.uses desc, p.code), '[]'::json) from (
        select promo_code as code, count(*)::int as uses, sum(discount_agorot)::int as "discountAgorot"
          from m where promo_code is not null group by promo_code) p) as "promoCodes"`;

/** The month's sums as PostgreSQL's json: counts as numbers, money as numeric(14,2) text. */
interface MonthSumsRow {
  summary: MonthSummary | string;
  refunded: { refunded: number; returned: number } | string;
  days: MonthDay[] | string;
  sources: MonthSourceSum[] | string;
  promoCodes: MonthPromoCode[] | string;
}

/**
 * The period's sums, by day, by source and by promo code, and what its refunds returned, in one statement over one
 * read of its rows (decision 065): five reads of a busy café's month were most of the report's time. The refunds are
 * read only of the orders whose `refunded_amount` (their refunded refunds, summed by the projection) is not zero.
 */
async function monthSums(
  em: EntityManager,
  params: unknown[],
): Promise<Pick<PaidOrdersOfMonth, 'summary' | 'refunded' | 'days' | 'sources' | 'promoCodes'>> {
  const [row] = await query<MonthSumsRow>(em, MONTH_SUMS_SQL, params);
  const json = <T>(value: T | string | undefined): T | undefined =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  const refunded = json(row?.refunded);
  return {
    summary: json(row?.summary),
    refunded: {
      refundedAgorot: Number(refunded?.refunded ?? 0),
      commissionReturnedAgorot: Number(refunded?.returned ?? 0),
    },
    days: json(row?.days) ?? [],
    sources: json(row?.sources) ?? [],
    promoCodes: json(row?.promoCodes) ?? [],
  };
}

const EMPTY: Omit<PaidOrdersOfMonth, 'beforeFound'> = {
  orders: [],
  nextBefore: null,
  summary: undefined,
  refunded: { refundedAgorot: 0, commissionReturnedAgorot: 0 },
  refunds: [],
  unsettledRefunds: [],
  days: [],
  sources: [],
  promoCodes: [],
  payments: new Map(),
};

/**
 * The period's orders, newest paid first: all of them, or one page (one more asked for, to know whether a next page
 * exists). Undefined when `before` is none of the period's paid orders of the business (another's, or made up).
 */
async function ordersOf(
  em: EntityManager,
  params: unknown[],
  page: OrdersPage | undefined,
): Promise<{ orders: Order[]; nextBefore: string | null } | undefined> {
  const [businessId, start, end] = params as [string, Date, Date];
  if (!page) {
    const orders = await em.find(
      OrderEntity,
      { businessId, paymentStatus: 'paid', paidAt: { $gte: start, $lt: end } },
      { orderBy: { paidAt: 'desc', orderNumber: 'desc', id: 'desc' } },
    );
    return { orders, nextBefore: null };
  }
  if (page.before) {
    const [anchor] = await query(em, `select 1 from orders where id = ? and ${WHERE}`, [page.before, ...params]);
    if (!anchor) return undefined;
  }
  // The row comparison follows the index on (business_id, paid_at desc): a page deep in the month reads no more rows.
  const after = page.before
    ? 'and (paid_at, order_number, id) < (select paid_at, order_number, id from orders where id = ?)'
    : '';
  const ids = await query<{ id: string }>(em, `select id from orders where ${WHERE} ${after} ${NEWEST_FIRST} limit ?`, [
    ...params,
    ...(page.before ? [page.before] : []),
    page.limit + 1,
  ]);
  const pageIds = ids.slice(0, page.limit).map((row) => row.id);
  const rows = pageIds.length > 0 ? await em.find(OrderEntity, { id: { $in: pageIds } }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const orders = pageIds.map((id) => byId.get(id)).filter((order): order is Order => order !== undefined);
  return { orders, nextBefore: ids.length > page.limit ? (pageIds.at(-1) ?? null) : null };
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
