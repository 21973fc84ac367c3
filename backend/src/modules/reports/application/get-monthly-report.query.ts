import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  ISRAEL_TZ,
  israelMonthRange,
  type InvoiceStatus,
  type MonthlyReport,
  type MonthString,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  payoutStreamId,
  type ReportDay,
  type ReportOrder,
  type ReportPayout,
  type ReportRefund,
  type ReportSummary,
  type ReportUnsettledRefund,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/database/sql.js';
import { foldPayout } from '../../commissions/index.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import { type Order, OrderEntity } from '../../ordering/index.js';
import { assertReportableMonth, datesOfMonth } from './report-month.js';

export class GetMonthlyReportQuery {
  constructor(
    readonly businessPhone: string,
    readonly month: MonthString,
    /** The server's clock, passed in so the 12-month window is decided in one place (the controller). */
    readonly now: Date,
  ) {}
}

interface SummaryRow {
  total_orders: number;
  total_amount: string;
  total_commission: string;
  net_amount: string;
  total_tips: string;
}

interface RefundSumRow {
  refunded: number;
  commission_returned: number;
}

interface RefundRow {
  id: string;
  refund_id: string;
  amount_agorot: number;
  commission_agorot: number;
  reason: string;
  refunded_at: string;
  credit: string | null;
  credit_failure_reason: string | null;
}

interface UnsettledRow {
  id: string;
  refund_id: string;
  amount_agorot: number;
  reason: string;
  requested_at: string;
  status: string;
  failure_reason: string | null;
  lines: { index: number; quantity: number }[] | null;
}

interface DayRow {
  day: string;
  total_orders: number;
  total_amount: string;
}

// A report counts what was paid: a pending, failed or expired order never reached the business's money.
const PAID = 'paid';

/**
 * `GET /api/orders?month=YYYY-MM`: the signed-in business's paid orders of one Israel month, newest first, with the
 * month's sums and one total per Israel calendar day. Sums are computed by PostgreSQL on the numeric(10,2) columns,
 * so they are exact to the agora; each row's commission + net equals its total, so the sums add up too.
 */
