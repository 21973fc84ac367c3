import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's numbers page (issue 33, decision 053), owned by the reports module and written only by its `numbers`
 * projection, from the order events:
 * - `numbers_orders`: one row per diner's order from `OrderPlaced` (test orders never), with what the aggregates need
 *   of it (its lines, table or pickup) and, once paid, the Israel date and hour it counts under and its sums.
 * - `numbers_hours`: per business, Israel date and hour, the paid orders and their sales after refunds, and how many
 *   were served at a table. A year's range reads at most 365 × 24 rows.
 * - `numbers_items`: per business, Israel date, product and option ('' for the product itself), the units sold and
 *   their sales. A year's range reads 365 × (products and options) rows at most.
 * - `numbers_refunds`: each requested refund, until the provider returns the money (then it is subtracted, once).
 */
export class Migration20261207000400_numbers extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists numbers_orders (
        order_id uuid primary key,
        business_id varchar(20) not null,
        lines jsonb not null,
        at_table boolean not null,
        day date null,
        hour smallint null,
        sales_agorot bigint not null default 0,
        paid_agorot bigint not null default 0,
        refunded_agorot bigint not null default 0,
        placed_position bigint not null,
        paid_position bigint null
      );
      create table if not exists numbers_hours (
        business_id varchar(20) not null,
        day date not null,
        hour smallint not null,
        orders integer not null,
        table_orders integer not null,
        sales_agorot bigint not null,
        table_sales_agorot bigint not null,
        refunded_agorot bigint not null default 0,
        primary key (business_id, day, hour)
      );
      create table if not exists numbers_items (
        business_id varchar(20) not null,
        day date not null,
        product_id integer not null,
        option_id text not null,
        name text not null,
        group_name text not null,
        product_name text not null,
        quantity integer not null,
        sales_agorot bigint not null,
        primary key (business_id, day, product_id, option_id)
      );
      create table if not exists numbers_refunds (
        refund_id uuid primary key,
        order_id uuid not null,
        amount_agorot bigint not null,
        lines jsonb null,
        requested_position bigint not null,
        refunded_position bigint null
      );
    `);
  }

  override down(): void {
    this.addSql('drop table if exists numbers_refunds, numbers_items, numbers_hours, numbers_orders;');
  }
}
