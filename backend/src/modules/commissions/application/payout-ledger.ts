import type { EntityManager } from '@mikro-orm/postgresql';
import type { MonthString } from '@tafrit/contracts';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/database/sql.js';

interface BatchData {
  month: string;
  lines: { businessId: string; netAgorot: number }[];
  balances?: { businessId: string }[];
}

/**
 * What each business owes the platform for refunds of months already paid out (decision 025), as a ledger over the
 * created payout batches: for every batch month a business took part in (a transfer or a balance), what was
 * transferred, against what that month is worth now (its net after every refund so far). Transferred more than
 * earned is owed; it is deducted from the next batches until covered. The batches are read from the log through the
 * event store (one `PayoutBatchCreated` a month), the months' nets from `monthly_commissions`; both are exact
 * integers of agorot. The other way round (a late payment of a paid-out month: earned more than transferred) is not
 * paid here: the balance never goes below zero, as before refunds existed.
 */
export async function owedBalances(
  store: EventStore,
  em: EntityManager,
  exceptMonth: MonthString | null,
): Promise<Map<string, number>> {
  // What each business was paid per batch month: its lines' nets, and a zero for each balance it carried.
  const paid = new Map<string, Map<string, number>>();
  const add = (businessId: string, month: string, agorot: number) => {
    const months = paid.get(businessId) ?? new Map<string, number>();
    months.set(month, (months.get(month) ?? 0) + agorot);
    paid.set(businessId, months);
  };
  for (const event of await store.readSelected({ types: ['PayoutBatchCreated'] })) {
    const data = event.data as BatchData;
    if (exceptMonth !== null && data.month === exceptMonth) continue;
    for (const line of data.lines) add(line.businessId, data.month, Number(line.netAgorot));
    for (const balance of data.balances ?? []) add(balance.businessId, data.month, 0);
  }
  if (paid.size === 0) return new Map();
  const worth = await monthsWorth(em, [...paid.keys()]);
  const owed = new Map<string, number>();
  for (const [businessId, months] of paid) {
    let balance = 0;
    for (const [month, agorot] of months) balance += agorot - (worth.get(`${businessId} ${month}`) ?? 0);
    if (balance > 0) owed.set(businessId, balance);
  }
  return owed;
}

/** Each month's net after its refunds, in agorot, by `business month`, for the given businesses. */
async function monthsWorth(em: EntityManager, businessIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await query<{ business_id: string; month: string; worth: string }>(
    em,
    `select business_id, month, ((total_net - total_refunds + refunded_commission) * 100)::bigint::text as worth
       from monthly_commissions where business_id in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(businessIds)],
  );
  return new Map(rows.map((row) => [`${row.business_id} ${row.month}`, Number(row.worth)]));
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