@QueryHandler(GetMonthlyReportQuery)
export class GetMonthlyReportHandler implements IQueryHandler<GetMonthlyReportQuery, MonthlyReport> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly links: InvoiceLinks,
  ) {}

  async execute({ businessPhone, month, now }: GetMonthlyReportQuery): Promise<MonthlyReport> {
    assertReportableMonth(month, now);
    const { start, end } = israelMonthRange(month);
    const em = this.database.em();
    // A sale belongs to the month it was paid in, as the admin's commissions and the payouts count it: an order placed
    // at 23:58 on the 31st and paid at 00:01 is next month's, in every report.
    const where = `business_id = ? and payment_status = '${PAID}' and paid_at >= ? and paid_at < ?`;
    const params = [businessPhone, start, end];

    // One after the other: on the embedded database the ORM has a single connection.
    const orders = await em.find(
      OrderEntity,
      { businessId: businessPhone, paymentStatus: PAID, paidAt: { $gte: start, $lt: end } },
      { orderBy: { paidAt: 'desc', orderNumber: 'desc' } },
    );
    const summaryRows = await query<SummaryRow>(
      em,
      `select count(*)::int as total_orders,
                coalesce(sum(total_amount), 0)::numeric(14, 2)::text as total_amount,
                coalesce(sum(commission), 0)::numeric(14, 2)::text as total_commission,
                coalesce(sum(net_amount), 0)::numeric(14, 2)::text as net_amount,
                coalesce(sum(tip_amount), 0)::numeric(14, 2)::text as total_tips
           from orders where ${where}`,
      params,
    );
    // Refunds the provider made on the month's orders, from each order's state (the row's snapshot, decision 015),
    // counted with the order they return money on; each returns its share of the commission (decision 024).
    const refundOf = `from orders o cross join lateral jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
           where ${where} and r->>'status' = 'refunded'`;
    const [refundSum] = await query<RefundSumRow>(
      em,
      `select coalesce(sum((r->>'amountAgorot')::int), 0)::int as refunded,
              coalesce(sum((r->>'commissionAgorot')::int), 0)::int as commission_returned ${refundOf}`,
      params,
    );
    const refundRows = await query<RefundRow>(
      em,
      `select o.id, r->>'refundId' as refund_id, (r->>'amountAgorot')::int as amount_agorot, r->>'reason' as reason,
              coalesce((r->>'commissionAgorot')::int, 0) as commission_agorot,
              r->>'refundedAt' as refunded_at, r->>'credit' as credit,
              r->>'creditFailureReason' as credit_failure_reason ${refundOf}`,
      params,
    );
    const dayRows = await query<DayRow>(
      em,
      `select to_char((paid_at at time zone '${ISRAEL_TZ}')::date, 'YYYY-MM-DD') as day,
                count(*)::int as total_orders,
                sum(total_amount)::numeric(14, 2)::text as total_amount
           from orders where ${where}
          group by 1`,
      params,
    );

    const summaryRow = summaryRows[0];
    const refunded = Number(refundSum?.refunded ?? 0);
    const returned = Number(refundSum?.commission_returned ?? 0);
    const commission = toAgorot(summaryRow?.total_commission) - returned;
    const summary: ReportSummary = {
      totalOrders: Number(summaryRow?.total_orders ?? 0),
      totalAmount: summaryRow?.total_amount ?? '0.00',
      totalRefunds: agorotToDecimalString(refunded),
      totalCommission: agorotToDecimalString(commission),
      // What the business keeps: paid, less refunded, less the commission on what was kept.
      netAmount: agorotToDecimalString(toAgorot(summaryRow?.total_amount) - refunded - commission),
      totalTips: summaryRow?.total_tips ?? '0.00',
    };
    // Refunds that returned nothing (yet): shown apart, in no sum, so the owner sees a refusal and may try again.
    const unsettledRows = await query<UnsettledRow>(
      em,
      `select o.id, r->>'refundId' as refund_id, (r->>'amountAgorot')::int as amount_agorot, r->>'reason' as reason,
              r->>'requestedAt' as requested_at, r->>'status' as status, r->>'failureReason' as failure_reason,
              r->'lines' as lines
         from orders o cross join lateral jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
        where ${where} and r->>'status' in ('requested', 'failed')`,
      params,
    );
    const unsettledByOrder = new Map<string, ReportUnsettledRefund[]>();
    for (const row of unsettledRows) {
      const list = unsettledByOrder.get(row.id) ?? [];
      list.push({
        refundId: row.refund_id,
        amount: agorotToDecimalString(Number(row.amount_agorot)),
        reason: row.reason,
        requestedAt: row.requested_at,
        status: row.status === 'failed' ? 'failed' : 'requested',
        failureReason: row.status === 'failed' ? row.failure_reason : null,
        lines: Array.isArray(row.lines) ? row.lines : null,
      });
      unsettledByOrder.set(row.id, list);
    }
    const refundsByOrder = new Map<string, ReportRefund[]>();
    for (const row of refundRows) {
      const list = refundsByOrder.get(row.id) ?? [];
      list.push({
        refundId: row.refund_id,
        amount: agorotToDecimalString(Number(row.amount_agorot)),
        reason: row.reason,
        createdAt: row.refunded_at,
        // The credit document's page, opened the way the invoice's link is (the order's token); none when it failed.
        creditUrl: row.credit === 'issued' ? this.links.creditUrlFor(row.id, row.refund_id) : null,
        credit: row.credit === 'issued' || row.credit === 'failed' || row.credit === 'retrying' ? row.credit : null,
        creditFailureReason: row.credit === 'failed' ? (row.credit_failure_reason ?? null) : null,
      });
      refundsByOrder.set(row.id, list);
    }
    const byDay = new Map(dayRows.map((row) => [row.day, row]));
    const daily: ReportDay[] = datesOfMonth(month).map((date) => {
      const row = byDay.get(date);
      return { date, totalOrders: Number(row?.total_orders ?? 0), totalAmount: row?.total_amount ?? '0.00' };
    });
    const payout = await this.payoutOf(businessPhone, month);
    // Each order's refund and its commission and net after it, counted as the summary counts the month (issue 29): in
    // agorot, from the same refunds, so the orders add up to the summary to the agora.
    const returnedByOrder = new Map<string, { refunded: number; commission: number }>();
    for (const row of refundRows) {
      const sum = returnedByOrder.get(row.id) ?? { refunded: 0, commission: 0 };
      sum.refunded += Number(row.amount_agorot);
      sum.commission += Number(row.commission_agorot);
      returnedByOrder.set(row.id, sum);
    }
    const reported = orders.map((order) => ({
      ...toReportOrder(order),
      refunds: refundsByOrder.get(order.id) ?? [],
      unsettledRefunds: unsettledByOrder.get(order.id) ?? [],
      ...afterRefunds(order, returnedByOrder.get(order.id)),
    }));
    return { month, orders: reported, summary, daily, payout };
  }

  /** The business's line in the month's payout batch (the `payout-{month}` stream: two events at most). */
  private async payoutOf(businessPhone: string, month: MonthString): Promise<ReportPayout | null> {
    const { events } = await this.store.readStream(payoutStreamId(month));
    const state = foldPayout(events);
    const line = state.created?.lines.find((entry) => entry.businessId === businessPhone);
    // A business whose whole net went to its balance (decision 025) has no transfer, only the balance's record.
    const balance = state.created?.balances?.find((entry) => entry.businessId === businessPhone);
    if (!state.created || (!line && !balance) || state.status === 'none') return null;
    return {
      status: state.status,
      dueDate: state.created.dueDate,
      transferredAt: state.transferredAt,
      net: agorotToDecimalString(line?.netAgorot ?? 0),
      deducted: agorotToDecimalString(balance?.deductedAgorot ?? 0),
      carried: agorotToDecimalString(balance?.carriedAgorot ?? 0),
    };
  }
}

