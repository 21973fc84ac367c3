import { compareLogPositions, type LogPosition } from '../event-store/event-store.port.js';
import { Sleeper } from './backoff.js';
import type { Processor } from './processor.js';

/** What the runner knows of one registered processor in this process. */
export interface ProcessorState {
  processor: Processor;
  leased: boolean;
  /**
   * Until then (this process's clock) the lease is certainly ours without asking: a step's lease call took or renewed
   * it less than half a lease ago, and nobody may take it before a whole lease has passed.
   */
  leaseSureUntil: number;
  /** Where this instance has read to; ahead of the stored checkpoint by the skipped events not yet written. */
  cursor: LogPosition | undefined;
  /** The checkpoint as stored. */
  stored: LogPosition | undefined;
  storedAt: number;
  /** The furthest event this process appended that the processor handles: it must be read soon, so look again soon. */
  expected: LogPosition | undefined;
  expectedSince: number;
  failing: boolean;
  /** When this batching processor last read events it handles (this process's clock; 0: never): spaced from it. */
  deliveredAt: number;
  wakeCalls: number;
  sleeper: Sleeper;
  /** Serialises the steps of one processor (the background loop and `runUntilIdle`). */
  lock: Promise<unknown>;
  loop: Promise<void> | undefined;
}

export function newProcessorState(processor: Processor): ProcessorState {
  return {
    processor,
    leased: false,
    leaseSureUntil: 0,
    cursor: undefined,
    stored: undefined,
    storedAt: 0,
    expected: undefined,
    expectedSince: 0,
    failing: false,
    deliveredAt: 0,
    wakeCalls: 0,
    sleeper: new Sleeper(),
    lock: Promise.resolve(),
    loop: undefined,
  };
}

/** Remembers a checkpoint once it is committed. */
export function markStored(state: ProcessorState, position: LogPosition): void {
  state.stored = position;
  state.storedAt = Date.now();
}

/** The cursor of a held processor, when it is past the stored checkpoint by skipped events not written yet. */
export function unstoredCursor(state: ProcessorState): LogPosition | undefined {
  const { cursor, stored } = state;
  if (!state.leased || !cursor) return undefined;
  return !stored || compareLogPositions(cursor, stored) > 0 ? cursor : undefined;
}

/**
 * True while an event this process appended for the processor is not read yet. An append inside a caller's
 * transaction announces itself before that transaction commits and may still roll back, so the hurry ends after a
 * few seconds either way; polling goes on as usual.
 */
export function awaitsOwnAppend(state: ProcessorState): boolean {
  if (!state.expected) return false;
  const read = state.cursor && compareLogPositions(state.cursor, state.expected) >= 0;
  if (read || !state.leased || Date.now() - state.expectedSince > 5_000) {
    state.expected = undefined;
    return false;
  }
  return true;
}

/** Runs `run` after whatever step of the same processor is running (the background loop and `runUntilIdle`). */
export function exclusive<T>(state: ProcessorState, run: () => Promise<T>): Promise<T> {
  const result = state.lock.then(run, run);
  state.lock = result.catch(() => undefined);
  return result;
}
