import { Migration } from '@mikro-orm/migrations';

/**
 * The read models of product-spec §3 and what the design adds. Written by hand so every constraint is deliberate:
 * - a business row is never deleted (closing keeps tax records), so orders RESTRICT while menu rows CASCADE;
 * - a product's category must belong to the same business (composite foreign key), so one tenant's product can
 *   never hang under another tenant's category;
 * - money is numeric(10,2) with CHECKs, times are timestamptz, tenant queries have (business, date) indexes.
 */
export class Migration20261121000000_read_models extends Migration {
  override up(): void {
    this.addSql(`
      create table businesses (
        phone varchar(16) primary key,
        full_name varchar(200) not null,
        business_name varchar(200) not null,
        email varchar(254) not null,
        id_number varchar(9) not null,
        bank_name varchar(100) not null,
        branch varchar(3) not null,
        account_number varchar(9) not null,
        beneficiary_name varchar(200) not null,
        receipt_phone varchar(16) null,
        logo varchar(255) null,
        qr_code varchar(255) null,
        department_id varchar(64) not null,
        is_active boolean not null default true,
        closed_at timestamptz null,
        cardcom_enabled boolean not null default false,
        cardcom_terminal_number varchar(20) null,
        cardcom_api_name varchar(100) null,
        stream_version integer not null default 0,
        created_at timestamptz not null default now(),
        constraint businesses_email_unique unique (email),
        constraint businesses_department_id_unique unique (department_id)
      );

      create table categories (
        id serial primary key,
        business_id varchar(16) not null references businesses (phone) on delete cascade,
        name varchar(100) not null,
        "order" integer not null default 0,
        created_at timestamptz not null default now(),
        constraint categories_name_not_blank check (length(trim(name)) > 0),
        constraint categories_id_business_unique unique (id, business_id)
      );
      create index categories_business_order_index on categories (business_id, "order", id);

      create table products (
        id serial primary key,
        business_id varchar(16) not null references businesses (phone) on delete cascade,
        category_id integer not null,
        name varchar(200) not null,
        description text null,
        price numeric(10,2) not null,
        image varchar(255) null,
        is_active boolean not null default true,
        created_at timestamptz not null default now(),
        constraint products_price_check check (price >= 0),
        constraint products_name_not_blank check (length(trim(name)) > 0),
        constraint products_category_same_business_fk foreign key (category_id, business_id)
          references categories (id, business_id) on delete cascade
      );
      create index products_business_category_index on products (business_id, category_id);

      create table orders (
        id uuid primary key,
        business_id varchar(16) not null references businesses (phone) on delete restrict,
        order_number integer not null,
        customer_name varchar(200) null,
        customer_phone varchar(16) null,
        items jsonb not null,
        total_amount numeric(10,2) not null,
        commission numeric(10,2) not null,
        net_amount numeric(10,2) not null,
        remarks varchar(500) null,
        table_number integer null,
        diner_session_id varchar(64) null,
        status varchar(20) not null default 'pending',
        payment_method varchar(20) not null default 'credit_card',
        payment_status varchar(20) not null default 'pending',
        cardcom_low_profile_id varchar(64) null,
        cardcom_transaction_id varchar(64) null,
        invoice_number varchar(32) null,
        invoice_url varchar(500) null,
        invoice_status varchar(20) not null default 'pending',
        order_date timestamptz not null,
        stream_version integer not null default 0,
        created_at timestamptz not null default now(),
        constraint orders_business_number_unique unique (business_id, order_number),
        constraint orders_amounts_check check (total_amount >= 0 and commission >= 0 and net_amount >= 0
          and commission + net_amount = total_amount),
        constraint orders_order_number_check check (order_number > 0)
      );
      create index orders_business_date_index on orders (business_id, order_date desc);
      create index orders_business_session_index on orders (business_id, diner_session_id, order_date desc);
      create index orders_paid_date_index on orders (order_date) where payment_status = 'paid';

      create table otp_codes (
        id serial primary key,
        phone varchar(16) not null,
        purpose varchar(10) not null default 'owner',
        code_hash varchar(128) not null,
        expires_at timestamptz not null,
        is_used boolean not null default false,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        constraint otp_codes_attempts_check check (attempts >= 0),
        constraint otp_codes_purpose_check check (purpose in ('owner', 'admin'))
      );
      create index otp_codes_phone_created_index on otp_codes (phone, purpose, created_at desc);

      create table user_sessions (
        id uuid primary key,
        user_id varchar(64) not null,
        audience varchar(10) not null default 'owner',
        family_id uuid not null,
        refresh_token_hash varchar(128) not null,
        device_fingerprint varchar(128) null,
        ip_address varchar(64) null,
        user_agent varchar(500) null,
        impersonated_by varchar(64) null,
        created_at timestamptz not null default now(),
        last_active timestamptz not null default now(),
        expires_at timestamptz not null,
        is_revoked boolean not null default false,
        revoked_at timestamptz null,
        revoked_reason varchar(100) null,
        constraint user_sessions_refresh_token_hash_unique unique (refresh_token_hash),
        constraint user_sessions_audience_check check (audience in ('owner', 'admin'))
      );
      create index user_sessions_user_index on user_sessions (user_id, is_revoked);
      create index user_sessions_family_index on user_sessions (family_id);

      create table admin_users (
        id serial primary key,
        username varchar(100) not null,
        email varchar(254) not null,
        phone varchar(16) null,
        password_hash varchar(255) null,
        role varchar(20) not null default 'admin',
        created_at timestamptz not null default now(),
        constraint admin_users_username_unique unique (username),
        constraint admin_users_email_unique unique (email),
        constraint admin_users_phone_unique unique (phone)
      );

      create table system_settings (
        id serial primary key,
        key varchar(100) not null,
        value text not null,
        updated_at timestamptz not null default now(),
        constraint system_settings_key_unique unique (key)
      );

      create table contact_submissions (
        id serial primary key,
        name varchar(100) not null,
        email varchar(254) not null,
        message varchar(2000) not null,
        ip_address varchar(64) null,
        created_at timestamptz not null default now()
      );
      create index contact_submissions_created_index on contact_submissions (created_at desc);

      create table printer_connections (
        id serial primary key,
        business_id varchar(16) not null references businesses (phone) on delete cascade,
        agent_id varchar(64) not null,
        printer_name varchar(200) null,
        printer_type varchar(50) null,
        connection_type varchar(50) null,
        is_online boolean not null default false,
        last_seen timestamptz null,
        agent_version varchar(50) null,
        operating_system varchar(100) null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint printer_connections_business_unique unique (business_id),
        constraint printer_connections_agent_unique unique (agent_id)
      );
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists printer_connections, contact_submissions, system_settings, admin_users, user_sessions,
        otp_codes, orders, products, categories, businesses cascade;
    `);
  }
}
