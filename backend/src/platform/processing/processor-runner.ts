import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port.js';
import { compareLogPositions, logPositionOf } from '../event-store/event-store.port.js';
import { Sleeper, type BackoffOptions } from './backoff.js';
import { acquireLease, LeaseLostError, releaseLeases, renewLeases } from './checkpoint-store.js';
import { isLogReadableUpTo, logHorizon } from './log-horizon.js';
import { LogTail } from './log-tail.js';
import { gatherDelay, processorHandles, type Processor } from './processor.js';
import { processorBacklogs, type ProcessorBacklog } from './processor-backlog.js';
import { ProcessorDelivery, type RunnerLog } from './processor-delivery.js';
import {
  awaitsOwnAppend,
  exclusive,
  markStored,
  newProcessorState,
  unstoredCursor,
  type ProcessorState,
} from './processor-state.js';

export interface ProcessorRunnerOptions {
  /** A fresh unit of work (`database.em()`). */
  em: () => EntityManager;
  store: EventStore;
  batchSize?: number;
  /** How often an idle processor looks for new events written by other processes; `wake()` skips the wait. */
  pollIntervalMs?: number;
  /** How long a lease lasts without renewal; a crashed instance's processors move to another after this. */
  leaseMs?: number;
  /**
   * How long the checkpoint of a processor may lag behind the events it read but does not handle (it is written
   * with the next handled event, after this long, on `runUntilIdle` and on stop). A lagging checkpoint only means
   * rereading a few skipped events after a restart; writing it on every batch cost a database write per processor
   * per append.
   */
  skippedCheckpointMs?: number;
  /** Deliveries of one failing event before it is parked. */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** Identifies this instance in the leases; unique per runner by default. */
  owner?: string;
  log?: RunnerLog;
}

/**
 * Runs processors from their stored checkpoints over the event log (never from the in-memory @nestjs/cqrs bus, which
 * stores nothing). Each processor runs in one instance across all processes (a lease in `processor_checkpoints`),
 * retries a failing event with exponential backoff, then parks it in `parked_events` and moves on.
 */
