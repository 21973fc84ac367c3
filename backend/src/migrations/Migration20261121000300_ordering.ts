import { Migration } from '@mikro-orm/migrations';

/**
 * Ordering and payment (issue 5):
 * - `orders` gets the payment's details (provider, card's last four digits, brand, approval) and when it was paid;
 * - `order_number_sequences` and `invoice_sequences`: per business, the last number given. Taken with
 *   `insert .. on conflict do update .. returning` inside the transaction that appends the event, so concurrent orders
 *   queue on the row and a rolled-back order gives its number back: no duplicates and no gaps;
 * - `order_requests`: the idempotency key of a checkout (diner session + cart) -> its order, for 30 minutes;
 * - `payment_pages`: every payment page opened (a retried order has several), so a webhook finds its order and terminal;
 * - `sandbox_payments`: the built-in sandbox provider's own records, kept apart as a real provider's would be;
 * - `effect_keys`: side effects outside the database (an SMS) claimed once by key before they run.
 */
export class Migration20261121000300_ordering extends Migration {
  override up(): void {
    this.addSql(`
      alter table orders
        add column payment_provider varchar(20) null,
        add column card_last4 varchar(4) null,
        add column card_brand varchar(40) null,
        add column approval_number varchar(40) null,
        add column paid_at timestamptz null,
        add column department_id varchar(64) null;
      create index orders_business_paid_index on orders (business_id, paid_at desc) where payment_status = 'paid';
      create index orders_pending_created_index on orders (created_at) where status = 'pending';

      create table order_number_sequences (
        business_id varchar(16) primary key references businesses (phone) on delete restrict,
        last_number integer not null,
        constraint order_number_sequences_positive check (last_number > 0)
      );

      create table invoice_sequences (
        business_id varchar(16) primary key references businesses (phone) on delete restrict,
        last_number integer not null,
        constraint invoice_sequences_positive check (last_number > 0)
      );

      create table order_requests (
        request_key varchar(64) primary key,
        order_id uuid not null,
        created_at timestamptz not null default now()
      );

      create table payment_pages (
        low_profile_id varchar(64) primary key,
        order_id uuid not null references orders (id) on delete restrict,
        provider varchar(20) not null,
        terminal varchar(10) not null,
        payment_url varchar(1000) not null,
        opened_at timestamptz not null,
        constraint payment_pages_terminal_check check (terminal in ('business', 'platform'))
      );
      create index payment_pages_order_index on payment_pages (order_id, opened_at desc);

      create table sandbox_payments (
        low_profile_id varchar(64) primary key,
        return_value varchar(250) not null,
        amount_agorot bigint not null,
        description varchar(500) not null,
        success_url varchar(1000) not null,
        failed_url varchar(1000) not null,
        webhook_url varchar(1000) not null,
        status varchar(10) not null default 'open',
        transaction_id varchar(64) null,
        approval_number varchar(40) null,
        last4 varchar(4) null,
        brand varchar(40) null,
        response_code varchar(10) null,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint sandbox_payments_status_check check (status in ('open', 'paid', 'declined')),
        constraint sandbox_payments_amount_check check (amount_agorot >= 0)
      );

      create table effect_keys (
        effect_key varchar(200) primary key,
        claimed_at timestamptz not null default now(),
        completed_at timestamptz null
      );
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists effect_keys, sandbox_payments, payment_pages, order_requests, invoice_sequences,
        order_number_sequences cascade;
      drop index if exists orders_business_paid_index;
      drop index if exists orders_pending_created_index;
      alter table orders drop column payment_provider, drop column card_last4, drop column card_brand,
        drop column approval_number, drop column paid_at, drop column department_id;
    `);
  }
}
