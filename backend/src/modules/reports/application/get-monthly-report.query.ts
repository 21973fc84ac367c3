import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  israelMonthRange,
  type InvoiceStatus,
  type MonthlyReport,
  type MonthString,
  ORDER_SOURCE_CHANNELS,
  orderingMessagesHe,
  type OrderSource,
  type OrderStatus,
  type PaymentStatus,
  payoutStreamId,
  type ReportDay,
  type ReportOrder,
  type ReportPayout,
  type ReportRefund,
  type ReportSource,
  type ReportSummary,
  type ReportUnsettledRefund,
} from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { foldPayout } from '../../commissions/index.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import {
  type MonthPayment,
  type MonthSourceSum,
  type Order,
  type OrdersPage,
  paidOrdersOfMonth,
  paymentMethodOfColumn,
} from '../../ordering/index.js';
import { assertReportableMonth, datesOfMonth } from './report-month.js';

export class GetMonthlyReportQuery {
  constructor(
    readonly businessPhone: string,
    readonly month: MonthString,
    /** The server's clock, passed in so the 12-month window is decided in one place (the controller). */
    readonly now: Date,
    /**
     * The months it may answer: the owner's report the last 12 (product-spec §9); the accountant's month download
     * (bookkeeping, issue 32) any month it may export, which it checked itself.
     */
    readonly window: 'last-twelve-months' | 'checked-by-caller' = 'last-twelve-months',
    /** The owner's screen asks a page of the orders (decision 065); absent: every order of the month (the files). */
    readonly page?: OrdersPage,
  ) {}
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

