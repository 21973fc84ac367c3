import type { EntityManager } from '@mikro-orm/postgresql';
import { agorotToDecimalString, israelMonthOf, type OrderEventData } from '@tafrit/contracts';
import { execute, query } from '../../../platform/event-store/postgres/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';

export const MONTHLY_COMMISSIONS_PROCESSOR = 'monthly-commissions';

/**
 * `monthly_commissions`: per business and Israel month of the payment, the paid orders' count and sums. A
 * `projection` processor, so the row and the checkpoint commit together. Each order is also claimed by its id in
 * `commission_orders` first: should the same payment ever be delivered twice (a checkpoint moved back by hand, a
 * partial rebuild), the claim fails and nothing is added twice. Sums are added as numeric, never as floats.
 */
export function monthlyCommissionsProjection(): Processor {
  return {
    name: MONTHLY_COMMISSIONS_PROCESSOR,
    handles: ['OrderPaid'],
    mode: 'projection',
    async handle(event, { em }) {
      const paid = event.data as OrderEventData['OrderPaid'];
      await addPaidOrder(em, paid, event.globalPosition);
    },
  };
}

export async function addPaidOrder(
  em: EntityManager,
  paid: OrderEventData['OrderPaid'],
  globalPosition: string,
): Promise<boolean> {
  const month = israelMonthOf(paid.paidAt);
  const claimed = await query<{ order_id: string }>(
    em,
    `insert into commission_orders (order_id, business_id, month, global_position) values (?, ?, ?, ?::bigint)
       on conflict (order_id) do nothing
     returning order_id`,
    [paid.orderId, paid.businessPhone, month, globalPosition],
  );
  if (claimed.length === 0) return false;
  await execute(
    em,
    `insert into monthly_commissions as m
       (business_id, month, total_orders, total_amount, total_commission, total_net, last_position, updated_at)
       values (?, ?, 1, ?::numeric, ?::numeric, ?::numeric, ?::bigint, now())
     on conflict (business_id, month) do update set
       total_orders = m.total_orders + 1,
       total_amount = m.total_amount + excluded.total_amount,
       total_commission = m.total_commission + excluded.total_commission,
       total_net = m.total_net + excluded.total_net,
       last_position = greatest(m.last_position, excluded.last_position),
       updated_at = now()`,
    [
      paid.businessPhone,
      month,
      agorotToDecimalString(paid.amountAgorot),
      agorotToDecimalString(paid.commissionAgorot),
      agorotToDecimalString(paid.netAgorot),
      globalPosition,
    ],
  );
  return true;
}
