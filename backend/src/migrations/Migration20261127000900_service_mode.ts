import { Migration } from '@mikro-orm/migrations';

/** How a business serves a ready order (issue 18), from `ServiceModeChosen`. Null: never chosen, table service. */
export class Migration20261127000900_service_mode extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists service_mode varchar(10) null;');
  }

  override down(): void {
    this.addSql('alter table businesses drop column if exists service_mode;');
  }
}
