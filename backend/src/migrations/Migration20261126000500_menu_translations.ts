import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's translations of their menu text (decision 023), the read model of the stream `menu-translations-{phone}`:
 * one row per item and language with a text. The item is named by its kind and id (a number or a UUID as text) with
 * no foreign key: the kinds live in three tables, and a deleted item's row is never read (the public menu joins the
 * live items).
 */
export class Migration20261126000500_menu_translations extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists menu_translations (
        business_id varchar(16) not null,
        kind varchar(16) not null,
        item_id varchar(36) not null,
        language varchar(2) not null,
        name text null,
        description text null,
        stream_version integer not null,
        primary key (business_id, kind, item_id, language)
      );
    `);
  }

  override down(): void {
    this.addSql('drop table if exists menu_translations;');
  }
}
