import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  type CommissionHistory,
  type CommissionHistoryLine,
  israelMonthRange,
  type MonthString,
  payoutStreamId,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/database/sql.js';
import { BusinessReader } from '../../accounts/index.js';
import { foldPayout } from '../domain/payout.decider.js';

/** One business's refund events of the given orders, by the log's partial index on refunds (migration 20261130000100). */
export const REFUND_EVENTS_SQL = `select e.global_position::text as global_position, e.stream_id, e.type, e.data->>'orderId' as order_id,
        coalesce(e.data->>'refundedAt', e.data->>'requestedAt') as at,
        (e.data->>'amountAgorot')::bigint as amount, (r.data->>'commissionAgorot')::bigint as commission
   from events e
   join events r on r.stream_id = e.stream_id and r.type = 'RefundRequested'
                and r.data->>'refundId' = e.data->>'refundId'
  where e.type in ('RefundRequested', 'OrderRefunded') and e.data->>'businessPhone' = ?
    and e.data->>'orderId' in (select jsonb_array_elements_text(?::jsonb))
  order by e.global_position`;

export class GetCommissionHistoryQuery {
  constructor(
    readonly month: MonthString,
    readonly businessPhone: string,
  ) {}
}

interface RefundEventRow {
  global_position: string;
  stream_id: string;
  type: 'RefundRequested' | 'OrderRefunded';
  at: string;
  order_id: string;
  amount: number | string;
  commission: number | string;
}

interface PaidRow {
  global_position: string;
  stream_id: string;
  paid_at: string;
  order_id: string;
  order_number: number | null;
  amount: number | string;
  commission: number | string;
  net: number | string;
}

/**
 * `GET /api/admin/commissions/{YYYY-MM}/{phone}/history`: the facts behind one business's commission of a month,
 * read from the event log itself (not from the projection), so a disputed figure can be checked line by line: every
 * `OrderPaid` of the business whose payment falls in the Israel month, with its order number from the order's own
 * `OrderPlaced`; each refund of those orders (decision 025): its request (nothing moves yet, its amount is held) and
 * the provider's refund, which takes its amount and the commission it returns back from the month; the month's payout
 * events that name the business; all in the order they happened. The totals are in integer agorot; the projection
 * (and the owner's report) must show the same.
 */
@QueryHandler(GetCommissionHistoryQuery)
export class GetCommissionHistoryHandler implements IQueryHandler<GetCommissionHistoryQuery, CommissionHistory> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ month, businessPhone }: GetCommissionHistoryQuery): Promise<CommissionHistory> {
    const { start, end } = israelMonthRange(month);
    const em = this.database.em();
    const rows = await query<PaidRow>(
      em,
      `select e.global_position::text as global_position, e.stream_id,
              e.data->>'paidAt' as paid_at, e.data->>'orderId' as order_id,
              (p.data->>'orderNumber')::int as order_number,
              (e.data->>'amountAgorot')::bigint as amount, (e.data->>'commissionAgorot')::bigint as commission,
              (e.data->>'netAgorot')::bigint as net
         from events e
         left join events p on p.stream_id = e.stream_id and p.type = 'OrderPlaced'
        where e.type = 'OrderPaid' and e.data->>'businessPhone' = ?
          and (e.data->>'paidAt')::timestamptz >= ? and (e.data->>'paidAt')::timestamptz < ?
        order by e.global_position`,
      [businessPhone, start, end],
    );
    const totals = { orders: 0, amount: 0, refunds: 0, commission: 0, net: 0 };
    const lines: CommissionHistoryLine[] = rows.map((row) => {
      const [amount, commission, net] = [Number(row.amount), Number(row.commission), Number(row.net)];
      totals.orders += 1;
      totals.amount += amount;
      totals.commission += commission;
      totals.net += net;
      return {
        kind: 'order_paid',
        eventPosition: row.global_position,
        streamId: row.stream_id,
        at: new Date(row.paid_at).toISOString(),
        orderId: row.order_id,
        orderNumber: row.order_number === null ? null : Number(row.order_number),
        amount: agorotToDecimalString(amount),
        commission: agorotToDecimalString(commission),
        net: agorotToDecimalString(net),
      };
    });

    await this.addRefunds(em, businessPhone, lines, totals);

    const payout = await this.store.readStream(payoutStreamId(month));
    const line = foldPayout(payout.events).created?.lines.find((entry) => entry.businessId === businessPhone);
    if (line) {
      for (const event of payout.events) {
        const data = event.data as { at: string };
        lines.push({
          kind: event.type === 'PayoutBatchCreated' ? 'payout_created' : 'payout_transferred',
          eventPosition: event.globalPosition,
          streamId: event.streamId,
          at: new Date(data.at).toISOString(),
          orderId: null,
          orderNumber: null,
          amount: '0.00',
          commission: '0.00',
          net: agorotToDecimalString(line.netAgorot),
        });
      }
    }

    // In the order things happened, as a person reads a trail (issue 29): the payments, the refunds and the payout were
    // read apart, and the log's order is the order of recording (a late webhook records an early payment last). Equal
    // times keep the log's order (a refund's request before its refund).
    lines.sort((a, b) => a.at.localeCompare(b.at) || Number(BigInt(a.eventPosition) - BigInt(b.eventPosition)));
    const business = await this.businesses.byPhone(businessPhone, em);
    return {
      month,
      businessId: businessPhone,
      businessName: business?.businessName ?? '',
      lines,
      totals: {
        totalOrders: totals.orders,
        totalAmount: agorotToDecimalString(totals.amount),
        totalRefunds: agorotToDecimalString(totals.refunds),
        totalCommission: agorotToDecimalString(totals.commission),
        totalNet: agorotToDecimalString(totals.net),
      },
    };
  }

  /** The refunds of the month's paid orders, read from the log, in log order after the payments. */
  private async addRefunds(
    em: ReturnType<Database['em']>,
    businessPhone: string,
    lines: CommissionHistoryLine[],
    totals: { refunds: number; commission: number; net: number },
  ): Promise<void> {
    const numbers = new Map(lines.map((line) => [line.orderId, line.orderNumber]));
    if (numbers.size === 0) return;
    const rows = await query<RefundEventRow>(em, REFUND_EVENTS_SQL, [
      businessPhone,
      JSON.stringify([...numbers.keys()]),
    ]);
    for (const row of rows) {
      const refunded = row.type === 'OrderRefunded';
      // A request only holds its amount; the refund itself takes the money and its commission back.
      const [amount, commission] = refunded ? [Number(row.amount), Number(row.commission)] : [0, 0];
      totals.refunds += amount;
      totals.commission -= commission;
      totals.net -= amount - commission;
      lines.push({
        kind: refunded ? 'order_refunded' : 'refund_requested',
        eventPosition: row.global_position,
        streamId: row.stream_id,
        at: new Date(row.at).toISOString(),
        orderId: row.order_id,
        orderNumber: numbers.get(row.order_id) ?? null,
        amount: agorotToDecimalString(refunded ? -amount : Number(row.amount)),
        commission: agorotToDecimalString(-commission),
        net: agorotToDecimalString(-(amount - commission)),
      });
    }
  }
}