export class ProcessorRunner {
  readonly owner: string;
  private readonly states = new Map<string, ProcessorState>();
  private readonly backoffs = new Sleeper();
  private readonly tail: LogTail;
  private readonly delivery: ProcessorDelivery;
  private readonly settings: Required<Omit<ProcessorRunnerOptions, 'em' | 'store' | 'owner' | 'log'>>;
  private running = false;
  private stopping = false;
  private renewTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProcessorRunnerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.settings = {
      batchSize: options.batchSize ?? 250,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      skippedCheckpointMs: options.skippedCheckpointMs ?? 5_000,
      leaseMs: options.leaseMs ?? 30_000,
      maxAttempts: options.maxAttempts ?? 3,
      backoff: options.backoff ?? { initialMs: 200, maxMs: 5_000 },
    };
    // Under load the processors trail each other by seconds of the log (each its own pace): the tail keeps what lies
    // between the slowest and the end (forgotten as they pass), up to about half a minute of a busy platform.
    this.tail = new LogTail(options.store, this.settings.batchSize, Math.max(20_000, this.settings.batchSize * 10));
    this.delivery = new ProcessorDelivery({
      em: options.em,
      owner: this.owner,
      maxAttempts: this.settings.maxAttempts,
      backoff: this.settings.backoff,
      backoffs: this.backoffs,
      isStopping: () => this.stopping,
      log: (level, message, error) => this.log(level, message, error),
    });
  }

  register(processor: Processor): void {
    if (this.states.has(processor.name)) throw new Error(`processor "${processor.name}" is registered twice`);
    const state = newProcessorState(processor);
    this.states.set(processor.name, state);
    if (this.running) state.loop = this.loop(state);
  }

  get processorNames(): string[] {
    return [...this.states.keys()];
  }

  /** How far behind each processor is (this process's, and any other's with a checkpoint or parked events). */
  backlog(): Promise<ProcessorBacklog[]> {
    return processorBacklogs(this.options.em(), this.options.store, this.processorNames);
  }

  /** Starts polling every registered processor in the background (call once the database is ready). */
  start(): void {
    if (this.running) return;
    this.running = true;
    for (const state of this.states.values()) state.loop = this.loop(state);
    // Renewal runs on its own timer so a slow handler or a long backoff does not let the lease run out.
    this.renewTimer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.settings.leaseMs / 3)));
  }

  /**
   * Polls at once, e.g. right after an append in this process. Given the appended events, only the processors that
   * handle one of them are woken (the others read past them at their next poll), and those keep looking every few
   * milliseconds until they have read them: an event is readable only once every older transaction has finished.
   */
  wake(appended?: readonly RecordedEvent[]): void {
    for (const state of this.states.values()) {
      if (appended) {
        const handled = appended.filter((event) => processorHandles(state.processor, event));
        if (handled.length === 0) continue;
        const last = handled.map(logPositionOf).reduce((a, b) => (compareLogPositions(a, b) >= 0 ? a : b));
        if (!state.expected || compareLogPositions(last, state.expected) > 0) {
          if (!state.expected) state.expectedSince = Date.now();
          state.expected = last;
        }
      }
      state.wakeCalls++;
      state.sleeper.wakeAll();
    }
  }

  /** Lets the event in hand finish, then releases this instance's leases so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    clearInterval(this.renewTimer);
    const states = [...this.states.values()];
    for (const state of states) state.sleeper.wakeAll();
    this.backoffs.wakeAll();
    await Promise.all(states.map((state) => state.loop));
    await Promise.all(states.map((state) => state.lock));
    // Skipped events read but not stored yet are stored with the release (else the next owner reads them again).
    const skipped = states.flatMap((state) => {
      const position = unstoredCursor(state);
      return position ? [{ name: state.processor.name, position }] : [];
    });
    for (const state of states) {
      state.loop = undefined;
      state.leased = false;
      state.expected = undefined;
    }
    try {
      await releaseLeases(this.options.em(), this.owner, skipped);
    } catch (error) {
      this.log('warn', 'could not release processor leases; they expire by themselves', error);
    }
    this.stopping = false;
  }

  /**
   * Processes until every event committed before the call (and whatever the processors append meanwhile) has been
   * handled by the processors this instance may run (tests, one-off catch-up). A transaction still open elsewhere
   * (on a shared server, in another database) delays what the log shows; this waits for those up to `timeoutMs`.
   */
  async runUntilIdle({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
    const horizon = await logHorizon(this.options.em());
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const readable = await isLogReadableUpTo(this.options.em(), horizon);
      await this.drainAll();
      if (readable || this.stopping || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private async drainAll(): Promise<void> {
    // Start from the stored checkpoints, as a new instance would (a test or an operator may have moved one).
    for (const state of this.states.values()) state.leaseSureUntil = 0;
    for (let progressed = true; progressed && !this.stopping;) {
      progressed = false;
      for (const state of this.states.values()) {
        const read = await exclusive(state, () => this.drain(state));
        if (read > 0) progressed = true;
      }
    }
    for (const state of this.states.values()) await exclusive(state, () => this.writeSkipped(state));
  }

  private async loop(state: ProcessorState): Promise<void> {
    let soon = 0;
    let backlog = false;
    while (this.running) {
      let more = false;
      // A batching processor woken by an append lets the events of the next moment join it (one read, one delivery),
      // and at a busy moment those of its whole spacing. A backlog is read on at once: waiting between its batches
      // would let the processor fall ever further behind.
      if (state.processor.handleBatch && !backlog && state.wakeCalls > 0 && state.expected) {
        const delay = gatherDelay(state.processor, Date.now() - state.deliveredAt);
        if (delay > 0) await this.backoffs.sleep(delay);
      }
      // A wake-up that arrives while a step runs must not be lost to the sleep that follows it.
      const wakeCallsBefore = state.wakeCalls;
      try {
        more = (await exclusive(state, () => this.step(state))).more;
        backlog = more;
        if (state.failing) this.log('info', `processor "${state.processor.name}" runs again`);
        state.failing = false;
      } catch (error) {
        // Typically the database is down: log once, keep polling, resume from the stored checkpoint.
        if (!state.failing) this.log('error', `processor "${state.processor.name}" failed; retrying`, error);
        state.failing = true;
      }
      if (!more && this.running && state.wakeCalls === wakeCallsBefore) {
        if (awaitsOwnAppend(state)) {
          // An event appended here is not readable yet (an older transaction is still open): look again shortly.
          soon = Math.min(soon === 0 ? 5 : soon * 2, 200, this.settings.pollIntervalMs);
          await state.sleeper.sleep(soon);
        } else {
          soon = 0;
          await state.sleeper.sleep(this.settings.pollIntervalMs);
        }
      }
    }
  }

  private async drain(state: ProcessorState): Promise<number> {
    let total = 0;
    for (let more = true; more && !this.stopping;) {
      const step = await this.step(state);
      total += step.read;
      more = step.more;
    }
    return total;
  }

  /** Makes sure of the lease, reads one batch after this instance's cursor and delivers it. */
  private async step(state: ProcessorState): Promise<{ read: number; more: boolean }> {
    const { processor } = state;
    if (!state.leased || Date.now() >= state.leaseSureUntil) {
      const askedAt = Date.now();
      const checkpoint = await acquireLease(this.options.em(), {
        name: processor.name,
        owner: this.owner,
        leaseMs: this.settings.leaseMs,
      });
      if (!checkpoint) {
        if (state.leased) this.log('info', `processor "${processor.name}" moved to another instance`);
        state.leased = false;
        return { read: 0, more: false };
      }
      state.leaseSureUntil = askedAt + Math.floor(this.settings.leaseMs / 2);
      // Held all along, the stored checkpoint is the one we wrote and our cursor may be ahead of it by skipped
      // events. Taken afresh, or moved by someone else meanwhile (another instance, an operator replaying a
      // projection by deleting its checkpoint), the stored one is the truth.
      const unchanged = state.leased && state.stored && compareLogPositions(checkpoint, state.stored) === 0;
      if (!unchanged) {
        state.cursor = checkpoint;
        markStored(state, checkpoint);
      }
      state.leased = true;
    }
    const events = await this.tail.read(state.cursor);
    try {
      if (await this.delivery.batch(state, events)) {
        this.forgetWhatAllRead();
        return { read: events.length, more: events.length === this.settings.batchSize && !this.stopping };
      }
      for (const event of events) {
        if (this.stopping || !state.leased) break;
        if (processorHandles(processor, event)) {
          if ((await this.delivery.one(state, event)) === 'stopped') break;
        }
        state.cursor = logPositionOf(event);
      }
      this.forgetWhatAllRead();
      // Events this processor does not handle move its stored checkpoint only now and then (see skippedCheckpointMs).
      if (Date.now() - state.storedAt >= this.settings.skippedCheckpointMs) await this.writeSkipped(state);
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
      state.leased = false;
      this.log('warn', `processor "${processor.name}" lost its lease mid-batch; the new owner repeats the event`);
      return { read: events.length, more: false };
    }
    return { read: events.length, more: events.length === this.settings.batchSize && !this.stopping };
  }

  /** The shared tail forgets the events every processor held here has read (none will ask for them again). */
  private forgetWhatAllRead(): void {
    let slowest: LogPosition | undefined;
    for (const state of this.states.values()) {
      if (!state.leased) continue;
      if (!state.cursor) return; // one reads from the log's start: keep everything
      if (!slowest || compareLogPositions(state.cursor, slowest) < 0) slowest = state.cursor;
    }
    if (slowest) this.tail.forgetThrough(slowest);
  }

  /** Stores the cursor when it is past the stored checkpoint (skipped events). */
  private async writeSkipped(state: ProcessorState): Promise<void> {
    const cursor = unstoredCursor(state);
    if (!cursor) {
      state.storedAt = Date.now();
      return;
    }
    await this.delivery.advance(this.options.em(), state, cursor);
    markStored(state, cursor);
  }

  private async renew(): Promise<void> {
    const names = [...this.states.values()].filter((state) => state.leased).map((state) => state.processor.name);
    try {
      const lost = await renewLeases(this.options.em(), { names, owner: this.owner, leaseMs: this.settings.leaseMs });
      // Only a step's own lease call makes the lease sure again: it also reads the stored checkpoint, so a checkpoint
      // moved from outside is noticed within half a lease.
      for (const name of lost) {
        const state = this.states.get(name);
        if (state) state.leased = false;
      }
    } catch {
      // The database is away; the loops report it, and the next tick tries again.
    }
  }

  private log(level: 'info' | 'warn' | 'error', message: string, error?: unknown): void {
    this.options.log?.(level, message, error);
  }
}
