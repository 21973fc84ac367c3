import type { EntityManager } from '@mikro-orm/postgresql';

export { StreamVersionConflictError } from './event-store.errors.js';

/** Nest injection token of the `EventStore`. */
export const EVENT_STORE = Symbol('EVENT_STORE');

export type ActorKind = 'owner' | 'admin' | 'member' | 'screen' | 'diner' | 'system' | 'agent';

/** Who caused an event (the contracts' `actorSchema`): a member or screen also carries the role it acted with. */
export interface EventActor {
  kind: ActorKind;
  id?: string;
  role?: 'owner' | 'manager' | 'kitchen' | 'accountant';
  screenId?: string;
}

/** One metadata shape for every event (CONVENTIONS example 1). */
export interface EventMetadata {
  correlationId: string;
  causationId?: string;
  actor: EventActor;
  /** ISO 8601; comes in with the command, so deciders and tests need no clock. */
  occurredAt: string;
  schemaVersion: number;
}

/** An event about to be appended: plain JSON data, past-tense type. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** An event as stored. Positions are bigints in the database, carried as decimal strings so none is ever rounded. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 1-based position inside its stream. */
  streamVersion: number;
  globalPosition: string;
  transactionId: string;
  /** ISO 8601, set by the database. */
  recordedAt: string;
}

/**
 * The current version the caller based its decision on: a number (0 for a stream that does not exist yet),
 * `'no_stream'` (the stream must not exist) or `'any'` (no concurrency check, for appends that cannot conflict).
 */
export type ExpectedVersion = number | 'no_stream' | 'any';

/**
 * A place in the whole log. The log is ordered by (transaction id, global position), not by global position alone:
 * a checkpoint must carry both, or a reader could pass over an event that committed late with a smaller position.
 */
export interface LogPosition {
  transactionId: string;
  globalPosition: string;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /**
   * Append inside this unit of work's transaction (a savepoint when it has one open), so a state-based write and its
   * event commit together; on PGlite it must be the caller's own `em`, never a second one. Processors of this process
   * are woken at once but see the event only when the caller commits (else at their next poll).
   */
  em?: EntityManager;
}

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expected version. */
  nextExpectedVersion: number;
  events: RecordedEvent[];
}

export interface ReadStreamResult {
  /** The stream's current version; 0 when it does not exist. */
  version: number;
  events: RecordedEvent[];
}

/**
 * Which events a reader of the log's history wants (the commission history, the payout ledger, the admin's audit):
 * the events whose type is one of `types` or, whatever their type, whose actor is of one of `orActorKinds`; of
 * those, only the ones whose data has each field of `dataEquals` at that (string) value, and only those of
 * `streamIds` when given.
 */
export interface EventSelection {
  types: readonly string[];
  orActorKinds?: readonly ActorKind[];
  /** Top-level fields of the event's data, by name (letters, digits and `_`). */
  dataEquals?: Readonly<Record<string, string>>;
  streamIds?: readonly string[];
  /** Only those whose data's `field` is an instant at or after `from` and before `to` (ISO 8601). */
  dataTimeBetween?: { field: string; from: string; to: string };
}

export interface SelectionOptions {
  /** Newest first (the audit's pages); else oldest first. */
  newestFirst?: boolean;
  /** Only events before this global position (the last line of the previous page). */
  before?: string;
  /** At most this many (all when absent). */
  limit?: number;
}

export interface EventStore {
  /** Appends atomically; throws `StreamVersionConflictError` when the stream moved since `expectedVersion`. */
  appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** The stream's events from `fromVersion` (inclusive, default 1) in order; `em` reads inside a caller's transaction. */
  readStream(streamId: string, options?: { fromVersion?: number; em?: EntityManager }): Promise<ReadStreamResult>;
  /**
   * The next events of the whole log after `after`, in log order. Only events of finished transactions are returned,
   * so a reader never moves past an event that a slower transaction has yet to commit.
   */
  readAll(options: { after?: LogPosition; limit: number }): Promise<RecordedEvent[]>;
  /**
   * The selected events of the whole log, by global position (oldest first unless `newestFirst`). Unlike `readAll`,
   * this reads what is recorded now, a late commit included: it answers a person looking at history, not a follower.
   */
  readSelected(selection: EventSelection, options?: SelectionOptions): Promise<RecordedEvent[]>;
  /** How many events the log holds after `after` in log order (all of them without it): a processor's backlog. */
  countAfter(after: LogPosition | undefined): Promise<number>;
}

export function logPositionOf(event: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/** Log order: by transaction id, then global position (see `LogPosition`). */
export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  const byTransaction = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (byTransaction !== 0n) return byTransaction > 0n ? 1 : -1;
  const byPosition = BigInt(a.globalPosition) - BigInt(b.globalPosition);
  return byPosition === 0n ? 0 : byPosition > 0n ? 1 : -1;
}

/** Refuses an expected version that is neither a count, `'no_stream'` nor `'any'`. */
export function assertExpectedVersion(expected: ExpectedVersion): void {
  if (expected === 'any' || expected === 'no_stream') return;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`invalid expected version ${String(expected)}`);
}

export function assertReadLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
}
