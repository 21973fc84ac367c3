import { Migration } from '@mikro-orm/migrations';

/**
 * A new owner's first run (issue 18, decision 034). `orders.is_test` marks the owner's test orders (never charged:
 * their `payment_status` is 'test'); the partial index serves the day's cap and the checklist, which ask only about
 * test orders. `order_append` inserts the row whole (`insert into orders select v_row.*`) and a test order's flag never
 * changes, so the function needs no change. `setup_progress` keeps what the owner's browser tells of the checklist
 * (the QR page downloaded, printing through the browser turned on) and the card closed; plain state of the onboarding
 * module, one row per business.
 */
export class Migration20261128000300_first_run extends Migration {
  override up(): void {
    this.addSql('alter table orders add column if not exists is_test boolean not null default false;');
    this.addSql(
      'create index if not exists orders_business_test_index on orders (business_id, created_at) where is_test;',
    );
    this.addSql(`
      create table if not exists setup_progress (
        business_id varchar(16) primary key references businesses (phone) on delete cascade,
        qr_printed_at timestamptz null,
        browser_printing_at timestamptz null,
        dismissed_at timestamptz null,
        updated_at timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists setup_progress;');
    this.addSql('drop index if exists orders_business_test_index;');
    this.addSql('alter table orders drop column if exists is_test;');
  }
}
