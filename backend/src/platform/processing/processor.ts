import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../event-store/event-store.port.js';

/**
 * - `projection`: `handle` runs inside the transaction that also moves the checkpoint, and must touch the database
 *   only through `ctx.em` (appends too: `store.appendToStream(id, events, { expectedVersion, em: ctx.em })`).
 *   A crash repeats nothing: the read-model write, any append and the checkpoint commit together.
 * - `reactor` (side effects: invoices, SMS, slips, sockets, appends to other streams): `handle` runs outside any
 *   transaction and the checkpoint moves after it, so a crash can deliver the last event again; key every effect.
 *   On PGlite a handler that held a transaction while asking for another connection would wait forever, which is
 *   why only projections get a transaction.
 */
export type ProcessorMode = 'projection' | 'reactor';

export interface ProcessorContext {
  /** In `projection` mode, the transaction of this delivery; in `reactor` mode, a fresh unit of work. */
  em: EntityManager;
  /** 1 on the first delivery of this event by this runner, then 2, 3, ... on retries. */
  attempt: number;
  /**
   * Runs `effect` once this delivery is committed (a socket push of what a projection wrote): never for a delivery
   * that rolled back. In `reactor` mode it runs when the handler is done.
   */
  afterCommit(effect: () => void): void;
}

export interface Processor {
  /** Stable: the checkpoint and the lease are stored under this name. Renaming replays the whole log. */
  name: string;
  handles: readonly string[] | 'all';
  mode?: ProcessorMode;
  handle(event: RecordedEvent, ctx: ProcessorContext): Promise<void>;
  /**
   * Every handled event of one read of the log at once, in log order, in one transaction with one checkpoint write
   * (`projection`), or followed by one checkpoint write (`reactor`): the cost of a busy moment is per batch, not per
   * event (decision 015). It must do exactly what `handle` would do for each event in turn. When it throws, the
   * batch is delivered again event by event through `handle`, with the usual retries and parking.
   */
  handleBatch?(events: readonly RecordedEvent[], ctx: ProcessorContext): Promise<void>;
  /**
   * After a wake-up, wait this long before reading, so the events of a busy moment are read and handled together
   * (batching processors only; the effect is that much later).
   */
  gatherMs?: number;
  /**
   * While events keep coming, reads of a batching processor at least this far apart (default `gatherMs`): at a busy
   * moment the events of the whole interval are delivered together, so the cost of a delivery (its transaction, its
   * statements, its checkpoint write) is paid a few times a second rather than once per order, at the price of that
   * much delay. After a quiet spell an event waits only `gatherMs`, and a backlog (a whole batch read) is read on at
   * once, never spaced.
   */
  spacingMs?: number;
}

/**
 * How long a batching processor woken by an append waits before it reads: its `gatherMs`, or longer while it read
 * events it handles less than `spacingMs` ago (a busy moment).
 */
export function gatherDelay(processor: Processor, sinceLastDeliveryMs: number): number {
  const gatherMs = processor.gatherMs ?? 0;
  return Math.max(gatherMs, (processor.spacingMs ?? gatherMs) - sinceLastDeliveryMs);
}

export function processorHandles(processor: Processor, event: RecordedEvent): boolean {
  return processor.handles === 'all' || processor.handles.includes(event.type);
}
