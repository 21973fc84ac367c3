import { EVENT_TIME_FIELDS, STREAM_SUBJECT_FIELDS } from '@tafrit/contracts';
import type { EventActor, EventMetadata, RecordedEvent } from '../event-store.port.js';

/**
 * Positions as text (bigint and xid8 must not pass through a JS number), the time as ISO 8601 in UTC. The text
 * columns get names of their own: an ORDER BY on `global_position` would otherwise sort the text alias ('10' < '8').
 */
export const EVENT_COLUMNS = `global_position::text as position_text, transaction_id::text as transaction_text,
  stream_id, stream_version, type, schema_version, data, metadata,
  to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at,
  to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at`;

export interface EventRow {
  position_text: string;
  transaction_text: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  /** As stored: without what the row holds already (see `storedMetadata`). */
  metadata: StoredMetadata;
  recorded_at: string;
  /** The metadata's `occurredAt` where the row keeps it in its column (decision 073); null before it. */
  occurred_at: string | null;
}

/**
 * The metadata as a row keeps it: its schema version is the row's column, its correlation id may be the stream's, its
 * time may be the row's `occurred_at`, its actor may be written as one string (`storedActor`).
 */
export type StoredMetadata = Omit<EventMetadata, 'schemaVersion' | 'correlationId' | 'occurredAt' | 'actor'> &
  Partial<Pick<EventMetadata, 'schemaVersion' | 'correlationId' | 'occurredAt'>> & { actor: EventActor | string };

/**
 * The actor as a row keeps it (decision 075): `diner` for `{kind: 'diner'}`, `owner:+9725...` for `{kind: 'owner', id:
 * '+9725...'}`, the object itself for anything more (a member's role and screen) or a kind with a colon in it. Every
 * event has an actor, most of them one of these two shapes: the object's keys were 19 to 28 bytes of each event.
 */
function storedActor(actor: EventActor): EventActor | string {
  if (typeof actor !== 'object' || actor === null || typeof actor.kind !== 'string') return actor;
  // A kind that a string could not give back as it is (empty, or with the colon in it) keeps the object.
  const kind: string = actor.kind;
  if (kind === '' || kind.includes(':')) return actor;
  const keys = Object.keys(actor);
  if (keys.length === 1) return actor.kind;
  if (keys.length === 2 && typeof actor.id === 'string') return `${actor.kind}:${actor.id}`;
  return actor;
}

