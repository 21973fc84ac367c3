import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly commissions and payouts (issue 7):
 * - `monthly_commissions`: per business and Israel month (of the payment), the paid orders' count and sums, written
 *   only by the `monthly-commissions` projection. Exact decimals: agorot from the events become numeric(12,2).
 *   `last_position` is the newest event folded in, for tracing a row back to the log.
 * - `commission_orders`: the orders already counted, keyed by order id. The projection claims the key before it adds
 *   an order, so a second delivery of the same payment adds nothing even if the checkpoint were ever moved back.
 *   A rebuild truncates both tables and replays the log.
 * - An index on the log for the commission history (a business's `OrderPaid` events, in log order).
 * Payout batches need no table: they are the `payout-{YYYY-MM}` streams, read whole (one per month, two events).
 */
export class Migration20261121000400_commissions extends Migration {
  override up(): void {
    this.addSql(`
      create table monthly_commissions (
        business_id varchar(16) not null,
        month char(7) not null,
        total_orders integer not null default 0,
        total_amount numeric(12,2) not null default 0,
        total_commission numeric(12,2) not null default 0,
        total_net numeric(12,2) not null default 0,
        last_position bigint not null default 0,
        updated_at timestamptz not null default now(),
        primary key (business_id, month),
        constraint monthly_commissions_month_check check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        constraint monthly_commissions_amounts_check check (total_orders >= 0 and total_amount >= 0
          and total_commission >= 0 and total_net >= 0 and total_commission + total_net = total_amount)
      );
      create index monthly_commissions_month_index on monthly_commissions (month);

      create table commission_orders (
        order_id uuid primary key,
        business_id varchar(16) not null,
        month char(7) not null,
        global_position bigint not null
      );

      create index events_order_paid_business_index on events ((data->>'businessPhone'), global_position)
        where type = 'OrderPaid';
    `);
  }

  override down(): void {
    this.addSql(`
      drop index if exists events_order_paid_business_index;
      drop table if exists commission_orders, monthly_commissions cascade;
    `);
  }
}
