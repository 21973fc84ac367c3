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
}

export interface Processor {
  /** Stable: the checkpoint and the lease are stored under this name. Renaming replays the whole log. */
  name: string;
  handles: readonly string[] | 'all';
  mode?: ProcessorMode;
  handle(event: RecordedEvent, ctx: ProcessorContext): Promise<void>;
}

export function processorHandles(processor: Processor, event: RecordedEvent): boolean {
  return processor.handles === 'all' || processor.handles.includes(event.type);
}
