import {
  ANY,
  NO_STREAM,
  START,
  jsonEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  assertExpectedVersion,
  type EventMetadata,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port.js';

/*
 * The pure translation between our port and KurrentDB, kept apart from the client calls so it is tested without a
 * server. Our stream versions are 1-based (0 = no stream); KurrentDB revisions are 0-based. A place in $all is
 * KurrentDB's (commit, prepare) pair, carried in our LogPosition as (transactionId, globalPosition): both are ordered
 * by the first member, then the second, so the processor checkpoints in PostgreSQL keep working unchanged.
 */

/** Our expected version as KurrentDB's stream state: version n (n >= 1) is revision n - 1, and 0 means no stream. */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  assertExpectedVersion(expected);
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
}

/** Revision r (0-based) is version r + 1; refuses a revision a JS number would round. */
export function versionOfRevision(revision: bigint): number {
  const version = revision + 1n;
  if (revision < 0n || version > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`revision ${revision} out of range`);
  return Number(version);
}

/** The stream's state in a KurrentDB conflict as our version: 0 when the stream does not exist. */
export function versionOfStreamState(state: CurrentStreamState): number {
  return state === NO_STREAM ? 0 : versionOfRevision(state);
}

/**
 * Our metadata goes into KurrentDB's metadata as is, plus `$correlationId` and `$causationId`, the names KurrentDB's
 * own `$by_correlation_id` projection and its UI read.
 */
export function toEventData(event: NewEvent): EventData {
  const { correlationId, causationId } = event.metadata;
  return jsonEvent({
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata: {
      ...event.metadata,
      $correlationId: correlationId,
      ...(causationId === undefined ? {} : { $causationId: causationId }),
    },
  });
}

/** Drops KurrentDB's `$` keys again, so a recorded event carries exactly the metadata it was appended with. */
export function fromKurrentMetadata(metadata: unknown): EventMetadata {
  if (!metadata || typeof metadata !== 'object' || metadata instanceof Uint8Array || Array.isArray(metadata)) {
    throw new Error('a KurrentDB event without JSON metadata was not written by this store');
  }
  return Object.fromEntries(
    Object.entries(metadata).filter(([key]) => !key.startsWith('$')),
  ) as unknown as EventMetadata;
}

/** The event as the port records it; `position` is required (KurrentDB 22.6 or later returns it on every read). */
export function toRecordedEvent(event: KurrentRecordedEvent, position: Position | undefined): RecordedEvent {
  if (!event.isJson) throw new Error(`event ${event.id} in ${event.streamId} is not JSON`);
  if (!position) throw new Error('KurrentDB did not return the event position: version 22.6 or later is required');
  return {
    type: event.type,
    data: event.data,
    metadata: fromKurrentMetadata(event.metadata),
    streamId: event.streamId,
    streamVersion: versionOfRevision(event.revision),
    globalPosition: position.prepare.toString(),
    transactionId: position.commit.toString(),
    recordedAt: event.created.toISOString(),
  };
}

/** A fresh processor checkpoint is (0, 0) (the column defaults): read $all from its start. */
export function toReadPosition(after: LogPosition | undefined): ReadPosition {
  const position = after && toPosition(after);
  return !position || (position.commit === 0n && position.prepare === 0n) ? START : position;
}

export function toPosition(position: LogPosition): Position {
  return { commit: BigInt(position.transactionId), prepare: BigInt(position.globalPosition) };
}

/** KurrentDB's order of $all: by commit position, then prepare position. */
export function isAfter(position: Position, after: LogPosition | undefined): boolean {
  const reference = toReadPosition(after);
  if (reference === START) return true;
  if (reference === 'end') return false;
  return position.commit !== reference.commit
    ? position.commit > reference.commit
    : position.prepare > reference.prepare;
}

/** A place in $all as our LogPosition: (commit, prepare) as (transactionId, globalPosition). */
export function logPositionOfPosition(position: Position): LogPosition {
  return { transactionId: position.commit.toString(), globalPosition: position.prepare.toString() };
}

/** KurrentDB's order of two places in $all. */
export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit > b.commit ? 1 : -1;
  return a.prepare === b.prepare ? 0 : a.prepare > b.prepare ? 1 : -1;
}
