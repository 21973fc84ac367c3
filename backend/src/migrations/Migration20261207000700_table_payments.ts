import { Migration } from '@mikro-orm/migrations';

/**
 * A shared table's payments (issue 34, part 2), the tables module's read model of the order log's parts:
 * `table_payments`, one row per payer's part (`PartPageOpened`, then `PartPaid` / `PartFailed`, or `replaced` by the
 * same payer's next page), written by the `table-payments` processor in the transaction that moves its checkpoint.
 * `position` is the global position of the last event applied to the row: an event at or before it changes nothing;
 * `changes` counts the events applied to it (the table's state grows its version with them).
 */
export class Migration20261207000700_table_payments extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists table_payments (
        part_id varchar(64) primary key,
        order_id uuid not null,
        business_id varchar(20) not null,
        payer jsonb null,
        items_agorot integer not null,
        tip_agorot integer not null,
        amount_agorot integer not null,
        status varchar(10) not null
          constraint table_payments_status_check check (status in ('pending', 'paid', 'failed', 'replaced')),
        opened_at timestamptz not null,
        paid_at timestamptz null,
        changes integer not null,
        position bigint not null
      );
    `);
    this.addSql('create index if not exists table_payments_order on table_payments (order_id);');
  }

  override down(): void {
    this.addSql('drop table if exists table_payments;');
  }
}
