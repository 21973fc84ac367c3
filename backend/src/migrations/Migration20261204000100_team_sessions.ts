import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions of the café's team (issue 31, decision 043). A session still belongs to a business (`user_id` is the
 * business's phone, every query's tenant); `member_id` names the invited person or the paired screen it was opened
 * for (null: the owner), `person_phone` the phone that received the code (so the person may switch to another business
 * they work in), `idle_ms` how long it may go unused (a person's: the business's choice, 12 hours by default; null: the
 * owner's seven days), and `device` marks a paired screen's one long-lived credential, which is not rotated.
 */
export class Migration20261204000100_team_sessions extends Migration {
  override up(): void {
    this.addSql(`
      alter table user_sessions
        add column if not exists member_id uuid null,
        add column if not exists person_phone varchar(64) null,
        add column if not exists idle_ms integer null,
        add column if not exists device boolean not null default false;
      create index if not exists user_sessions_member_idx on user_sessions (member_id) where member_id is not null and not is_revoked;
    `);
  }

  override down(): void {
    this.addSql(`
      drop index if exists user_sessions_member_idx;
      alter table user_sessions
        drop column if exists member_id,
        drop column if exists person_phone,
        drop column if exists idle_ms,
        drop column if exists device;
    `);
  }
}
