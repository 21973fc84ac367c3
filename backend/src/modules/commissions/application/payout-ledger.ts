import type { EntityManager } from '@mikro-orm/postgresql';
import type { MonthString } from '@tafrit/contracts';
import { query } from '../../../platform/database/sql.js';

/**
 * What each business owes the platform for refunds of months already paid out (decision 025), as a ledger over the
 * created payout batches: for every batch month a business took part in (a transfer or a balance), what was
 * transferred, against what that month is worth now (its net after every refund so far). Transferred more than
 * earned is owed; it is deducted from the next batches until covered. The batches are read from the log (one
 * `PayoutBatchCreated` a month), the months' nets from `monthly_commissions`; both are exact integers of agorot.
 * The other way round (a late payment of a paid-out month: earned more than transferred) is not paid here: the
 * balance never goes below zero, as before refunds existed.
 */
export async function owedBalances(em: EntityManager, exceptMonth: MonthString | null): Promise<Map<string, number>> {
  const rows = await query<{ business_id: string; owed: string }>(
    em,
    `with batches as (
       select e.data->>'month' as month, e.data from events e
        where e.type = 'PayoutBatchCreated' and (?::text is null or e.data->>'month' <> ?::text)
     ), parts as (
       select b.month, l->>'businessId' as business_id, (l->>'netAgorot')::bigint as paid
         from batches b cross join lateral jsonb_array_elements(b.data->'lines') l
       union all
       select b.month, x->>'businessId', 0
         from batches b cross join lateral jsonb_array_elements(coalesce(b.data->'balances', '[]'::jsonb)) x
     ), per_month as (
       select business_id, month, sum(paid) as paid from parts group by business_id, month
     )
     select p.business_id,
            (sum(p.paid) - coalesce(sum((m.total_net - m.total_refunds + m.refunded_commission) * 100), 0))::bigint::text
              as owed
       from per_month p
       left join monthly_commissions m on m.business_id = p.business_id and m.month = p.month
      group by p.business_id`,
    [exceptMonth, exceptMonth],
  );
  return new Map(rows.filter((row) => Number(row.owed) > 0).map((row) => [row.business_id, Number(row.owed)]));
}

/** One business's share of a batch: the month's net, less what it owed (at most the net), the rest carried. */
export function settle(monthNetAgorot: number, owedAgorot: number) {
  const deductedAgorot = Math.min(monthNetAgorot, owedAgorot);
  return {
    transferAgorot: monthNetAgorot - deductedAgorot,
    deductedAgorot,
    carriedAgorot: owedAgorot - deductedAgorot,
  };
}
