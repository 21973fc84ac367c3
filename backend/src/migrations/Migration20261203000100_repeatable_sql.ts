import { Migration } from '@mikro-orm/migrations';

/**
 * The checksums of the modules' repeatable SQL (decision 039): a module keeps a function's whole text in one file
 * (`order_append`: modules/ordering/persistence/order-append.sql) and the start-up step of platform/database
 * (repeatable-sql.ts) applies it after the migrations whenever its checksum differs from the one recorded here.
 */
export class Migration20261203000100_repeatable_sql extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists repeatable_sql (
        name varchar(100) primary key,
        checksum char(64) not null,
        applied_at timestamptz not null default now()
      );
    `);
  }

  override down(): void {
    this.addSql('drop table if exists repeatable_sql;');
  }
}
