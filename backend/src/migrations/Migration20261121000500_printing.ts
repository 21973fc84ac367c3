import { Migration } from '@mikro-orm/migrations';

/**
 * Live orders and printing (issue 6):
 * - `printer_connections` gains the agent's hashed secret (SHA-256 of 32 random bytes: a slow hash adds nothing to a
 *   secret that long), the socket that holds the connection now (so a late disconnect of an old socket never marks a
 *   newer connection offline) and when it was paired.
 * - `printer_pairing_codes`: one-use codes, stored hashed, 10 minutes.
 * - `printer_settings`: the slip paper width, a setting of the business even before any agent is paired.
 * - `print_slips`: each order's slip and where it stands, projected from SlipQueued / SlipPrinted / PrintFailed.
 * - `live_events`: what was pushed to the owner consoles, numbered in the order it was pushed (the log's order), so a
 *   console that reconnects asks for everything after the last number it saw. Kept two days.
 * - An index on the log for reading one business's events in order.
 */
export class Migration20261121000500_printing extends Migration {
  override up(): void {
    this.addSql(`
      alter table printer_connections
        add column agent_secret_hash char(64) null,
        add column connection_id varchar(64) null,
        add column paired_at timestamptz null;

      create table printer_pairing_codes (
        code_hash char(64) primary key,
        business_id varchar(16) not null references businesses (phone) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      );
      create index printer_pairing_codes_business_index on printer_pairing_codes (business_id, created_at desc);

      create table printer_settings (
        business_id varchar(16) primary key references businesses (phone) on delete cascade,
        paper_width varchar(8) not null default '80mm' check (paper_width in ('80mm', '58mm')),
        updated_at timestamptz not null default now()
      );

      create table print_slips (
        slip_id varchar(80) primary key,
        order_id uuid not null,
        business_id varchar(16) not null,
        status varchar(16) not null check (status in ('queued', 'printed', 'failed')),
        attempts integer not null default 0,
        last_error varchar(500) null,
        agent_id varchar(64) null,
        queued_at timestamptz not null,
        updated_at timestamptz not null default now()
      );
      create index print_slips_pending_index on print_slips (business_id, queued_at) where status <> 'printed';
      create index print_slips_order_index on print_slips (order_id);

      create table live_events (
        seq bigserial primary key,
        business_id varchar(16) not null,
        source_position bigint not null unique,
        payload jsonb not null,
        created_at timestamptz not null default now()
      );
      create index live_events_business_index on live_events (business_id, seq);

      create index events_business_position_index on events ((data->>'businessPhone'), global_position);
    `);
  }

  override down(): void {
    this.addSql(`
      drop index if exists events_business_position_index;
      drop table if exists live_events, print_slips, printer_settings, printer_pairing_codes;
      alter table printer_connections
        drop column if exists agent_secret_hash,
        drop column if exists connection_id,
        drop column if exists paired_at;
    `);
  }
}
