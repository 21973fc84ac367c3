import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  type MonthString,
  type PayoutBalance,
  type PayoutBalanceSnapshot,
  type PayoutBatch,
  payoutDueDate,
  type PayoutEventData,
  type PayoutLineSnapshot,
  payoutStreamId,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/database/sql.js';
import { spreadsheetCsv } from '../../../platform/csv/spreadsheet-csv.js';
import { foldPayout } from '../domain/payout.decider.js';
import { byHebrewName } from './commission-report.query.js';
import { BusinessReader } from '../../accounts/index.js';
import { owedBalances, settle } from './payout-ledger.js';

export class GetPayoutBatchQuery {
  constructor(readonly month: MonthString) {}
}

/** The batch as the admin sees it, plus what the exports need: the lines with their payee IDs, in agorot. */
export interface PayoutView {
  batch: PayoutBatch;
  lines: PayoutLineSnapshot[];
  balances: PayoutBalanceSnapshot[];
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
 * The transfers a month would hold now: each business's net of the month after its refunds (the
 * `monthly_commissions` projection), less what it owes for refunds of months already paid out (decision 025), with
 * the bank details of the businesses read model (the bank's code is kept in `bankName`), by name. A business that
 * owes has a balance entry: deducted from this month, the rest carried forward; its transfer only if positive.
 */
export async function draftPayout(
  database: Database,
  businesses: BusinessReader,
  month: MonthString,
  store: EventStore,
): Promise<{ lines: PayoutLineSnapshot[]; balances: PayoutBalanceSnapshot[] }> {
  const em = database.em();
  const rows = await query<DraftRow>(
    em,
    `select business_id, ((total_net - total_refunds + refunded_commission) * 100)::bigint::text as net_agorot,
            (total_tips * 100)::bigint::text as tip_agorot
       from monthly_commissions
      where month = ? and total_net - total_refunds + refunded_commission > 0`,
    [month],
  );
  const owed = await owedBalances(store, em, month);
  const nets = new Map(rows.map((row) => [row.business_id, Number(row.net_agorot)]));
  const tips = new Map(rows.map((row) => [row.business_id, Number(row.tip_agorot)]));
  const ids = [...new Set([...nets.keys(), ...owed.keys()])];
  const payees = await businesses.payeesOf(ids);
  const lines: PayoutLineSnapshot[] = [];
  const balances: PayoutBalanceSnapshot[] = [];
  for (const businessId of ids) {
    const payee = payees.get(businessId);
    const monthNetAgorot = nets.get(businessId) ?? 0;
    const owedAgorot = owed.get(businessId) ?? 0;
    const { transferAgorot, deductedAgorot, carriedAgorot } = settle(monthNetAgorot, owedAgorot);
    const businessName = payee?.businessName ?? '';
    if (owedAgorot > 0) {
      balances.push({ businessId, businessName, monthNetAgorot, owedAgorot, deductedAgorot, carriedAgorot });
    }
    if (transferAgorot === 0) continue;
    lines.push({
      businessId,
      businessName,
      netAgorot: transferAgorot,
      ...payoutTips(tips.get(businessId) ?? 0),
      bankCode: payee?.bankCode ?? '',
      branch: payee?.branch ?? '',
      accountNumber: payee?.accountNumber ?? '',
      beneficiaryName: payee?.beneficiaryName ?? '',
      beneficiaryIdNumber: payee?.idNumber ?? '',
      monthNetAgorot,
      deductedAgorot,
    });
  }
  return { lines: lines.sort(byName), balances: balances.sort(byName) };
}

function byName(a: { businessName: string; businessId: string }, b: { businessName: string; businessId: string }) {
  return byHebrewName.compare(a.businessName, b.businessName) || a.businessId.localeCompare(b.businessId);
}

/**
 * `GET /api/admin/payouts/{YYYY-MM}`: the created batch as its event recorded it (a snapshot: later changes of bank
 * details, late payments or refunds do not move it; a later refund is deducted from a later batch), or, before it is
 * created, the draft from the projection. `owedNow` is every balance still owed over all batches made so far.
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
    const { lines, balances } = state.created
      ? { lines: state.created.lines, balances: state.created.balances ?? [] }
      : await draftPayout(this.database, this.businesses, month, this.store);
    const total = lines.reduce((sum, line) => sum + line.netAgorot, 0);
    const owedNow = await owedBalances(this.store, this.database.em(), null);
    const closed = new Set<string>();
    const names = new Map<string, string>();
    for (const businessId of new Set([...owedNow.keys(), ...balances.map((entry) => entry.businessId)])) {
      const business = await this.businesses.byPhone(businessId);
      if (business?.closedAt) closed.add(businessId);
      names.set(businessId, business?.businessName ?? '');
    }
    const balanceView = (entry: PayoutBalanceSnapshot): PayoutBalance => ({
      businessId: entry.businessId,
      businessName: entry.businessName,
      monthNet: agorotToDecimalString(entry.monthNetAgorot),
      owed: agorotToDecimalString(entry.owedAgorot),
      deducted: agorotToDecimalString(entry.deductedAgorot),
      carried: agorotToDecimalString(entry.carriedAgorot),
      closed: closed.has(entry.businessId),
    });
    return {
      created: state.created,
      lines,
      balances,
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
          monthNet: agorotToDecimalString(line.monthNetAgorot ?? line.netAgorot),
          deducted: agorotToDecimalString(line.deductedAgorot ?? 0),
        })),
        total: agorotToDecimalString(total),
        balances: balances.map(balanceView),
        owedNow: [...owedNow]
          .map(([businessId, owedAgorot]) =>
            balanceView({
              businessId,
              businessName: names.get(businessId) ?? '',
              monthNetAgorot: 0,
              owedAgorot,
              deductedAgorot: 0,
              carriedAgorot: owedAgorot,
            }),
          )
          .sort(byName),
      },
    };
  }
}

// The month's own net and the deduction are last (decision 025): the columns before them keep their places.
export const PAYOUTS_CSV_HEADER = [
  'מזהה עסק (טלפון)',
  'שם העסק',
  'מוטב',
  'ת"ז / ח"פ',
  'בנק',
  'סניף',
  'חשבון',
  'סכום',
  'נטו החודש',
  'קוזז על החזרים',
];

/**
 * The transfer list as a spreadsheet (UTF-8 with a BOM), then the total and the due date, then each balance carried
 * forward (a business that owes for refunds of a month already paid out).
 */
export function payoutsCsv({ batch, lines, balances }: PayoutView): string {
  const rows = lines.map((line) => [
    line.businessId,
    line.businessName,
    line.beneficiaryName,
    line.beneficiaryIdNumber,
    line.bankCode,
    line.branch,
    line.accountNumber,
    agorotToDecimalString(line.netAgorot),
    agorotToDecimalString(line.monthNetAgorot ?? line.netAgorot),
    agorotToDecimalString(line.deductedAgorot ?? 0),
  ]);
  rows.push(['סה"כ', `${lines.length} העברות`, `לתשלום ב-${batch.dueDate}`, '', '', '', '', batch.total, '', '']);
  for (const entry of balances) {
    if (entry.carriedAgorot === 0) continue;
    const carried = agorotToDecimalString(entry.carriedAgorot);
    rows.push([
      entry.businessId,
      entry.businessName,
      `יתרת חוב להעברה הבאה: ${carried}`,
      '',
      '',
      '',
      '',
      '0.00',
      agorotToDecimalString(entry.monthNetAgorot),
      agorotToDecimalString(entry.deductedAgorot),
    ]);
  }
  return spreadsheetCsv([PAYOUTS_CSV_HEADER, ...rows]);
}
