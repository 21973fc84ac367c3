import { Migration } from '@mikro-orm/migrations';

/**
 * Opening hours, the Shabbat switch and the console's pause of new orders (decision 028), from `OpeningHoursSet`,
 * `OrderingPaused` and `OrderingResumed`. Null: never set, so every business stays open at every hour as before.
 */
export class Migration20261127000600_opening_hours extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists opening_hours jsonb null;');
    this.addSql('alter table businesses add column if not exists ordering_pause jsonb null;');
  }

  override down(): void {
    this.addSql('alter table businesses drop column if exists ordering_pause;');
    this.addSql('alter table businesses drop column if exists opening_hours;');
  }
}