  async execute({ businessPhone, month, now, window, page }: GetMonthlyReportQuery): Promise<MonthlyReport> {
    if (window === 'last-twelve-months') assertReportableMonth(month, now);
    const { start, end } = israelMonthRange(month);
    // A sale belongs to the month it was paid in, as the admin's commissions and the payouts count it: an order placed
    // at 23:58 on the 31st and paid at 00:01 is next month's, in every report.
    const paid = await paidOrdersOfMonth(this.database.em(), businessPhone, start, end, page);
    // Another business's order, one of another month, or no order at all: told apart from none of them.
    if (!paid.beforeFound) {
      throw new AppError('validation.failed', { fields: { before: orderingMessagesHe.reportBeforeInvalid } });
    }
    const { orders, summary: summaryRow } = paid;
    const refunded = paid.refunded.refundedAgorot;
    const returned = paid.refunded.commissionReturnedAgorot;
    const commission = toAgorot(summaryRow?.totalCommission) - returned;
    const summary: ReportSummary = {
      totalOrders: Number(summaryRow?.totalOrders ?? 0),
      totalAmount: summaryRow?.totalAmount ?? '0.00',
      totalRefunds: agorotToDecimalString(refunded),
      totalCommission: agorotToDecimalString(commission),
      // What the business keeps: paid, less refunded, less the commission on what was kept.
      netAmount: agorotToDecimalString(toAgorot(summaryRow?.totalAmount) - refunded - commission),
      totalTips: summaryRow?.totalTips ?? '0.00',
      // Only in a month with promo codes (issue 33): a month without any answers as it did before them.
      ...(Number(summaryRow?.totalDiscountAgorot ?? 0) > 0
        ? { totalDiscounts: agorotToDecimalString(Number(summaryRow?.totalDiscountAgorot)) }
        : {}),
    };
    // Refunds that returned nothing (yet): shown apart, in no sum, so the owner sees a refusal and may try again.
    const unsettledByOrder = new Map<string, ReportUnsettledRefund[]>();
    for (const row of paid.unsettledRefunds) {
      const list = unsettledByOrder.get(row.orderId) ?? [];
      list.push({
        refundId: row.refundId,
        amount: agorotToDecimalString(Number(row.amountAgorot)),
        reason: row.reason,
        requestedAt: row.requestedAt,
        status: row.status === 'failed' ? 'failed' : 'requested',
        failureReason: row.status === 'failed' ? row.failureReason : null,
        lines: Array.isArray(row.lines) ? row.lines : null,
      });
      unsettledByOrder.set(row.orderId, list);
    }
    const refundsByOrder = new Map<string, ReportRefund[]>();
    for (const row of paid.refunds) {
      const list = refundsByOrder.get(row.orderId) ?? [];
      list.push({
        refundId: row.refundId,
        amount: agorotToDecimalString(Number(row.amountAgorot)),
        reason: row.reason,
        createdAt: row.refundedAt,
        // The credit document's page, opened the way the invoice's link is (the order's token); none when it failed.
        creditUrl: row.credit === 'issued' ? this.links.creditUrlFor(row.orderId, row.refundId) : null,
        credit: row.credit === 'issued' || row.credit === 'failed' || row.credit === 'retrying' ? row.credit : null,
        creditFailureReason: row.credit === 'failed' ? (row.creditFailureReason ?? null) : null,
        ...(row.partId ? { partId: row.partId } : {}),
      });
      refundsByOrder.set(row.orderId, list);
    }
    const byDay = new Map(paid.days.map((row) => [row.day, row]));
    const daily: ReportDay[] = datesOfMonth(month).map((date) => {
      const row = byDay.get(date);
      return { date, totalOrders: Number(row?.totalOrders ?? 0), totalAmount: row?.totalAmount ?? '0.00' };
    });
    const payout = await this.payoutOf(businessPhone, month);
    // Each order's refund and its commission and net after it, counted as the summary counts the month (issue 29): in
    // agorot, from the same refunds, so the orders add up to the summary to the agora.
    const returnedByOrder = new Map<string, { refunded: number; commission: number }>();
    for (const row of paid.refunds) {
      const sum = returnedByOrder.get(row.orderId) ?? { refunded: 0, commission: 0 };
      sum.refunded += Number(row.amountAgorot);
      sum.commission += Number(row.commissionAgorot);
      returnedByOrder.set(row.orderId, sum);
    }
    const reported = orders.map((order) => ({
      ...toReportOrder(order),
      refunds: refundsByOrder.get(order.id) ?? [],
      unsettledRefunds: unsettledByOrder.get(order.id) ?? [],
      ...afterRefunds(order, returnedByOrder.get(order.id)),
      // A shared bill paid in parts (issue 34): its payers and their documents.
      ...paymentsOf(paid.payments.get(order.id)),
    }));
    // Each promo code's uses and cost this month (issue 33): its paid orders and what they were given off.
    const promoCodes = paid.promoCodes.map((row) => ({
      code: row.code,
      uses: Number(row.uses),
      cost: agorotToDecimalString(Number(row.discountAgorot)),
    }));
    return {
      month,
      orders: reported,
      summary,
      daily,
      payout,
      sources: sourcesOf(paid.sources),
      ...(promoCodes.length > 0 ? { promoCodes } : {}),
      ...(page ? { page: { limit: page.limit, total: summary.totalOrders, nextBefore: paid.nextBefore } } : {}),
    };
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

/** The row's source columns (issue 33) as the answer's `source`; null: not recorded. */
function sourceOfRow(order: Order): OrderSource | null {
  const channel = ORDER_SOURCE_CHANNELS.find((known) => known === order.sourceChannel);
  if (!channel) return null;
  return order.sourceTag ? { channel, tag: order.sourceTag } : { channel };
}

/** The month's sums by channel and tag as one entry per channel (its tags inside), the most orders first. */
function sourcesOf(rows: MonthSourceSum[]): ReportSource[] {
  const byChannel = new Map<string, ReportSource & { agorot: number }>();
  for (const row of rows) {
    const channel = ORDER_SOURCE_CHANNELS.find((known) => known === row.channel) ?? null;
    const key = channel ?? '';
    const entry = byChannel.get(key) ?? { channel, totalOrders: 0, totalAmount: '0.00', tags: [], agorot: 0 };
    entry.totalOrders += Number(row.totalOrders);
    entry.agorot += toAgorot(row.totalAmount);
    if (row.tag) entry.tags.push({ tag: row.tag, totalOrders: Number(row.totalOrders), totalAmount: row.totalAmount });
    byChannel.set(key, entry);
  }
  return [...byChannel.values()]
    .sort((a, b) => b.totalOrders - a.totalOrders)
    .map(({ agorot, tags, ...entry }) => ({
      ...entry,
      totalAmount: agorotToDecimalString(agorot),
      tags: tags.sort((a, b) => b.totalOrders - a.totalOrders || a.tag.localeCompare(b.tag)),
    }));
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
    // Only on an order placed with a promo code (issue 33): others are shaped as before codes.
    ...(order.promoCode
      ? { promoCode: order.promoCode, discountAmount: agorotToDecimalString(order.discountAgorot ?? 0) }
      : {}),
    paymentMethod: order.paymentStatus === PAID ? paymentMethodOfColumn(order.paymentMethod) : null,
    source: sourceOfRow(order),
    payment: paid
      ? {
          last4: order.cardLast4 ?? null,
          brand: order.cardBrand ?? null,
          approvalNumber: order.approvalNumber ?? null,
        }
      : null,
  };
}

function paymentsOf(payments: MonthPayment[] | undefined): Pick<ReportOrder, 'payments'> {
  if (!payments?.length) return {};
  return {
    payments: payments.map((payment) => ({
      partId: payment.partId,
      payer: payment.payer,
      amount: agorotToDecimalString(payment.amountAgorot),
      tipAmount: agorotToDecimalString(payment.tipAgorot),
      commission: agorotToDecimalString(payment.commissionAgorot),
      method: payment.method,
      last4: payment.last4,
      invoiceNumber: payment.invoiceNumber,
      invoiceUrl: payment.invoiceUrl,
      paidAt: payment.paidAt,
    })),
  };
}
