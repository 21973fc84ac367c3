import {
  compareLogPositions,
  logPositionOf,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../event-store/event-store.port.js';

const samePosition = (a: LogPosition | undefined, b: LogPosition | undefined): boolean =>
  a === undefined || b === undefined ? a === b : compareLogPositions(a, b) === 0;

const keyOf = (after: LogPosition | undefined): string =>
  after ? `${after.transactionId}/${after.globalPosition}` : '';

/**
 * The last stretch of the log this process read, shared by its processors. Each processor follows the log at its own
 * pace (its own gathering delay, its own handler), so they seldom ask for the same batch at the same moment; without
 * this, every event of a paid order was read from the database and parsed about six times (once per processor that
 * stood elsewhere), which cost the database and this process more than the handlers that skip it.
 *
 * The stretch is contiguous: it starts right after `start` and each read that extends it asks for what follows its
 * last event, exactly as one processor reading the log alone would. A read within it is answered from memory (a
 * prefix of what the store would answer), and a reader at its end asks the store for what follows (one query however
 * many processors reach the end together).
 * The log is immutable and `readAll` never passes an event of an unfinished transaction, so the remembered events are
 * the ones the store would answer again. The events are shared: handlers treat them as read-only (as they always had
 * to, since processors woken together already shared one read).
 */
export class LogTail {
  private known = false;
  private start: LogPosition | undefined;
  private events: RecordedEvent[] = [];
  private readonly inFlight = new Map<string, Promise<RecordedEvent[]>>();

  /**
   * @param keep events remembered at most (the oldest are forgotten first). The runner forgets what every processor
   *   has read (`forgetThrough`), so this bounds only a processor left far behind (one backing off on a failing event):
   *   past it, that one reads from the store.
   */
  constructor(
    private readonly store: EventStore,
    private readonly batchSize: number,
    private readonly keep: number,
  ) {}

  /** The next `batchSize` events of the log after `after` (fewer at its visible end), as `EventStore.readAll`. */
  async read(after: LogPosition | undefined): Promise<RecordedEvent[]> {
    const from = this.indexAfter(after);
    if (from === undefined) {
      const events = await this.fetch(after);
      this.adopt(after, events);
      return events;
    }
    // What is remembered is answered as it stands, even short of a batch: the reader comes back for the rest (a
    // processor woken for a later event looks again within milliseconds), and that read is the store's.
    if (from < this.events.length) {
      const cached = this.events.slice(from, from + this.batchSize);
      // A store read gives the event loop a turn; an answer from memory must too, or a processor far behind that
      // handles none of these events would skip through thousands of them in one task while requests wait.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return cached;
    }
    const end = this.end();
    const more = await this.fetch(end);
    this.extend(end, more);
    return more;
  }

  /** The index in `events` of the first event after `after`, or undefined when the stretch does not cover it. */
  private indexAfter(after: LogPosition | undefined): number | undefined {
    if (!this.known) return undefined;
    if (samePosition(after, this.start)) return 0;
    if (after === undefined || this.events.length === 0) return undefined;
    // Most readers stand at the end (they caught up): look there first, then search the sorted stretch.
    const last = this.events.length - 1;
    if (compareLogPositions(logPositionOf(this.events[last]!), after) === 0) return last + 1;
    let low = 0;
    let high = last - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const order = compareLogPositions(logPositionOf(this.events[middle]!), after);
      if (order === 0) return middle + 1;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  private end(): LogPosition | undefined {
    const last = this.events.at(-1);
    return last ? logPositionOf(last) : this.start;
  }

  /** One store read per position at a time, shared by every processor asking for it meanwhile. */
  private fetch(after: LogPosition | undefined): Promise<RecordedEvent[]> {
    const key = keyOf(after);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const read = this.store.readAll({ after, limit: this.batchSize });
    this.inFlight.set(key, read);
    const forget = () => this.inFlight.delete(key);
    read.then(forget, forget);
    return read;
  }

  /** Appends what followed the stretch's end, unless another reader of the same read did so already. */
  private extend(end: LogPosition | undefined, more: readonly RecordedEvent[]): void {
    if (more.length === 0 || !samePosition(end, this.end())) return;
    this.events.push(...more);
    this.forgetOldest();
  }

  /**
   * A read outside the stretch (a processor far behind, or the first read) becomes the stretch when there is none,
   * or when it reaches at least as far: the freshest stretch is the one the others will ask for.
   */
  private adopt(after: LogPosition | undefined, events: readonly RecordedEvent[]): void {
    const reach = events.length > 0 ? logPositionOf(events.at(-1)!) : after;
    const current = this.end();
    if (this.known && (reach === undefined || (current !== undefined && compareLogPositions(reach, current) < 0))) {
      return;
    }
    this.known = true;
    this.start = after;
    this.events = [...events];
    this.forgetOldest();
  }

  /**
   * Forgets the events at or before `position`: every reader of this process stands past them (the runner passes the
   * slowest processor's place), so only a reader moved back from outside could ask for them, and the store answers it.
   */
  forgetThrough(position: LogPosition): void {
    // A position outside the stretch (before it, or not in it) is not found: nothing to forget.
    this.forgetFirst(this.indexAfter(position) ?? 0);
  }

  private forgetOldest(): void {
    this.forgetFirst(this.events.length - this.keep);
  }

  /** Forgets the first `count` events: the stretch then starts right after the last of them. */
  private forgetFirst(count: number): void {
    if (count <= 0) return;
    this.start = logPositionOf(this.events[count - 1]!);
    this.events = this.events.slice(count);
  }
}
