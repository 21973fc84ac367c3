import type { EntityManager } from '@mikro-orm/postgresql';
import { AppendListeners } from '../append-listeners.js';
import {
  assertExpectedVersion,
  assertReadLimit,
  StreamVersionConflictError,
  type AppendOptions,
  type AppendResult,
  type EventSelection,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type ReadStreamResult,
  type RecordedEvent,
  type SelectionOptions,
} from '../event-store.port.js';
import type { InlineProjectionRegistry } from '../inline-projection.js';
import { query } from '../../database/sql.js';
import {
  EVENT_COLUMNS,
  occurredAtColumn,
  streamCategoryOf,
  storedData,
  storedMetadata,
  toRecordedEvent,
  type EventRow,
} from './event-rows.js';
import { selectionSql } from './selection-sql.js';

export interface PostgresEventStoreOptions {
  /** A fresh unit of work (`database.em()`): every append and read goes through MikroORM's one connection pool. */
  em: () => EntityManager;
  projections?: InlineProjectionRegistry;
}

/**
 * The event store on PostgreSQL (or PGlite) through MikroORM's connection, so an append and the inline projections
 * of its events share one transaction. See docs/decisions/002-event-store.md for the ordering of the log.
 */
export class PostgresEventStore implements EventStore {
  private readonly listeners = new AppendListeners();

  constructor(private readonly options: PostgresEventStoreOptions) {}

  /** Called after each committed append (the processor runner polls at once instead of waiting for its timer). */
  onAppended(listener: (events: readonly RecordedEvent[]) => void): () => void {
    return this.listeners.add(listener);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    { expectedVersion, em: outer }: AppendOptions,
  ): Promise<AppendResult> {
    assertExpectedVersion(expectedVersion);
    if (!streamId) throw new Error('a stream id is required');
    const result = await (outer ?? this.options.em()).transactional((em) =>
      this.appendInTransaction(em, streamId, events, expectedVersion),
    );
    if (result.events.length > 0) this.listeners.notify(result.events);
    return result;
  }

  async readStream(
    streamId: string,
    { fromVersion = 1, em: outer }: { fromVersion?: number; em?: EntityManager } = {},
  ): Promise<ReadStreamResult> {
    const em = outer ?? this.options.em();
    const rows = await query<EventRow>(
      em,
      `select ${EVENT_COLUMNS} from events where stream_id = ? and stream_version >= ? order by stream_version`,
      [streamId, Math.max(1, Math.trunc(fromVersion))],
    );
    const events = rows.map(toRecordedEvent);
    const last = events.at(-1);
    const version = last ? last.streamVersion : fromVersion > 1 ? await currentVersion(em, streamId) : 0;
    return { version, events };
  }

  async readAll({ after, limit }: { after?: LogPosition; limit: number }): Promise<RecordedEvent[]> {
    assertReadLimit(limit);
    // Only transactions below the snapshot's xmin are certainly finished: a later one may have committed while an
    // earlier one, holding smaller positions, is still open. Passing it now would skip that earlier one for good.
    const rows = await query<EventRow>(
      this.options.em(),
      `select ${EVENT_COLUMNS} from events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ${after ? 'and (transaction_id, global_position) > (?::xid8, ?::bigint)' : ''}
        order by transaction_id, global_position
        limit ?`,
      after ? [after.transactionId, after.globalPosition, limit] : [limit],
    );
    return rows.map(toRecordedEvent);
  }

  async readSelected(selection: EventSelection, options: SelectionOptions = {}): Promise<RecordedEvent[]> {
    if (selection.streamIds?.length === 0) return [];
    const { sql, params } = selectionSql(selection, options);
    return (await query<EventRow>(this.options.em(), sql, params)).map(toRecordedEvent);
  }

  async countAfter(after: LogPosition | undefined): Promise<number> {
    const [row] = await query<{ count: number }>(
      this.options.em(),
      'select count(*)::int as count from events where (transaction_id, global_position) > (?::xid8, ?::bigint)',
      [after?.transactionId ?? '0', after?.globalPosition ?? '0'],
    );
    return Number(row?.count ?? 0);
  }

  private async appendInTransaction(
    em: EntityManager,
    streamId: string,
    events: readonly NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    // Every append to a stream queues on the stream's lock, held to the commit (decision 071; `order_append` takes
    // the same): the version read or checked after it is the stream's last committed one, so no two writers give the
    // stream one version. The log keeps no unique index on (stream_id, stream_version) for it.
    await query(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`events:${streamId}`]);
    let version: number;
    let rows: EventRow[];
    if (expectedVersion === 'any') {
      version = await currentVersion(em, streamId);
      if (events.length === 0) return { nextExpectedVersion: version, events: [] };
      rows = await this.insert(em, streamId, events, version);
    } else {
      version = expectedVersion === 'no_stream' ? 0 : expectedVersion;
      if (events.length === 0) {
        const actual = await currentVersion(em, streamId);
        if (actual !== version) throw new StreamVersionConflictError({ streamId, expected: expectedVersion, actual });
        return { nextExpectedVersion: version, events: [] };
      }
      // The version check and the insert are one statement: no row comes back when the stream is not at the
      // expected version.
      rows = await this.insert(em, streamId, events, version, { onlyAtVersion: true });
      if (rows.length === 0) {
        const actual = await currentVersion(em, streamId);
        throw new StreamVersionConflictError({ streamId, expected: expectedVersion, actual });
      }
    }
    const recorded = rows.map(toRecordedEvent).sort((a, b) => a.streamVersion - b.streamVersion);
    await this.options.projections?.apply(em, recorded);
    return { nextExpectedVersion: version + events.length, events: recorded };
  }

  /** Inserts the events as versions `version + 1, ...`, under the stream's lock (`appendInTransaction`). */
  private insert(
    em: EntityManager,
    streamId: string,
    events: readonly NewEvent[],
    version: number,
    { onlyAtVersion = false }: { onlyAtVersion?: boolean } = {},
  ): Promise<EventRow[]> {
    const category = streamCategoryOf(streamId);
    const params: unknown[] = [];
    const values = events.map((event, index) => {
      params.push(
        streamId,
        category,
        version + index + 1,
        event.type,
        event.metadata.schemaVersion,
        JSON.stringify(storedData(event.data ?? null, streamId, event.type, event.metadata.occurredAt)),
        JSON.stringify(storedMetadata(event.metadata, streamId)),
        occurredAtColumn(event.metadata),
      );
      return '(?::text, ?::text, ?::int, ?::text, ?::int, ?::jsonb, ?::jsonb, ?::timestamptz)';
    });
    const guard = onlyAtVersion
      ? 'where (select coalesce(max(stream_version), 0) from events where stream_id = ?) = ?'
      : '';
    if (onlyAtVersion) params.push(streamId, version);
    return query<EventRow>(
      em,
      `insert into events
         (stream_id, stream_category, stream_version, type, schema_version, data, metadata, occurred_at)
        select * from (values ${values.join(', ')}) as appended ${guard}
        returning ${EVENT_COLUMNS}`,
      params,
    );
  }
}

async function currentVersion(em: EntityManager, streamId: string): Promise<number> {
  const [row] = await query<{ version: number }>(
    em,
    'select coalesce(max(stream_version), 0)::int as version from events where stream_id = ?',
    [streamId],
  );
  return Number(row?.version ?? 0);
}
