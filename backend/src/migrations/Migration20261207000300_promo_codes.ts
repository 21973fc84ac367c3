import { Migration } from '@mikro-orm/migrations';

/**
 * Promo codes (issue 33, decision 052). `promo_codes` is the promotions module's read model of the `promos-{phone}`
 * streams (written only by its `promo-codes` projection); a code's name is the business's once.
 *
 * The uses are ordering's: `order_append` counts a use in `promo_code_counters` with a conditional update in the same
 * statement that stores the order (so two diners at once never pass the limit), and keeps in `promo_code_uses` which
 * order holds it and, for a once-per-diner code, for which diner session and phone (unique while held). An unpaid
 * order that expires or is cancelled gives its use back in the statement that records it.
 *
 * `orders.promo_code` and `orders.discount_agorot`: the code an order was placed with and what it took off.
 */
export class Migration20261207000300_promo_codes extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists promo_codes (
        id uuid primary key,
        business_id varchar(20) not null,
        code varchar(30) not null,
        rules jsonb not null,
        active boolean not null default true,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        stream_version integer not null,
        constraint promo_codes_business_code_unique unique (business_id, code)
      );
    `);
    this.addSql(`
      create table if not exists promo_code_counters (
        promo_code_id uuid primary key,
        taken integer not null default 0 constraint promo_code_counters_taken_check check (taken >= 0)
      );
    `);
    this.addSql(`
      create table if not exists promo_code_uses (
        promo_code_id uuid not null,
        order_id uuid not null,
        -- 'order' for the use itself; 'session:<id>' and 'phone:<E.164>' for a once-per-diner code's diner.
        use_key text not null,
        primary key (promo_code_id, use_key)
      );
    `);
    this.addSql('create index if not exists promo_code_uses_order_index on promo_code_uses (order_id);');
    this.addSql('alter table orders add column if not exists promo_code varchar(30) null;');
    this.addSql('alter table orders add column if not exists discount_agorot integer not null default 0;');
  }

  override down(): void {
    this.addSql('alter table orders drop column if exists discount_agorot;');
    this.addSql('alter table orders drop column if exists promo_code;');
    this.addSql('drop table if exists promo_code_uses;');
    this.addSql('drop table if exists promo_code_counters;');
    this.addSql('drop table if exists promo_codes;');
  }
}
