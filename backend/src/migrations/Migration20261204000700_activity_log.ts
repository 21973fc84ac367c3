import { Migration } from '@mikro-orm/migrations';

/**
 * Who did what (issue 31): `activity_log`, owned by the team module, is the read model of the owner's activity page,
 * written by the `team-activity` processor from the log: one row per act of a person, a screen, the owner or support
 * inside a business, keyed by the event's global position (a redelivery inserts nothing). Names are not stored: they
 * are read from `team_members` when the page is, so a removed person's old acts keep the name the team keeps.
 */
export class Migration20261204000700_activity_log extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists activity_log (
        position bigint primary key,
        business_id varchar(20) not null,
        at timestamptz not null,
        kind varchar(20) not null,
        type varchar(60) not null,
        change varchar(60) null,
        actor_kind varchar(10) not null,
        actor_id varchar(64) null,
        actor_role varchar(20) null,
        screen_id varchar(64) null,
        order_id uuid null,
        amount_agorot integer null,
        subject_id varchar(64) null,
        subject_name varchar(200) null,
        role varchar(20) null
      );
      create index if not exists activity_log_business_idx on activity_log (business_id, position desc);
      create index if not exists activity_log_business_kind_idx on activity_log (business_id, kind, position desc);
      create index if not exists activity_log_business_actor_idx on activity_log (business_id, actor_id, position desc);
      create index if not exists activity_log_business_screen_idx on activity_log (business_id, screen_id, position desc)
        where screen_id is not null;
    `);
  }

  override down(): void {
    this.addSql(`drop table if exists activity_log;`);
  }
}
