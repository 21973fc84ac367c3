import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  formatIsraelDateTime,
  lineWithChoices,
  parsePriceToAgorot,
  type InvoiceStatus,
  type MonthlyReport,
  type MonthString,
  type OrderItemView,
  orderSourceLabelsHe,
  UNKNOWN_SOURCE_HE,
  withoutDirectionControls,
} from '@tafrit/contracts';
import { spreadsheetCsv } from '../../../platform/csv/spreadsheet-csv.js';
import { GetMonthlyReportQuery } from './get-monthly-report.query.js';

export class ExportOrdersCsvQuery {
  constructor(
    readonly businessPhone: string,
    readonly month: MonthString,
    readonly now: Date,
  ) {}
}

export interface OrdersCsv {
  filename: string;
  /** UTF-8 text starting with a byte-order mark, so Excel reads the Hebrew as Hebrew. */
  content: string;
}

export const CSV_HEADER = [
  'מספר הזמנה',
  'תאריך ושעה (שעון ישראל)',
  'שולחן',
  'פריטים',
  'הערות',
  'סה"כ',
  'עמלה 5%',
  'נטו',
  'מספר חשבונית',
  'סטטוס חשבונית',
  // Added last, so the columns before them keep their places in the owner's spreadsheets (issue 17).
  'הוחזר',
  'טיפ',
  'אמצעי תשלום',
  // Issue 29: each order's commission and net after its refunds; with "הוחזר" they add up to the month's totals.
  'עמלה אחרי החזרים',
  'נטו אחרי החזרים',
  // Issue 33: where the diner came from, and a shared link's tag.
  'מקור',
  'תג מקור',
  // Issue 33: the promo code and what it took off the items (already off "סה"כ").
  'קוד הנחה',
  'הנחה',
] as const;

const PAYMENT_METHOD_HE: Record<string, string> = { card: 'כרטיס אשראי', bit: 'ביט', google_pay: 'Google Pay' };

const INVOICE_STATUS_HE: Record<InvoiceStatus, string> = {
  generated: 'הופקה',
  pending: 'בהפקה',
  failed: 'נכשלה',
  awaiting_allocation: 'ממתינה למספר הקצאה',
  allocation_refused: 'מספר ההקצאה סורב',
};

/** A line's choices (answered in shekels) for contracts' wording, which counts agorot. */
const choicesOf = (item: OrderItemView) =>
  (item.options ?? []).map((option) => ({ ...option, priceAgorot: Math.round(option.price * 100) }));

/** The money returned on an order (issue 17), in shekels as the report's amounts; empty when none. */
function refundedOf(order: MonthlyReport['orders'][number]): string {
  if (order.refunds.length === 0) return '';
  const agorot = order.refunds.reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0);
  return agorotToDecimalString(agorot);
}

/** A column's sum over the orders, exactly, in agorot: the "as paid" columns' totals are the rows' own sums. */
const sumOf = (orders: MonthlyReport['orders'], pick: (order: MonthlyReport['orders'][number]) => string) =>
  agorotToDecimalString(orders.reduce((sum, order) => sum + (parsePriceToAgorot(pick(order)) ?? 0), 0));

/** The same month as the report, as a spreadsheet: one row per paid order, newest first, then the month's totals. */
export function ordersCsv(report: MonthlyReport): string {
  const rows: string[][] = report.orders.map((order) => [
    String(order.orderNumber),
    formatIsraelDateTime(order.orderDate),
    order.tableNumber === null ? '' : String(order.tableNumber),
    order.items.map((item) => `${lineWithChoices(item.name, choicesOf(item))} × ${item.quantity}`).join('; '),
    // Orders recorded before issue 29 may carry direction controls: a spreadsheet would follow them too.
    withoutDirectionControls(order.remarks ?? ''),
    order.totalAmount,
    order.commission,
    order.netAmount,
    order.invoiceNumber ?? '',
    INVOICE_STATUS_HE[order.invoiceStatus] ?? order.invoiceStatus,
    refundedOf(order),
    order.tipAmount && Number(order.tipAmount) > 0 ? order.tipAmount : '',
    PAYMENT_METHOD_HE[order.paymentMethod ?? 'card'] ?? '',
    order.commissionAfterRefunds ?? order.commission,
    order.netAfterRefunds ?? order.netAmount,
    order.source ? orderSourceLabelsHe[order.source.channel] : UNKNOWN_SOURCE_HE,
    order.source?.tag ?? '',
    order.promoCode ?? '',
    order.discountAmount && Number(order.discountAmount) > 0 ? order.discountAmount : '',
  ]);
  const { summary } = report;
  rows.push([
    'סה"כ',
    '',
    '',
    `${summary.totalOrders} הזמנות`,
    '',
    summary.totalAmount,
    // The older columns are as paid on every row, so their totals are too (the summary's are after refunds: the
    // last two columns). Before issue 29 this row put the totals after refunds under them, and nothing summed.
    sumOf(report.orders, (order) => order.commission),
    sumOf(report.orders, (order) => order.netAmount),
    '',
    '',
    summary.totalRefunds,
    summary.totalTips ?? '0.00',
    '',
    summary.totalCommission,
    summary.netAmount,
    '',
    '',
    '',
    summary.totalDiscounts ?? '0.00',
  ]);
  // Each code's uses and cost this month (issue 33), under the totals: code, orders, cost.
  for (const promo of report.promoCodes ?? []) {
    rows.push([
      'קוד הנחה',
      promo.code,
      '',
      `${promo.uses} הזמנות`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      promo.code,
      promo.cost,
    ]);
  }
  // Every cell through the formula guard (a diner's remark must never run in the owner's Excel).
  return spreadsheetCsv([CSV_HEADER, ...rows]);
}

/** `GET /api/orders/csv?month=YYYY-MM`: the report of the same month, checked the same way, as CSV. */
@QueryHandler(ExportOrdersCsvQuery)
export class ExportOrdersCsvHandler implements IQueryHandler<ExportOrdersCsvQuery, OrdersCsv> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ businessPhone, month, now }: ExportOrdersCsvQuery): Promise<OrdersCsv> {
    const report = await this.queries.execute<GetMonthlyReportQuery, MonthlyReport>(
      new GetMonthlyReportQuery(businessPhone, month, now),
    );
    return { filename: `orders-${month}.csv`, content: ordersCsv(report) };
  }
}
