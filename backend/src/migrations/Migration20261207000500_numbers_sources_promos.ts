import { Migration } from '@mikro-orm/migrations';

/**
 * Where the orders came from and each promo code's effect on the numbers page (issue 33, decision 053):
 * - `numbers_orders` keeps the order's source (`source_channel` null for an order placed before sources were recorded,
 *   `source_tag` '' when none) and its promo code and discount ('' and 0 without one).
 * - `numbers_sources`: per business, Israel date, channel ('unknown' for an order without a source) and tag ('' for
 *   none), the paid orders and their sales after refunds.
 * - `numbers_promos`: per business, Israel date and code, the paid orders with it, their sales after the discount and
 *   refunds, and the discount given.
 * The projection's new columns are only right if every order is read again: the numbers tables are emptied and the
 * `numbers` processor's checkpoint goes back to the log's start, so it rebuilds them all from the events.
 */
export class Migration20261207000500_numbers_sources_promos extends Migration {
  override up(): void {
    this.addSql(`
      alter table numbers_orders
        add column if not exists source_channel text null,
        add column if not exists source_tag text not null default '',
        add column if not exists promo_code text not null default '',
        add column if not exists discount_agorot bigint not null default 0;
      create table if not exists numbers_sources (
        business_id varchar(20) not null,
        day date not null,
        channel text not null,
        tag text not null,
        orders integer not null,
        sales_agorot bigint not null,
        refunded_agorot bigint not null default 0,
        primary key (business_id, day, channel, tag)
      );
      create table if not exists numbers_promos (
        business_id varchar(20) not null,
        day date not null,
        code text not null,
        orders integer not null,
        sales_agorot bigint not null,
        discount_agorot bigint not null,
        refunded_agorot bigint not null default 0,
        primary key (business_id, day, code)
      );
      truncate numbers_orders, numbers_hours, numbers_items, numbers_refunds, numbers_sources, numbers_promos;
      update processor_checkpoints set last_transaction_id = '0', last_position = 0, updated_at = now()
       where name = 'numbers';
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists numbers_promos, numbers_sources;
      alter table numbers_orders drop column if exists source_channel, drop column if exists source_tag,
        drop column if exists promo_code, drop column if exists discount_agorot;
    `);
  }
}
