import { Migration } from '@mikro-orm/migrations';

/**
 * The event store of DESIGN.md §3 and the bookkeeping of its processors (docs/decisions/002-event-store.md):
 * - `events` is the log. `transaction_id` is the writer's transaction id: readers of the whole log order by
 *   (transaction_id, global_position) and stop below the oldest transaction still running, so an event that commits
 *   late is never passed over. Rows are never changed or deleted.
 * - `processor_checkpoints` holds each processor's place in the log and its lease (one instance across processes).
 * - `parked_events` keeps the events a processor gave up on after its retries, for a person to look at.
 */
export class Migration20261121000100_event_store extends Migration {
  override up(): void {
    this.addSql(`
      create table events (
        global_position bigserial primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        stream_category text not null,
        stream_version integer not null,
        type text not null,
        schema_version integer not null,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        constraint events_stream_version_unique unique (stream_id, stream_version),
        constraint events_stream_version_check check (stream_version > 0),
        constraint events_schema_version_check check (schema_version > 0)
      );
      create index events_log_order_index on events (transaction_id, global_position);

      create function events_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'events are facts: % on events is not allowed', tg_op;
      end;
      $$;
      create trigger events_immutable before update or delete on events
        for each row execute function events_refuse_change();

      create table processor_checkpoints (
        name text primary key,
        last_transaction_id xid8 not null default '0',
        last_position bigint not null default 0,
        owner text null,
        lease_until timestamptz null,
        updated_at timestamptz not null default now()
      );

      create table parked_events (
        id bigserial primary key,
        processor text not null,
        global_position bigint not null references events (global_position),
        event_type text not null,
        stream_id text not null,
        error text not null,
        attempts integer not null,
        parked_at timestamptz not null default now(),
        resolved_at timestamptz null,
        constraint parked_events_processor_position_unique unique (processor, global_position)
      );
      create index parked_events_unresolved_index on parked_events (processor, parked_at) where resolved_at is null;
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists parked_events, processor_checkpoints, events cascade;
      drop function if exists events_refuse_change();
    `);
  }
}
