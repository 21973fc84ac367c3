import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes fitted to what reads them (issue 14).
 *
 * Two sweeps that read whole tables ("the HTTP thread only serves; sweepers do not stall"):
 * - the live journal's pruning (`delete from live_events where created_at < ...`, every 10 s) scanned two days of
 *   pushed order events each time: 85 ms of the database for 200,000 rows, growing with the platform's orders;
 * - the refund recovery (every minute and at each start) looked for requested refunds in every order's state: 0.8 s
 *   for 115,000 orders. A partial index holds only the orders with a refund in flight (almost none), so it costs an
 *   order without one a containment test and no index entry.
 *
 * The log's index by business (`events_business_position_index`, every event) is read only by one business's refund
 * events (the commission history): a partial index on those two types answers that read, and the five events of every
 * paid order no longer each add an entry computed from their data.
 */
export class Migration20261130000100_sweep_indexes extends Migration {
  override up(): void {
    this.addSql(`
      create index if not exists live_events_created_index on live_events (created_at);
      create index if not exists orders_refund_requested_index on orders (id)
        where state->'refunds' @> '[{"status":"requested"}]'::jsonb;
      create index if not exists events_refund_business_index on events ((data->>'businessPhone'), global_position)
        where type in ('RefundRequested', 'OrderRefunded');
      drop index if exists events_business_position_index;
    `);
  }

  override down(): void {
    this.addSql(`
      create index if not exists events_business_position_index on events ((data->>'businessPhone'), global_position);
      drop index if exists events_refund_business_index;
      drop index if exists live_events_created_index;
      drop index if exists orders_refund_requested_index;
    `);
  }
}
