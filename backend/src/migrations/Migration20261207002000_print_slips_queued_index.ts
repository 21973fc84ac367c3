import { Migration } from '@mikro-orm/migrations';

/**
 * `print_slips` keeps the slips of the last two days (decision 074): the presence sweep deletes, every ten seconds,
 * the slips queued before them. An index on when a slip was queued lets it find them without reading the table; it
 * holds two days of slips, as the table does. The slips already older are left to the sweep, a bounded batch at a
 * time, so the migration only builds the index.
 */
export class Migration20261207002000_print_slips_queued_index extends Migration {
  override up(): void {
    this.addSql('create index if not exists print_slips_queued_index on print_slips (queued_at);');
  }

  override down(): void {
    this.addSql('drop index if exists print_slips_queued_index;');
  }
}
