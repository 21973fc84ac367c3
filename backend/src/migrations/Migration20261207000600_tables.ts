import { Migration } from '@mikro-orm/migrations';

/**
 * The shared table (issue 34, decision 055), the tables module's read models:
 * - `business_tables`: one row per business, from its `tables-{phone}` stream (shared on or off, the numbers, the
 *   idle and unpaid times, the keys' generation).
 * - `table_carts`: one row per shared cart, from its `tablecart-{cartId}` stream, written in the append's own
 *   transaction. The partial unique index keeps one cart that is not closed per table: two diners opening a table's
 *   first cart at once, one append wins and the other reads the winner's cart.
 */
export class Migration20261207000600_tables extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists business_tables (
        business_id varchar(20) primary key,
        shared boolean not null,
        numbers integer[] not null,
        idle_minutes integer not null,
        unpaid_share_minutes integer not null,
        generation integer not null default 0,
        keys_renewed_at timestamptz null,
        updated_at timestamptz not null,
        stream_version integer not null
      );
    `);
    this.addSql(`
      create table if not exists table_carts (
        cart_id uuid primary key,
        business_id varchar(20) not null,
        department_id varchar(64) not null,
        table_number integer not null,
        status varchar(10) not null constraint table_carts_status_check check (status in ('open', 'paying', 'closed')),
        lines jsonb not null default '[]'::jsonb,
        notes text null,
        diners jsonb not null default '[]'::jsonb,
        total_agorot integer not null default 0,
        order_id uuid null,
        order_number integer null,
        version integer not null,
        updated_at timestamptz not null,
        closed_at timestamptz null
      );
    `);
    this.addSql(`create unique index if not exists table_carts_one_live_per_table
      on table_carts (business_id, table_number) where status <> 'closed';`);
    this.addSql(`create index if not exists table_carts_open_idle
      on table_carts (updated_at) where status = 'open';`);
    this.addSql(`create index if not exists table_carts_paying_order
      on table_carts (order_id) where status = 'paying';`);
  }

  override down(): void {
    this.addSql('drop table if exists table_carts;');
    this.addSql('drop table if exists business_tables;');
  }
}
