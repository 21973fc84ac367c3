import type { EntityManager } from '@mikro-orm/postgresql';
import { DatabaseUnavailableError, isDatabaseTransientError } from '../database/database-errors.js';
import { logPositionOf, type LogPosition, type RecordedEvent } from '../event-store/event-store.port.js';
import { backoffDelay, type BackoffOptions, type Sleeper } from './backoff.js';
import { advanceCheckpoint, LeaseLostError, parkEvent } from './checkpoint-store.js';
import { processorHandles } from './processor.js';
import { markStored, type ProcessorState } from './processor-state.js';

export type Delivery = 'done' | 'stopped';
export type RunnerLog = (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;

export interface DeliveryOptions {
  em: () => EntityManager;
  /** This instance, as the leases name it: a checkpoint moves only while the lease is still ours. */
  owner: string;
  maxAttempts: number;
  backoff: BackoffOptions;
  /** The runner's sleeper for backoffs, which a stop cuts short. */
  backoffs: Sleeper;
  isStopping: () => boolean;
  log: RunnerLog;
}

/**
 * How the runner hands events to a processor: a batch at once where the processor batches, else one event at a
 * time with retries and backoff, and parking after the last attempt. A projection's write and its checkpoint commit
 * in one transaction; a reactor's checkpoint moves after its handler.
 */
export class ProcessorDelivery {
  constructor(private readonly options: DeliveryOptions) {}

  advance(em: EntityManager, state: ProcessorState, position: LogPosition): Promise<void> {
    return advanceCheckpoint(em, { name: state.processor.name, owner: this.options.owner, position });
  }

  /**
   * Delivers the handled events of one read at once (`handleBatch`) and moves the checkpoint past the whole read.
   * False when the processor does not batch, or the batch failed: the caller then delivers event by event, with the
   * retries and parking of a single event (the batch's effects are keyed, or rolled back for a projection).
   */
  async batch(state: ProcessorState, events: readonly RecordedEvent[]): Promise<boolean> {
    const { processor } = state;
    if (!processor.handleBatch || events.length === 0 || this.options.isStopping() || !state.leased) return false;
    const handled = events.filter((event) => processorHandles(processor, event));
    if (handled.length === 0) return false;
    // Only batching processors are spaced, and this is where their handled events are known.
    state.deliveredAt = Date.now();
    const last = logPositionOf(events.at(-1)!);
    const effects: (() => void)[] = [];
    const afterCommit = (effect: () => void) => void effects.push(effect);
    try {
      if (processor.mode === 'projection') {
        await this.options.em().transactional(async (em) => {
          await processor.handleBatch!(handled, { em, attempt: 1, afterCommit });
          await this.advance(em, state, last);
        });
      } else {
        await processor.handleBatch(handled, { em: this.options.em(), attempt: 1, afterCommit });
        await this.advance(this.options.em(), state, last);
      }
    } catch (error) {
      if (error instanceof LeaseLostError || isUnavailable(error)) throw error;
      this.options.log(
        'warn',
        `processor "${processor.name}" failed on a batch of ${handled.length}; one by one now`,
        error,
      );
      return false;
    }
    state.cursor = last;
    markStored(state, last);
    this.runEffects(state, effects);
    return true;
  }

  async one(state: ProcessorState, event: RecordedEvent): Promise<Delivery> {
    const { processor } = state;
    const { maxAttempts, log } = this.options;
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
          markStored(state, logPositionOf(event));
          log('error', `processor "${processor.name}" parked ${where} after ${attempt} attempts`, error);
          return 'done';
        }
        log('warn', `processor "${processor.name}" failed on ${where}, attempt ${attempt} of ${maxAttempts}`, error);
        if (this.options.isStopping()) return 'stopped';
        await this.options.backoffs.sleep(backoffDelay(attempt, this.options.backoff));
        if (this.options.isStopping()) return 'stopped';
      }
    }
  }

  private async handleOnce(state: ProcessorState, event: RecordedEvent, attempt: number): Promise<void> {
    const { processor } = state;
    const position = logPositionOf(event);
    const effects: (() => void)[] = [];
    const afterCommit = (effect: () => void) => void effects.push(effect);
    if (processor.mode === 'projection') {
      // The read-model write and the checkpoint commit together: a crash in between repeats nothing.
      await this.options.em().transactional(async (em) => {
        await processor.handle(event, { em, attempt, afterCommit });
        await this.advance(em, state, position);
      });
    } else {
      await processor.handle(event, { em: this.options.em(), attempt, afterCommit });
      await this.advance(this.options.em(), state, position);
    }
    markStored(state, position);
    this.runEffects(state, effects);
  }

  private runEffects(state: ProcessorState, effects: readonly (() => void)[]): void {
    for (const effect of effects) {
      try {
        effect();
      } catch (error) {
        this.options.log('warn', `an effect of processor "${state.processor.name}" failed`, error);
      }
    }
  }
}

function isUnavailable(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError || isDatabaseTransientError(error);
}
