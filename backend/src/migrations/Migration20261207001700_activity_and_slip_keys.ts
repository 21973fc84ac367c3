import { Migration } from '@mikro-orm/migrations';

/**
 * Two indexes a year of paid orders filled without a query that needs them (decision 069):
 * - `activity_log`: one key, (business_id, position), where there were two, the primary key (position) and the page's
 *   index (business_id, position desc). Every read names the business and walks its acts newest first, which the key
 *   does backwards; a redelivered act is still refused by it (a position is the log's, so it belongs to one business).
 *   Three acts of every paid order, each one entry fewer.
 * - `print_slips`: the index by order id. Slips are found by their id, the business's pending ones by the partial
 *   index; none by its order.
 */
export class Migration20261207001700_activity_and_slip_keys extends Migration {
  override up(): void {
    this.addSql(`
      alter table activity_log drop constraint if exists activity_log_pkey;
      alter table activity_log add constraint activity_log_pkey primary key (business_id, position);
      drop index if exists activity_log_business_idx;
      drop index if exists print_slips_order_index;
    `);
  }

  override down(): void {
    this.addSql(`
      create index if not exists print_slips_order_index on print_slips (order_id);
      create index if not exists activity_log_business_idx on activity_log (business_id, position desc);
      alter table activity_log drop constraint if exists activity_log_pkey;
      alter table activity_log add constraint activity_log_pkey primary key (position);
    `);
  }
}
