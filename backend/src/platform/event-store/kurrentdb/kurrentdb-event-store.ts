import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type Position,
  type ReadPosition,
  type RegexFilter,
} from '@kurrent/kurrentdb-client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppendListeners } from '../append-listeners.js';
import { assertSelection, isSelected } from '../event-selection.js';
import { assertReadLimit, compareLogPositions, StreamVersionConflictError } from '../event-store.port.js';
import type {
  AppendOptions,
  AppendResult,
  EventSelection,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  ReadStreamResult,
  RecordedEvent,
  SelectionOptions,
} from '../event-store.port.js';
import type { InlineProjectionRegistry } from '../inline-projection.js';
import { InlineProjectionAfterAppendError } from './inline-projection-after-append.error.js';
import {
  comparePositions,
  isAfter,
  logPositionOfPosition,
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
/** Events read at once when the log is scanned for selected events or counted. */
const SCAN_PAGE = 500;

/**
 * The event log in KurrentDB (EventStoreDB) behind the same port as the PostgreSQL store; chosen by EVENTSTORE_URL.
 * Read models, processor checkpoints and leases stay in PostgreSQL. What differs from PostgreSQL (inline projections
 * run after the append, no joining of a caller's transaction) is in docs/decisions/011-kurrentdb-store.md.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly listeners = new AppendListeners();
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
    const remove = this.listeners.add(listener);
    this.watch();
    return remove;
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
        this.listeners.notify(recorded);
        throw new InlineProjectionAfterAppendError({ streamId, nextExpectedVersion, cause });
      }
    }
    this.listeners.notify(recorded);
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
    assertReadLimit(limit);
    const found: RecordedEvent[] = [];
    let from: LogPosition | undefined = after;
    for (;;) {
      // One more than asked: whether the server starts at `from` itself or after it, `limit` new events remain.
      const page = await this.readAllPage(toReadPosition(from), limit + 1);
      for (const { event } of page) {
        if (!event || !isAfter(event.position, from)) continue;
        from = logPositionOfPosition(event.position);
        // Only this store's JSON events belong to the log; anything else in the database is passed over.
        if (event.isJson) found.push(toRecordedEvent(event, event.position));
      }
      if (found.length >= limit || page.length < limit + 1) return found.slice(0, limit);
    }
  }

  /**
   * KurrentDB filters $all by event type on the server; the rest of the selection (actor, data, `before`) is tested
   * here on each event read, so a selection by data reads every event of its types. Streams named in the selection
   * are read alone. In $all's order (commit, then prepare position; `before` is a prepare position).
   */
  async readSelected(selection: EventSelection, options: SelectionOptions = {}): Promise<RecordedEvent[]> {
    assertSelection(selection, options);
    const { newestFirst = false, before, limit = Number.POSITIVE_INFINITY } = options;
    const wanted = (event: RecordedEvent) =>
      isSelected(event, selection) && (before === undefined || BigInt(event.globalPosition) < BigInt(before));
    if (selection.streamIds) {
      const read = await Promise.all(selection.streamIds.map((streamId) => this.readEvents(streamId, 1)));
      const events = read.flat().filter(wanted).sort(compareLogPositions);
      return (newestFirst ? events.reverse() : events).slice(0, limit);
    }
    // By type on the server unless an actor may bring in any type.
    const filter = selection.orActorKinds?.length
      ? excludeSystemEvents()
      : eventTypeFilter({ regex: `^(?:${selection.types.map(escapeRegex).join('|') || '(?!)'})$` });
    const found: RecordedEvent[] = [];
    for await (const event of this.scanAll(newestFirst, filter)) {
      if (wanted(event)) found.push(event);
      if (found.length >= limit) break;
    }
    return found;
  }

  /** Counted by reading them: KurrentDB keeps no count of $all after a position. */
  async countAfter(after: LogPosition | undefined): Promise<number> {
    let count = 0;
    for (let from = after; ;) {
      const page = await this.readAll({ after: from, limit: SCAN_PAGE });
      count += page.length;
      if (page.length < SCAN_PAGE) return count;
      from = { transactionId: page.at(-1)!.transactionId, globalPosition: page.at(-1)!.globalPosition };
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
      if (event) return logPositionOfPosition(event.position);
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

  /** Every JSON event of $all that passes `filter`, page by page, from the start or (`backwards`) from the end. */
  private async *scanAll(backwards: boolean, filter: RegexFilter): AsyncGenerator<RecordedEvent> {
    let from: Position | undefined;
    for (;;) {
      const page: AllStreamResolvedEvent[] = [];
      const reader = this.options.client.readAll({
        direction: backwards ? BACKWARDS : FORWARDS,
        fromPosition: from ?? (backwards ? END : START),
        maxCount: SCAN_PAGE,
        filter,
      });
      for await (const resolved of reader) page.push(resolved);
      let fresh = 0;
      for (const { event } of page) {
        if (!event?.position) continue;
        // A page may start at its starting place itself: only what lies beyond the last event read is new.
        if (
          from &&
          (backwards ? comparePositions(event.position, from) >= 0 : comparePositions(event.position, from) <= 0)
        ) {
          continue;
        }
        from = event.position;
        fresh++;
        if (event.isJson) yield toRecordedEvent(event, event.position);
      }
      if (page.length < SCAN_PAGE || fresh === 0) return;
    }
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
      if (event?.isJson) this.listeners.notify([toRecordedEvent(event, event.position)]);
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
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
