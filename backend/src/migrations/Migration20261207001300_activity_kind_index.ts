import { Migration } from '@mikro-orm/migrations';

/**
 * The activity page's index by kind holds only the acts that are not the kitchen's steps (decision 064). Three acts
 * of every paid order (accepted, ready, served) are of the kind `orders`: almost every row of a year, each an entry
 * in four indexes. The page by kind `orders` is read along the business's own index (nearly every row it passes is
 * one), so the index by kind is needed only for the rare kinds (refunds, menu, settings, team, printing), which it
 * finds without passing a year of orders. The page's query is unchanged: its kind is a value the planner sees.
 */
export class Migration20261207001300_activity_kind_index extends Migration {
  override up(): void {
    this.addSql(`
      drop index if exists activity_log_business_kind_idx;
      create index if not exists activity_log_business_kind_idx on activity_log (business_id, kind, position desc)
        where kind <> 'orders';
    `);
  }

  override down(): void {
    this.addSql(`
      drop index if exists activity_log_business_kind_idx;
      create index if not exists activity_log_business_kind_idx on activity_log (business_id, kind, position desc);
    `);
  }
}
