import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminCommissionBusiness, AdminCommissionReport, MonthString } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { spreadsheetCsv } from '../../../platform/csv/spreadsheet-csv.js';
import { BusinessReader } from '../../accounts/index.js';

export class GetCommissionReportQuery {
  constructor(readonly month: MonthString) {}
}

interface BusinessRow {
  business_id: string;
  total_orders: number;
  total_amount: string;
  total_refunds: string;
  total_commission: string;
  total_net: string;
}

/**
 * The row's figures after refunds (decision 025), as the owner's report computes them: the commission less what the
 * refunds returned, the net as paid less refunded less that commission. Exact numeric arithmetic in PostgreSQL.
 */
export const AFTER_REFUNDS = `total_refunds::text as total_refunds,
       (total_commission - refunded_commission)::text as total_commission,
       (total_net - total_refunds + refunded_commission)::text as total_net`;

/** Hebrew names in dictionary order, the way the admin reads a list. */
export const byHebrewName = new Intl.Collator('he', { sensitivity: 'base', numeric: true });

/**
 * `GET /api/admin/commissions/{YYYY-MM}`: every business with paid orders in that Israel month, from the
 * `monthly_commissions` projection, sorted by name; the summary is PostgreSQL's sum of the same numeric rows.
 * A closed business keeps its row (its name stays in the read model).
 */
@QueryHandler(GetCommissionReportQuery)
export class GetCommissionReportHandler implements IQueryHandler<GetCommissionReportQuery, AdminCommissionReport> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ month }: GetCommissionReportQuery): Promise<AdminCommissionReport> {
    const rows = await query<BusinessRow>(
      this.database.em(),
      `select business_id, total_orders, total_amount::text as total_amount, ${AFTER_REFUNDS}
         from monthly_commissions
        where month = ? and total_orders > 0`,
      [month],
    );
    const names = await this.businesses.namesOf(rows.map((row) => row.business_id));
    const businesses: AdminCommissionBusiness[] = rows
      .map((row) => ({
        businessId: row.business_id,
        businessName: names.get(row.business_id) ?? '',
        totalOrders: Number(row.total_orders),
        totalAmount: row.total_amount,
        totalRefunds: row.total_refunds,
        totalCommission: row.total_commission,
        totalNet: row.total_net,
      }))
      .sort((a, b) => byHebrewName.compare(a.businessName, b.businessName) || a.businessId.localeCompare(b.businessId));
    const [sums] = await query<{
      total_orders: number;
      amount: string;
      refunds: string;
      commission: string;
      net: string;
    }>(
      this.database.em(),
      `select coalesce(sum(total_orders), 0)::int as total_orders,
              coalesce(sum(total_amount), 0)::numeric(14, 2)::text as amount,
              coalesce(sum(total_refunds), 0)::numeric(14, 2)::text as refunds,
              coalesce(sum(total_commission - refunded_commission), 0)::numeric(14, 2)::text as commission,
              coalesce(sum(total_net - total_refunds + refunded_commission), 0)::numeric(14, 2)::text as net
         from monthly_commissions where month = ?`,
      [month],
    );
    return {
      month,
      summary: {
        totalOrders: Number(sums?.total_orders ?? 0),
        totalAmount: sums?.amount ?? '0.00',
        totalRefunds: sums?.refunds ?? '0.00',
        totalCommission: sums?.commission ?? '0.00',
        totalNet: sums?.net ?? '0.00',
      },
      businesses,
    };
  }
}

// "הוחזר" is last (decision 025), as in the owner's export: the columns before it keep their places in spreadsheets.
export const COMMISSIONS_CSV_HEADER = [
  'מזהה עסק (טלפון)',
  'שם העסק',
  'מספר הזמנות',
  'סה"כ מכירות',
  'עמלה',
  'נטו',
  'הוחזר',
];

/** The report as a spreadsheet: one row per business, then the month's totals; UTF-8 with a BOM for Excel. */
export function commissionsCsv(report: AdminCommissionReport): string {
  const rows = report.businesses.map((business) => [
    business.businessId,
    business.businessName,
    String(business.totalOrders),
    business.totalAmount,
    business.totalCommission,
    business.totalNet,
    business.totalRefunds,
  ]);
  const { summary } = report;
  rows.push([
    'סה"כ',
    '',
    String(summary.totalOrders),
    summary.totalAmount,
    summary.totalCommission,
    summary.totalNet,
    summary.totalRefunds,
  ]);
  // Every cell through the formula guard: a business name is typed by its owner and must never run in Excel.
  return spreadsheetCsv([COMMISSIONS_CSV_HEADER, ...rows]);
}
