import type { EntityManager } from '@mikro-orm/postgresql';
import { agorotToDecimalString, israelMonthOf, type OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { boundQuery, execute } from '../../../platform/database/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';

export const MONTHLY_COMMISSIONS_PROCESSOR = 'monthly-commissions';

/**
 * `monthly_commissions`: per business and Israel month of the payment, the paid orders' count and sums. A
 * `projection` processor, so the rows and the checkpoint commit together. Each order is also claimed by its id in
 * `commission_orders` first: should the same payment ever be delivered twice (a checkpoint moved back by hand, a
 * partial rebuild), the claim fails and nothing is added twice. Sums are added as numeric, never as floats. A batch
 * of payments is one statement (decision 015).
 */
export function monthlyCommissionsProjection(): Processor {
  const project = async (events: readonly RecordedEvent[], { em }: { em: EntityManager }) => {
    // Payments first, as one statement: a refund only ever follows its order's payment in the log, and a payment
    // never depends on a refund, so this order gives what one event at a time would.
    await addPaidOrders(
      em,
      events
        .filter((event) => event.type === 'OrderPaid')
        .map((event) => ({ paid: event.data as OrderEventData['OrderPaid'], globalPosition: event.globalPosition })),
    );
    for (const event of events) {
      if (event.type === 'RefundRequested') await addRefundRequest(em, event);
      else if (event.type === 'OrderRefunded') await addRefund(em, event);
    }
  };
  return {
    name: MONTHLY_COMMISSIONS_PROCESSOR,
    handles: ['OrderPaid', 'RefundRequested', 'OrderRefunded'],
    mode: 'projection',
    gatherMs: 50,
    // Nobody waits for a commission row: at a busy moment a few deliveries a second.
    spacingMs: 250,
    handle: (event, ctx) => project([event], ctx),
    handleBatch: project,
  };
}

/** Adds the payments not counted yet; answers how many were added. */
export async function addPaidOrders(
  em: EntityManager,
  payments: readonly { paid: OrderEventData['OrderPaid']; globalPosition: string }[],
): Promise<number> {
  if (payments.length === 0) return 0;
  const rows = payments.map(({ paid, globalPosition }) => ({
    order_id: paid.orderId,
    business_id: paid.businessPhone,
    month: israelMonthOf(paid.paidAt),
    global_position: globalPosition,
    amount: agorotToDecimalString(paid.amountAgorot),
    commission: agorotToDecimalString(paid.commissionAgorot),
    net: agorotToDecimalString(paid.netAgorot),
    tips: agorotToDecimalString(paid.tipAgorot ?? 0),
  }));
  const [result] = await boundQuery<{ added: number }>(
    em,
    `with payment as (
       select * from jsonb_to_recordset($1::jsonb) as x(order_id uuid, business_id text, month text,
         global_position bigint, amount numeric, commission numeric, net numeric, tips numeric)
     ), claimed as (
       insert into commission_orders (order_id, business_id, month, global_position)
         select distinct on (order_id) order_id, business_id, month, global_position from payment
           order by order_id, global_position
       on conflict (order_id) do nothing
       returning order_id
     ), added as (
       insert into monthly_commissions as m
         (business_id, month, total_orders, total_amount, total_commission, total_net, total_tips, last_position,
          updated_at)
         select p.business_id, p.month, count(*), sum(p.amount), sum(p.commission), sum(p.net), sum(p.tips),
                max(p.global_position), now()
           from payment p join claimed c on c.order_id = p.order_id
          group by p.business_id, p.month
       on conflict (business_id, month) do update set
         total_orders = m.total_orders + excluded.total_orders,
         total_amount = m.total_amount + excluded.total_amount,
         total_commission = m.total_commission + excluded.total_commission,
         total_net = m.total_net + excluded.total_net,
         total_tips = m.total_tips + excluded.total_tips,
         last_position = greatest(m.last_position, excluded.last_position),
         updated_at = now()
       returning 1
     )
     select (select count(*) from claimed)::int as added`,
    [JSON.stringify(rows)],
  );
  return Number(result?.added ?? 0);
}

/**
 * A refund is counted with the month its order was paid in (decision 025, as the owner's report does): the request
 * records that month, from the order's claim, and the commission the refund returns; nothing moves yet, a request
 * may still be refused.
 */
async function addRefundRequest(em: EntityManager, event: RecordedEvent): Promise<void> {
  const requested = event.data as OrderEventData['RefundRequested'];
  await execute(
    em,
    `insert into commission_refunds (refund_id, order_id, business_id, month, amount, commission, requested_position)
       select ?, o.order_id, o.business_id, o.month, ?, ?, ? from commission_orders o where o.order_id = ?
     on conflict (refund_id) do nothing`,
    [
      requested.refundId,
      agorotToDecimalString(requested.amountAgorot),
      agorotToDecimalString(requested.commissionAgorot),
      event.globalPosition,
      requested.orderId,
    ],
  );
}

/** The provider returned the money: the month's row takes the refund and its commission back, once. */
async function addRefund(em: EntityManager, event: RecordedEvent): Promise<void> {
  const refunded = event.data as OrderEventData['OrderRefunded'];
  await execute(
    em,
    `with done as (
       update commission_refunds set refunded_position = ?
        where refund_id = ? and refunded_position is null
        returning business_id, month, amount, commission
     )
     update monthly_commissions m set
       total_refunds = m.total_refunds + d.amount,
       refunded_commission = m.refunded_commission + d.commission,
       last_position = greatest(m.last_position, ?),
       updated_at = now()
       from done d where m.business_id = d.business_id and m.month = d.month`,
    [event.globalPosition, refunded.refundId, event.globalPosition],
  );
}
