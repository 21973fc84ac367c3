import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's "accept new orders automatically" (issue 18, decision 032), from `AutoAcceptChosen`:
 * `{ enabled, readyInMinutes, since }`. Null: never chosen, off.
 */
export class Migration20261128000100_auto_accept extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists auto_accept jsonb null;');
  }

  override down(): void {
    this.addSql('alter table businesses drop column if exists auto_accept;');
  }
}
