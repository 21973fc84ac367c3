import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';

/**
 * A `reactor` on each paid order (it acts outside the log, then records through an order command), reading its events
 * in batches: a busy moment's payments are gathered for 50 ms and read at most four times a second, so the effect
 * follows a payment a quarter of a second later at most. One event alone is a batch of one.
 */
export function paidOrderReactor(
  name: string,
  handleBatch: (events: readonly RecordedEvent[]) => Promise<void>,
): Processor {
  return {
    name,
    handles: ['OrderPaid'],
    mode: 'reactor',
    gatherMs: 50,
    spacingMs: 250,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}
