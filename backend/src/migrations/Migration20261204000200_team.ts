import { Migration } from '@mikro-orm/migrations';

/**
 * The café's team (issue 31, decision 043), owned by the team module. `team_members` is the read model of the
 * `team-{phone}` streams: people and paired screens, removed ones kept (old records keep their names).
 * `staff_pins` holds each PIN's keyed hash and its failures (never in the event log); `screen_pairing_codes` the
 * single-use codes a tablet enters, by hash; `pin_grants` the one action a PIN typed on a screen covers, by hash.
 */
export class Migration20261204000200_team extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists team_members (
        id uuid primary key,
        business_id varchar(20) not null,
        kind varchar(10) not null check (kind in ('person', 'screen')),
        phone varchar(20) null,
        name varchar(100) not null,
        role varchar(20) not null check (role in ('manager', 'kitchen', 'accountant')),
        added_at timestamptz not null,
        removed_at timestamptz null,
        pin_set boolean not null default false,
        stream_version integer not null default 0
      );
      create index if not exists team_members_business_idx on team_members (business_id, added_at);
      create index if not exists team_members_phone_idx on team_members (phone) where removed_at is null;
      create unique index if not exists team_members_one_phone_per_business
        on team_members (business_id, phone) where removed_at is null and phone is not null;

      create table if not exists team_settings (
        business_id varchar(20) primary key,
        idle_hours integer not null
      );

      create table if not exists staff_pins (
        business_id varchar(20) not null,
        member_id varchar(64) not null,
        pin_hash varchar(128) not null,
        failures integer not null default 0,
        locked_until timestamptz null,
        primary key (business_id, member_id)
      );

      create table if not exists screen_pairing_codes (
        code_hash varchar(128) primary key,
        business_id varchar(20) not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      );

      create table if not exists pin_grants (
        grant_hash varchar(128) primary key,
        business_id varchar(20) not null,
        screen_id uuid not null,
        member_id varchar(64) not null,
        role varchar(20) not null,
        expires_at timestamptz not null,
        used_at timestamptz null
      );
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists pin_grants;
      drop table if exists screen_pairing_codes;
      drop table if exists staff_pins;
      drop table if exists team_settings;
      drop table if exists team_members;
    `);
  }
}
