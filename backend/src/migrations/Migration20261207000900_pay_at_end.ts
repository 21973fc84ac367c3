import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34, part 3, pay at the end (decision 058). The café's setting beside its tables (off by default), and
 * `tab_holds`: ordering's store of a table tab's card hold. Its `sealed_token` is the card's stand-in, sealed as a
 * terminal's password is (decision 026, AES-256-GCM with the hold as associated data) and cleared once the tab ends;
 * it is never in an event, a read model or an answer. One row per tab (the table's cart), found by its page. A shared
 * cart's `tab` is what the phones show of it (who holds, the card's last digits, the rounds).
 */
export class Migration20261207000900_pay_at_end extends Migration {
  override up(): void {
    this.addSql(`alter table business_tables
      add column if not exists pay_at_end boolean not null default false,
      add column if not exists hold_shekels integer not null default 300,
      add column if not exists tab_idle_minutes integer not null default 180;`);
    this.addSql('alter table table_carts add column if not exists tab jsonb null;');
    this.addSql(`create table if not exists tab_holds (
      cart_id text primary key,
      business_id text not null,
      table_number integer not null,
      low_profile_id text not null unique,
      provider text not null,
      page_url text not null,
      success_url text not null,
      failed_url text not null,
      terminal text not null,
      hold_agorot integer not null,
      diner_session_id text not null,
      status text not null,
      sealed_token text null,
      approval_number text null,
      card_expiry text null,
      token_expires_on text null,
      charge_id text null,
      charge_order_id text null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );`);
    this.addSql(`create index if not exists tab_holds_live on tab_holds (business_id) where sealed_token is not null;`);
  }

  override down(): void {
    this.addSql('drop table if exists tab_holds;');
    this.addSql('alter table table_carts drop column if exists tab;');
    this.addSql(`alter table business_tables drop column if exists pay_at_end, drop column if exists hold_shekels,
      drop column if exists tab_idle_minutes;`);
  }
}