/** The actor as it was appended, from `storedActor`'s string (the kind before the first colon, the id after it). */
function restoredActor(stored: EventActor | string): EventActor {
  if (typeof stored !== 'string') return stored;
  const colon = stored.indexOf(':');
  if (colon < 0) return { kind: stored as EventActor['kind'] };
  return { kind: stored.slice(0, colon) as EventActor['kind'], id: stored.slice(colon + 1) };
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The `occurred_at` column's value (decision 073): the metadata's time when the column gives it back exactly (an ISO
 * instant in UTC with milliseconds, as `toISOString` writes it, read back by `EVENT_COLUMNS`' `to_char`); null keeps
 * any other text in the metadata as it came.
 */
export function occurredAtColumn(metadata: Pick<EventMetadata, 'occurredAt'>): string | null {
  const at = metadata.occurredAt;
  if (typeof at !== 'string' || !INSTANT.test(at) || at < '1000') return null;
  const time = Date.parse(at);
  return Number.isFinite(time) && new Date(time).toISOString() === at ? at : null;
}

/** `order-5f1c...` is the stream of `5f1c...`: what follows the category's dash. */
function streamSubjectOf(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

/**
 * The metadata without its copies of what the row holds (decision 066): the schema version (the row's
 * `schema_version`) and a correlation id that is the stream's own subject (an order's events carry the order's id).
 * Every event carries both, so they were a sixth of the log's bytes; `restoredMetadata` puts them back when read.
 * Its time goes to the row's `occurred_at` where that column gives it back (decision 073): 8 bytes for the 40 of the
 * text and its key in every event. Its actor is written as one string where it is a kind and an id (decision 075).
 */
export function storedMetadata(metadata: EventMetadata, streamId: string): StoredMetadata {
  const { schemaVersion: _column, correlationId, occurredAt, actor, ...rest } = metadata;
  const kept: StoredMetadata = { ...rest, actor: storedActor(actor) };
  const lean: StoredMetadata = occurredAtColumn(metadata) === null ? { ...kept, occurredAt } : kept;
  return correlationId === streamSubjectOf(streamId) ? lean : { ...lean, correlationId };
}

/**
 * The event's metadata as it was appended, from a row stored leanly (its time in `occurredAt`, the row's column) or
 * (before decisions 066 and 073) whole.
 */
export function restoredMetadata(
  stored: StoredMetadata,
  streamId: string,
  schemaVersion: number,
  occurredAt: string | null = null,
): EventMetadata {
  return {
    ...stored,
    actor: restoredActor(stored.actor),
    occurredAt: stored.occurredAt ?? occurredAt ?? '',
    correlationId: stored.correlationId ?? streamSubjectOf(streamId),
    schemaVersion: Number(schemaVersion),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The type's field of its own time (decision 067), if it has one. */
const timeFieldOf = (type: string): string | undefined =>
  (EVENT_TIME_FIELDS as Readonly<Record<string, string | undefined>>)[type];

/**
 * The data without its copies of what the row holds: the field that names the stream's own subject (decision 066: an
 * order event's `orderId` is in its stream id already) and the field of the event's own time when it equals the
 * metadata's `occurredAt` (decision 067: an order's every event carries both). Any other value is kept.
 */
export function storedData(data: unknown, streamId: string, type: string, occurredAt: string): unknown {
  if (!isRecord(data)) return data;
  const subject = STREAM_SUBJECT_FIELDS[streamCategoryOf(streamId)];
  const time = timeFieldOf(type);
  const dropSubject = subject !== undefined && data[subject] === streamSubjectOf(streamId);
  const dropTime = time !== undefined && data[time] === occurredAt;
  if (!dropSubject && !dropTime) return data;
  const rest = { ...data };
  if (dropSubject) delete rest[subject];
  if (dropTime) delete rest[time];
  return rest;
}

/** The data as it was appended, from a row stored leanly or (before decisions 066 and 067) whole. */
export function restoredData(stored: unknown, streamId: string, type: string, occurredAt: string): unknown {
  if (!isRecord(stored)) return stored;
  // The row's own object, freshly parsed and nobody else's: filled in place rather than copied.
  const subject = STREAM_SUBJECT_FIELDS[streamCategoryOf(streamId)];
  if (subject !== undefined && !(subject in stored)) stored[subject] = streamSubjectOf(streamId);
  const time = timeFieldOf(type);
  if (time !== undefined && !(time in stored)) stored[time] = occurredAt;
  return stored;
}

/**
 * An event as a log row keeps it (decisions 066, 067), with its schema version beside it for the row's column: what
 * `order_append` takes, so the order's write path stores the same bytes as the store's own insert.
 */
export function storedEvent(
  event: { type: string; data: unknown; metadata: EventMetadata },
  streamId: string,
): { type: string; schemaVersion: number; occurredAt: string | null; data: unknown; metadata: StoredMetadata } {
  return {
    type: event.type,
    schemaVersion: event.metadata.schemaVersion,
    occurredAt: occurredAtColumn(event.metadata),
    data: storedData(event.data, streamId, event.type, event.metadata.occurredAt),
    metadata: storedMetadata(event.metadata, streamId),
  };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  const occurredAt = row.metadata.occurredAt ?? row.occurred_at ?? '';
  return {
    type: row.type,
    data: restoredData(row.data, row.stream_id, row.type, occurredAt),
    metadata: restoredMetadata(row.metadata, row.stream_id, row.schema_version, occurredAt),
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    globalPosition: row.position_text,
    transactionId: row.transaction_text,
    recordedAt: row.recorded_at,
  };
}

/** `order-5f1c...` belongs to `order`, `business-+9725...` to `business` (CONVENTIONS example 2). */
export function streamCategoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}
