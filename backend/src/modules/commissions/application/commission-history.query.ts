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
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { BusinessReader } from '../../accounts/index.js';
import { foldPayout } from '../domain/payout.decider.js';

/** One business's refund events, read by the log's partial index on refunds (migration 20261130000100). */
export const refundEventsOf = (businessPhone: string) => ({
  types: ['RefundRequested', 'OrderRefunded'],
  dataEquals: { businessPhone },
});

export class GetCommissionHistoryQuery {
  constructor(
    readonly month: MonthString,
    readonly businessPhone: string,
  ) {}
}

interface PaidData {
  orderId: string;
  paidAt: string;
  amountAgorot: number;
  commissionAgorot: number;
  netAgorot: number;
}

interface RefundData {
  orderId: string;
  refundId: string;
  amountAgorot: number;
  commissionAgorot: number;
  requestedAt?: string;
  refundedAt?: string;
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
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ month, businessPhone }: GetCommissionHistoryQuery): Promise<CommissionHistory> {
    const { start, end } = israelMonthRange(month);
    const paid = await this.store.readSelected({
      types: ['OrderPaid'],
      dataEquals: { businessPhone },
      dataTimeBetween: { field: 'paidAt', from: start.toISOString(), to: end.toISOString() },
    });
    const numbers = await this.orderNumbersOf(paid);
    const totals = { orders: 0, amount: 0, refunds: 0, commission: 0, net: 0 };
    const lines: CommissionHistoryLine[] = paid.map((event) => {
      const data = event.data as PaidData;
      const [amount, commission, net] = [
        Number(data.amountAgorot),
        Number(data.commissionAgorot),
        Number(data.netAgorot),
      ];
      totals.orders += 1;
      totals.amount += amount;
      totals.commission += commission;
      totals.net += net;
      return {
        kind: 'order_paid',
        eventPosition: event.globalPosition,
        streamId: event.streamId,
        at: new Date(data.paidAt).toISOString(),
        orderId: data.orderId,
        orderNumber: numbers.get(event.streamId) ?? null,
        amount: agorotToDecimalString(amount),
        commission: agorotToDecimalString(commission),
        net: agorotToDecimalString(net),
      };
    });

    await this.addRefunds(businessPhone, lines, totals);

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
    const business = await this.businesses.byPhone(businessPhone);
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

  /** The order number of each paid order's stream, from its `OrderPlaced` (none for an order placed otherwise). */
  private async orderNumbersOf(paid: readonly RecordedEvent[]): Promise<Map<string, number>> {
    if (paid.length === 0) return new Map();
    const placed = await this.store.readSelected({
      types: ['OrderPlaced'],
      streamIds: [...new Set(paid.map((event) => event.streamId))],
    });
    const numbers = new Map<string, number>();
    for (const event of placed) {
      const { orderNumber } = event.data as { orderNumber?: number | null };
      if (orderNumber !== undefined && orderNumber !== null) numbers.set(event.streamId, Number(orderNumber));
    }
    return numbers;
  }

  /** The refunds of the month's paid orders, read from the log, in log order after the payments. */
  private async addRefunds(
    businessPhone: string,
    lines: CommissionHistoryLine[],
    totals: { refunds: number; commission: number; net: number },
  ): Promise<void> {
    const numbers = new Map(lines.map((line) => [line.orderId, line.orderNumber]));
    if (numbers.size === 0) return;
    const events = await this.store.readSelected(refundEventsOf(businessPhone));
    // Each refund event with the commission its request returns (the request's own, in the same order's stream).
    const requests = events.filter((event) => event.type === 'RefundRequested');
    for (const event of events) {
      const data = event.data as RefundData;
      if (!numbers.has(data.orderId)) continue;
      for (const request of requests) {
        const requested = request.data as RefundData;
        if (request.streamId !== event.streamId || requested.refundId !== data.refundId) continue;
        const refunded = event.type === 'OrderRefunded';
        // A request only holds its amount; the refund itself takes the money and its commission back.
        const [amount, commission] = refunded
          ? [Number(data.amountAgorot), Number(requested.commissionAgorot)]
          : [0, 0];
        totals.refunds += amount;
        totals.commission -= commission;
        totals.net -= amount - commission;
        lines.push({
          kind: refunded ? 'order_refunded' : 'refund_requested',
          eventPosition: event.globalPosition,
          streamId: event.streamId,
          at: new Date(data.refundedAt ?? data.requestedAt ?? '').toISOString(),
          orderId: data.orderId,
          orderNumber: numbers.get(data.orderId) ?? null,
          amount: agorotToDecimalString(refunded ? -amount : Number(data.amountAgorot)),
          commission: agorotToDecimalString(-commission),
          net: agorotToDecimalString(-(amount - commission)),
        });
      }
    }
  }
}
