import { Migration } from '@mikro-orm/migrations';

/**
 * The languages a business offers its diners besides Hebrew (decision 023), from `DinerLanguagesChosen`. Null: the
 * owner never chose, and every language is offered.
 */
export class Migration20261126000000_diner_languages extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists diner_languages jsonb null;');
  }

  override down(): void {
    this.addSql('alter table businesses drop column if exists diner_languages;');
  }
}
