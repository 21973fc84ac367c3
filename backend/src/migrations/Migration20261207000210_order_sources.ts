import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33: where each order came from, fixed at placing (`OrderPlaced.source`): the channel (`table`, `window`,
 * `link`) and a shared link's `?src=` tag. Null in older orders. `order_append` fills them from the row's JSON at insert.
 */
export class Migration20261207000210_order_sources extends Migration {
  override up(): void {
    this.addSql('alter table orders add column if not exists source_channel varchar(10) null;');
    this.addSql('alter table orders add column if not exists source_tag varchar(32) null;');
  }

  override down(): void {
    this.addSql('alter table orders drop column if exists source_tag;');
    this.addSql('alter table orders drop column if exists source_channel;');
  }
}