/** An order's refunded amount and its commission and net after refunds, as the summary's totals count them. */
function afterRefunds(
  order: Order,
  returned: { refunded: number; commission: number } = { refunded: 0, commission: 0 },
): Pick<ReportOrder, 'refundedAmount' | 'commissionAfterRefunds' | 'netAfterRefunds'> {
  const commission = toAgorot(order.commission) - returned.commission;
  return {
    refundedAmount: agorotToDecimalString(returned.refunded),
    commissionAfterRefunds: agorotToDecimalString(commission),
    // As the summary's netAmount: paid, less refunded, less the commission on what was kept.
    netAfterRefunds: agorotToDecimalString(toAgorot(order.totalAmount) - returned.refunded - commission),
  };
}

/** A numeric(14,2) sum as integer agorot, exactly ("41.05" -> 4105). */
function toAgorot(decimal: string | undefined): number {
  const [shekels = '0', agorot = '0'] = (decimal ?? '0').split('.');
  const sign = shekels.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(shekels)) * 100 + Number(agorot.padEnd(2, '0').slice(0, 2)));
}

/** The spec's payment_method column as the contract names the way the diner paid. */
const METHOD_OF_COLUMN: Record<string, PaymentMethod> = { credit_card: 'card', google_pay: 'google_pay', bit: 'bit' };

/** The owner's view of a row, field by field: nothing private (diner session, customer phone) leaves by accident. */
export function toReportOrder(order: Order): Omit<ReportOrder, 'refunds'> {
  const paid = order.cardLast4 !== null || order.cardBrand !== null || order.approvalNumber !== null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    orderDate: new Date(order.orderDate).toISOString(),
    totalAmount: order.totalAmount,
    commission: order.commission,
    netAmount: order.netAmount,
    remarks: order.remarks ?? null,
    tableNumber: order.tableNumber ?? null,
    items: (order.items ?? []).map((item) => ({
      productId: item.productId,
      name: item.name,
      price: item.price,
      quantity: item.quantity,
      // The choices as they were ordered; a line without any keeps its shape of before.
      ...(item.options?.length ? { options: item.options } : {}),
    })),
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as PaymentStatus,
    invoiceNumber: order.invoiceNumber ?? null,
    invoiceUrl: order.invoiceUrl ?? null,
    invoiceStatus: order.invoiceStatus as InvoiceStatus,
    tipAmount: order.tipAmount ?? '0.00',
    paymentMethod: order.paymentStatus === PAID ? (METHOD_OF_COLUMN[order.paymentMethod] ?? 'card') : null,
    payment: paid
      ? {
          last4: order.cardLast4 ?? null,
          brand: order.cardBrand ?? null,
          approvalNumber: order.approvalNumber ?? null,
        }
      : null,
  };
}
