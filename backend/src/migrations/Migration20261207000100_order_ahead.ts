import { Migration } from '@mikro-orm/migrations';

/**
 * Order ahead (issue 33, decision 050): the owner's settings from `OrderAheadChosen` (null: never chosen, off); the
 * order's pickup time and the moment its preparation starts (null: as soon as possible), with an index for the due
 * sweep; and ordering's `pickup_slots`, one row per business and slot taken, whose conditional update in
 * `order_append` is the slot's capacity (decision 050).
 */
export class Migration20261207000100_order_ahead extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists order_ahead jsonb null;');
    this.addSql('alter table orders add column if not exists pickup_at timestamptz null;');
    this.addSql('alter table orders add column if not exists due_at timestamptz null;');
    this.addSql('create index if not exists orders_due_at_index on orders (due_at) where due_at is not null;');
    this.addSql(`create table if not exists pickup_slots (
      business_id varchar(16) not null,
      pickup_at timestamptz not null,
      capacity integer not null,
      taken integer not null default 0,
      primary key (business_id, pickup_at),
      constraint pickup_slots_taken_check check (taken >= 0)
    );`);
  }

  override down(): void {
    this.addSql('drop table if exists pickup_slots;');
    this.addSql('drop index if exists orders_due_at_index;');
    this.addSql('alter table orders drop column if exists due_at;');
    this.addSql('alter table orders drop column if exists pickup_at;');
    this.addSql('alter table businesses drop column if exists order_ahead;');
  }
}
