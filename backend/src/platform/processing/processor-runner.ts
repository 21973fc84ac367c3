import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DatabaseUnavailableError, isDatabaseUnavailableError } from '../database/database-errors.js';
import {
  logPositionOf,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../event-store/event-store.port.js';
import { backoffDelay, Sleeper, type BackoffOptions } from './backoff.js';
import {
  acquireLease,
  advanceCheckpoint,
  LeaseLostError,
  parkEvent,
  releaseLeases,
  renewLeases,
} from './checkpoint-store.js';
import { isLogReadableUpTo, logHorizon } from './log-horizon.js';
import { processorHandles, type Processor } from './processor.js';

export interface ProcessorRunnerOptions {
  /** A fresh unit of work (`database.em()`). */
  em: () => EntityManager;
  store: EventStore;
  batchSize?: number;
  /** How often an idle processor looks for new events written by other processes; `wake()` skips the wait. */
  pollIntervalMs?: number;
  /** How long a lease lasts without renewal; a crashed instance's processors move to another after this. */
  leaseMs?: number;
  /** Deliveries of one failing event before it is parked. */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** Identifies this instance in the leases; unique per runner by default. */
  owner?: string;
  log?: (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;
}

interface ProcessorState {
  processor: Processor;
  leased: boolean;
  failing: boolean;
  /** Serialises the steps of one processor (the background loop and `runUntilIdle`). */
  lock: Promise<unknown>;
  loop: Promise<void> | undefined;
}

type Delivery = 'done' | 'stopped';

/**
 * Runs processors from their stored checkpoints over the event log (never from the in-memory @nestjs/cqrs bus, which
 * stores nothing). Each processor runs in one instance across all processes (a lease in `processor_checkpoints`),
 * retries a failing event with exponential backoff, then parks it in `parked_events` and moves on.
 */
export class ProcessorRunner {
  readonly owner: string;
  private readonly states = new Map<string, ProcessorState>();
  private readonly polls = new Sleeper();
  private readonly backoffs = new Sleeper();
  private readonly settings: Required<Omit<ProcessorRunnerOptions, 'em' | 'store' | 'owner' | 'log'>>;
  private running = false;
  private stopping = false;
  private wakeCalls = 0;
  private renewTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProcessorRunnerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.settings = {
      batchSize: options.batchSize ?? 100,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      leaseMs: options.leaseMs ?? 30_000,
      maxAttempts: options.maxAttempts ?? 3,
      backoff: options.backoff ?? { initialMs: 200, maxMs: 5_000 },
    };
  }

  register(processor: Processor): void {
    if (this.states.has(processor.name)) throw new Error(`processor "${processor.name}" is registered twice`);
    const state: ProcessorState = {
      processor,
      leased: false,
      failing: false,
      lock: Promise.resolve(),
      loop: undefined,
    };
    this.states.set(processor.name, state);
    if (this.running) state.loop = this.loop(state);
  }

  get processorNames(): string[] {
    return [...this.states.keys()];
  }

  /** Starts polling every registered processor in the background (call once the database is ready). */
  start(): void {
    if (this.running) return;
    this.running = true;
    for (const state of this.states.values()) state.loop = this.loop(state);
    // Renewal runs on its own timer so a slow handler or a long backoff does not let the lease run out.
    this.renewTimer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.settings.leaseMs / 3)));
  }

  /** Polls at once, e.g. right after an append in this process. */
  wake(): void {
    this.wakeCalls++;
    this.polls.wakeAll();
  }

  /** Lets the event in hand finish, then releases this instance's leases so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    clearInterval(this.renewTimer);
    this.polls.wakeAll();
    this.backoffs.wakeAll();
    const states = [...this.states.values()];
    await Promise.all(states.map((state) => state.loop));
    await Promise.all(states.map((state) => state.lock));
    for (const state of states) {
      state.loop = undefined;
      state.leased = false;
    }
    try {
      await releaseLeases(this.options.em(), this.owner);
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
    for (let progressed = true; progressed && !this.stopping;) {
      progressed = false;
      for (const state of this.states.values()) {
        const read = await this.exclusive(state, () => this.drain(state));
        if (read > 0) progressed = true;
      }
    }
  }

  private async loop(state: ProcessorState): Promise<void> {
    while (this.running) {
      let more = false;
      // A wake-up that arrives while a step runs must not be lost to the sleep that follows it.
      const wakeCallsBefore = this.wakeCalls;
      try {
        more = (await this.exclusive(state, () => this.step(state))).more;
        if (state.failing) this.log('info', `processor "${state.processor.name}" runs again`);
        state.failing = false;
      } catch (error) {
        // Typically the database is down: log once, keep polling, resume from the stored checkpoint.
        if (!state.failing) this.log('error', `processor "${state.processor.name}" failed; retrying`, error);
        state.failing = true;
      }
      if (!more && this.running && this.wakeCalls === wakeCallsBefore) {
        await this.polls.sleep(this.settings.pollIntervalMs);
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

  /** Takes (or renews) the lease, reads one batch after the stored checkpoint and delivers it. */
  private async step(state: ProcessorState): Promise<{ read: number; more: boolean }> {
    const { processor } = state;
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
    state.leased = true;
    const events = await this.options.store.readAll({ after: checkpoint, limit: this.settings.batchSize });
    let stored: LogPosition = checkpoint;
    let done: LogPosition = checkpoint;
    try {
      for (const event of events) {
        if (this.stopping || !state.leased) break;
        if (processorHandles(processor, event)) {
          if ((await this.deliver(state, event)) === 'stopped') break;
          stored = done = logPositionOf(event);
        } else {
          done = logPositionOf(event);
        }
      }
      // Events this processor does not handle still move its checkpoint, once per batch.
      if (done !== stored) await this.advance(this.options.em(), state, done);
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
      state.leased = false;
      this.log('warn', `processor "${processor.name}" lost its lease mid-batch; the new owner repeats the event`);
      return { read: events.length, more: false };
    }
    return { read: events.length, more: events.length === this.settings.batchSize && !this.stopping };
  }

  private async deliver(state: ProcessorState, event: RecordedEvent): Promise<Delivery> {
    const { processor } = state;
    const { maxAttempts } = this.settings;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.handleOnce(state, event, attempt);
        return 'done';
      } catch (error) {
        if (error instanceof LeaseLostError || isUnavailable(error)) throw error;
        const where = `${event.type} at ${event.globalPosition} (stream ${event.streamId})`;
        if (attempt >= maxAttempts) {
          await this.options.em().transactional(async (em) => {
            await parkEvent(em, { processor: processor.name, event, error, attempts: attempt });
            await this.advance(em, state, logPositionOf(event));
          });
          this.log('error', `processor "${processor.name}" parked ${where} after ${attempt} attempts`, error);
          return 'done';
        }
        this.log(
          'warn',
          `processor "${processor.name}" failed on ${where}, attempt ${attempt} of ${maxAttempts}`,
          error,
        );
        if (this.stopping) return 'stopped';
        await this.backoffs.sleep(backoffDelay(attempt, this.settings.backoff));
        if (this.stopping) return 'stopped';
      }
    }
  }

  private async handleOnce(state: ProcessorState, event: RecordedEvent, attempt: number): Promise<void> {
    const { processor } = state;
    const position = logPositionOf(event);
    if (processor.mode === 'projection') {
      // The read-model write and the checkpoint commit together: a crash in between repeats nothing.
      await this.options.em().transactional(async (em) => {
        await processor.handle(event, { em, attempt });
        await this.advance(em, state, position);
      });
      return;
    }
    await processor.handle(event, { em: this.options.em(), attempt });
    await this.advance(this.options.em(), state, position);
  }

  private advance(em: EntityManager, state: ProcessorState, position: LogPosition): Promise<void> {
    return advanceCheckpoint(em, { name: state.processor.name, owner: this.owner, position });
  }

  private async renew(): Promise<void> {
    const names = [...this.states.values()].filter((state) => state.leased).map((state) => state.processor.name);
    try {
      const lost = await renewLeases(this.options.em(), { names, owner: this.owner, leaseMs: this.settings.leaseMs });
      for (const name of lost) {
        const state = this.states.get(name);
        if (state) state.leased = false;
      }
    } catch {
      // The database is away; the loops report it, and the next tick tries again.
    }
  }

  private exclusive<T>(state: ProcessorState, run: () => Promise<T>): Promise<T> {
    const result = state.lock.then(run, run);
    state.lock = result.catch(() => undefined);
    return result;
  }

  private log(level: 'info' | 'warn' | 'error', message: string, error?: unknown): void {
    this.options.log?.(level, message, error);
  }
}

function isUnavailable(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError || isDatabaseUnavailableError(error);
}
