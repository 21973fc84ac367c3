import {
  BACKWARDS,
  END,
  KurrentDBClient,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StreamVersionConflictError } from '../event-store.errors.js';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  ReadStreamResult,
  RecordedEvent,
} from '../event-store.port.js';
import type { InlineProjectionRegistry } from '../inline-projection.js';
import { InlineProjectionAfterAppendError } from './inline-projection-after-append.error.js';
import {
  isAfter,
  toEventData,
  toReadPosition,
  toRecordedEvent,
  toStreamState,
  versionOfRevision,
  versionOfStreamState,
} from './kurrentdb-mapping.js';

export interface KurrentDbEventStoreOptions {
  client: KurrentDBClient;
  /** A fresh unit of work on PostgreSQL, where the read models (and the inline projections' writes) live. */
  em: () => EntityManager;
  projections?: InlineProjectionRegistry;
  log?: (message: string, error?: unknown) => void;
}

const RESUBSCRIBE_DELAY_MS = 1_000;

/**
 * The event log in KurrentDB (EventStoreDB) behind the same port as the PostgreSQL store; chosen by EVENTSTORE_URL.
 * Read models, processor checkpoints and leases stay in PostgreSQL. What differs from PostgreSQL (inline projections
 * run after the append, no joining of a caller's transaction) is in docs/decisions/011-kurrentdb-store.md.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly listeners = new Set<(events: readonly RecordedEvent[]) => void>();
  private subscription: AllStreamSubscription | undefined;
  private resubscribeTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Set while the live subscription is down, so its loss is logged once, not at every attempt to get it back. */
  private watchFailing = false;

  constructor(private readonly options: KurrentDbEventStoreOptions) {}

  static connect(url: string, options: Omit<KurrentDbEventStoreOptions, 'client'>): KurrentDbEventStore {
    return new KurrentDbEventStore({ ...options, client: KurrentDBClient.connectionString(url) });
  }

  /**
   * Called after each append of this process and, through a live subscription to $all, after every other instance's
   * append too: with KurrentDB the processor runners need not wait for their poll to see another host's events.
   */
  onAppended(listener: (events: readonly RecordedEvent[]) => void): () => void {
    this.listeners.add(listener);
    this.watch();
    return () => this.listeners.delete(listener);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    { expectedVersion, em: outer }: AppendOptions,
  ): Promise<AppendResult> {
    const streamState = toStreamState(expectedVersion);
    if (!streamId) throw new Error('a stream id is required');
    if (events.length === 0)
      return { nextExpectedVersion: await this.checkedVersion(streamId, expectedVersion), events: [] };

    let nextExpectedVersion: number;
    try {
      const result = await this.options.client.appendToStream(streamId, events.map(toEventData), { streamState });
      nextExpectedVersion = versionOfRevision(result.nextExpectedRevision);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const actual = versionOfStreamState(error.actualState);
      throw new StreamVersionConflictError({ streamId, expected: expectedVersion, actual });
    }
    // The append answers only the last revision; our events are the revisions just below it, whoever wrote after.
    const recorded = await this.readEvents(streamId, nextExpectedVersion - events.length + 1, events.length);

    const projections = this.options.projections;
    if (projections) {
      try {
        await (outer ?? this.options.em()).transactional((em) => projections.apply(em, recorded));
      } catch (cause) {
        this.notify(recorded);
        throw new InlineProjectionAfterAppendError({ streamId, nextExpectedVersion, cause });
      }
    }
    this.notify(recorded);
    return { nextExpectedVersion, events: recorded };
  }

  /** `em` is accepted for the port's sake and ignored: a KurrentDB read cannot join a PostgreSQL transaction. */
  async readStream(
    streamId: string,
    { fromVersion = 1 }: { fromVersion?: number; em?: EntityManager } = {},
  ): Promise<ReadStreamResult> {
    const events = await this.readEvents(streamId, fromVersion);
    const last = events.at(-1);
    const version = last ? last.streamVersion : fromVersion > 1 ? await this.currentVersion(streamId) : 0;
    return { version, events };
  }

  /**
   * $all after `after` in KurrentDB's order, without system events. KurrentDB gives an event its place in $all when
   * it commits, so no late commit can appear behind a reader: every read is a prefix of the final order.
   */
  async readAll({ after, limit }: { after?: LogPosition; limit: number }): Promise<RecordedEvent[]> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
    const found: RecordedEvent[] = [];
    let from: LogPosition | undefined = after;
    for (;;) {
      // One more than asked: whether the server starts at `from` itself or after it, `limit` new events remain.
      const page = await this.readAllPage(toReadPosition(from), limit + 1);
      for (const { event } of page) {
        if (!event || !isAfter(event.position, from)) continue;
        from = { transactionId: event.position.commit.toString(), globalPosition: event.position.prepare.toString() };
        // Only this store's JSON events belong to the log; anything else in the database is passed over.
        if (event.isJson) found.push(toRecordedEvent(event, event.position));
      }
      if (found.length >= limit || page.length < limit + 1) return found.slice(0, limit);
    }
  }

  /** The last event of $all (outside system streams), for readers that start from now; undefined when empty. */
  async headPosition(): Promise<LogPosition | undefined> {
    for await (const { event } of this.options.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      if (event)
        return { transactionId: event.position.commit.toString(), globalPosition: event.position.prepare.toString() };
    }
    return undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.resubscribeTimer);
    await this.subscription?.unsubscribe().catch(() => undefined);
    this.subscription = undefined;
    await this.options.client.dispose();
  }

  private async readAllPage(fromPosition: ReadPosition, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    const reader = this.options.client.readAll({ fromPosition, maxCount, filter: excludeSystemEvents() });
    for await (const resolved of reader) page.push(resolved);
    return page;
  }

  /** The stream's events from `fromVersion` on (at most `maxCount`); none when the stream does not exist. */
  private async readEvents(streamId: string, fromVersion: number, maxCount?: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const fromRevision = BigInt(Math.max(1, Math.trunc(fromVersion)) - 1);
      for await (const { event } of this.options.client.readStream(streamId, { fromRevision, maxCount })) {
        if (event) events.push(toRecordedEvent(event, event.position));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  }

  private async currentVersion(streamId: string): Promise<number> {
    try {
      for await (const { event } of this.options.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (event) return versionOfRevision(event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return 0;
  }

  /** An empty append writes nothing, but the caller's expected version is still checked, as on PostgreSQL. */
  private async checkedVersion(streamId: string, expected: ExpectedVersion): Promise<number> {
    const actual = await this.currentVersion(streamId);
    const matches = expected === 'any' || (expected === 'no_stream' ? actual === 0 : actual === expected);
    if (!matches) throw new StreamVersionConflictError({ streamId, expected, actual });
    return actual;
  }

  /** A live subscription to the end of $all: its only job is to wake the listeners when any instance appends. */
  private watch(): void {
    if (this.subscription || this.closed) return;
    const subscription = this.options.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('confirmation', () => {
      if (this.watchFailing) this.options.log?.('the live subscription to KurrentDB $all is back');
      this.watchFailing = false;
    });
    subscription.on('data', ({ event }) => {
      if (event?.isJson) this.notify([toRecordedEvent(event, event.position)]);
    });
    subscription.on('error', (error) => {
      this.subscription = undefined;
      if (this.closed) return;
      if (!this.watchFailing) {
        this.options.log?.('the live subscription to KurrentDB $all dropped; processors poll until it is back', error);
      }
      this.watchFailing = true;
      this.resubscribeTimer = setTimeout(() => this.watch(), RESUBSCRIBE_DELAY_MS);
      this.resubscribeTimer.unref();
    });
  }

  private notify(events: readonly RecordedEvent[]): void {
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        // The append is committed; a listener (a wake-up call) failing must not make it look failed.
      }
    }
  }
}
