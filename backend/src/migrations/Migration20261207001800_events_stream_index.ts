import { Migration } from '@mikro-orm/migrations';

/**
 * The log's index by stream (decision 071): `events_stream_version_unique` on (stream_id, stream_version) held a
 * 42-character stream id in each of an order's eight entries, 736 B of every paid order. A stream's appends now queue
 * on its lock (the event store and `order_append`), which keeps its versions unique, so the index only has to find a
 * stream's events: on `stream_id` alone, whose equal keys B-tree deduplication keeps once (123 B per paid order on a
 * tenth of the year). A stream's events come back sorted by version from a handful of rows.
 */
export class Migration20261207001800_events_stream_index extends Migration {
  override up(): void {
    this.addSql(`
      create index if not exists events_stream_index on events (stream_id);
      alter table events drop constraint if exists events_stream_version_unique;
    `);
  }

  override down(): void {
    this.addSql(`
      alter table events add constraint events_stream_version_unique unique (stream_id, stream_version);
      drop index if exists events_stream_index;
    `);
  }
}
