import { Migration } from '@mikro-orm/migrations';

/**
 * The diner's mobile for one SMS when the order is ready (issue 18, decision 033): ordering's own table, never the
 * event log. `phone_sealed` is the number sealed with SECRETS_KEYS (`v1.<key id>...`, bound to the order); the row
 * goes when the SMS is sent or the order no longer needs it, and a sweep removes any row older than a day.
 * `business_id` keys it by the business like every tenant table.
 */
export class Migration20261128000200_ready_sms_phones extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists ready_sms_phones (
        order_id uuid primary key,
        business_id varchar(20) not null,
        phone_sealed text not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index if not exists ready_sms_phones_created_at on ready_sms_phones (created_at);');
  }

  override down(): void {
    this.addSql('drop table if exists ready_sms_phones;');
  }
}
