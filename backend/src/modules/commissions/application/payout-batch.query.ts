import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  type MonthString,
  type PayoutBatch,
  payoutDueDate,
  type PayoutEventData,
  type PayoutLineSnapshot,
  payoutStreamId,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import { spreadsheetCsv } from '../../../platform/csv/spreadsheet-csv.js';
import { foldPayout } from '../domain/payout.decider.js';
import { byHebrewName } from './commission-report.query.js';
import { BusinessReader } from '../../accounts/index.js';

export class GetPayoutBatchQuery {
  constructor(readonly month: MonthString) {}
}

/** The batch as the admin sees it, plus what the exports need: the lines with their payee IDs, in agorot. */
export interface PayoutView {
  batch: PayoutBatch;
  lines: PayoutLineSnapshot[];
  created: PayoutEventData['PayoutBatchCreated'] | null;
}

interface DraftRow {
  business_id: string;
  net_agorot: string | number;
  tip_agorot: string | number;
}

/**
 * A line's tips (issue 17): they are already inside its net, whole, since an order's commission is 5% of its items
 * only (contracts' orderAmounts); recorded apart so the batch can show them. None: the line stays as it was.
 */
export function payoutTips(tipAgorot: number): { tipAgorot?: number } {
  return tipAgorot > 0 ? { tipAgorot } : {};
}

/**
 * The transfers a month would hold now: each business with a positive net in the `monthly_commissions` projection,
 * with the bank details of the businesses read model (the bank's code is kept in `bankName`), by name.
 */
export async function draftPayoutLines(
  database: Database,
  businesses: BusinessReader,
  month: MonthString,
): Promise<PayoutLineSnapshot[]> {
  const rows = await query<DraftRow>(
    database.em(),
    `select business_id, (total_net * 100)::bigint::text as net_agorot,
            (total_tips * 100)::bigint::text as tip_agorot
       from monthly_commissions
      where month = ? and total_net > 0`,
    [month],
  );
  const payees = await businesses.payeesOf(rows.map((row) => row.business_id));
  return rows
    .map((row) => {
      const payee = payees.get(row.business_id);
      return {
        businessId: row.business_id,
        businessName: payee?.businessName ?? '',
        netAgorot: Number(row.net_agorot),
        ...payoutTips(Number(row.tip_agorot)),
        bankCode: payee?.bankCode ?? '',
        branch: payee?.branch ?? '',
        accountNumber: payee?.accountNumber ?? '',
        beneficiaryName: payee?.beneficiaryName ?? '',
        beneficiaryIdNumber: payee?.idNumber ?? '',
      };
    })
    .sort((a, b) => byHebrewName.compare(a.businessName, b.businessName) || a.businessId.localeCompare(b.businessId));
}

/**
 * `GET /api/admin/payouts/{YYYY-MM}`: the created batch as its event recorded it (a snapshot: later changes of bank
 * details or late payments do not move it), or, before it is created, the draft from the projection.
 */
@QueryHandler(GetPayoutBatchQuery)
export class GetPayoutBatchHandler implements IQueryHandler<GetPayoutBatchQuery, PayoutView> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ month }: GetPayoutBatchQuery): Promise<PayoutView> {
    const { events } = await this.store.readStream(payoutStreamId(month));
    const state = foldPayout(events);
    const lines = state.created ? state.created.lines : await draftPayoutLines(this.database, this.businesses, month);
    const total = lines.reduce((sum, line) => sum + line.netAgorot, 0);
    return {
      created: state.created,
      lines,
      batch: {
        month,
        dueDate: state.created?.dueDate ?? payoutDueDate(month),
        status: state.status === 'none' ? 'draft' : state.status,
        createdAt: state.created?.at ?? null,
        transferredAt: state.transferredAt,
        lines: lines.map((line) => ({
          businessId: line.businessId,
          businessName: line.businessName,
          net: agorotToDecimalString(line.netAgorot),
          tips: agorotToDecimalString(line.tipAgorot ?? 0),
          bankCode: line.bankCode,
          branch: line.branch,
          accountNumber: line.accountNumber,
          beneficiaryName: line.beneficiaryName,
        })),
        total: agorotToDecimalString(total),
      },
    };
  }
}

export const PAYOUTS_CSV_HEADER = ['מזהה עסק (טלפון)', 'שם העסק', 'מוטב', 'ת"ז / ח"פ', 'בנק', 'סניף', 'חשבון', 'סכום'];

/** The transfer list as a spreadsheet (UTF-8 with a BOM), then the total and the due date. */
export function payoutsCsv({ batch, lines }: PayoutView): string {
  const rows = lines.map((line) => [
    line.businessId,
    line.businessName,
    line.beneficiaryName,
    line.beneficiaryIdNumber,
    line.bankCode,
    line.branch,
    line.accountNumber,
    agorotToDecimalString(line.netAgorot),
  ]);
  rows.push(['סה"כ', `${lines.length} העברות`, `לתשלום ב-${batch.dueDate}`, '', '', '', '', batch.total]);
  return spreadsheetCsv([PAYOUTS_CSV_HEADER, ...rows]);
}
