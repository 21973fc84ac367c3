import { Migration } from '@mikro-orm/migrations';

/**
 * Parked events no longer reference the `events` table: with EVENTSTORE_URL the log lives in KurrentDB and that
 * table stays empty, so the reference would refuse every parked event (decision 011). `global_position` keeps the
 * event's place in whichever log holds it (KurrentDB's prepare position there); events are never deleted, so the
 * reference guarded nothing the log does not already guarantee.
 */
export class Migration20261121000800_parked_events_any_log extends Migration {
  override up(): void {
    this.addSql('alter table parked_events drop constraint if exists parked_events_global_position_fkey;');
  }

  override down(): void {
    this.addSql(`
      alter table parked_events
        add constraint parked_events_global_position_fkey foreign key (global_position) references events (global_position);
    `);
  }
}
