import type { OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import type { PrinterPresence } from '../application/printer-presence.service.js';
import type { SlipDelivery } from '../application/slip-delivery.service.js';

export const SLIP_DISPATCH_PROCESSOR = 'slip-dispatch';

/**
 * Pushes each queued slip to the business's agent. A reactor: a push is a side effect, and pushing twice is harmless
 * (the agent prints a slip id once). An agent that is offline now gets the slip when it connects. A batch asks once
 * which of its businesses have an agent online (most businesses print nothing), so it costs one query.
 */
export function slipDispatchProcessor({
  delivery,
  presence,
}: {
  delivery: SlipDelivery;
  presence: PrinterPresence;
}): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    const slips = events.map((event) => event.data as OrderEventData['SlipQueued']);
    const online = await presence.onlineAmong(slips.map((slip) => slip.businessPhone));
    for (const { businessPhone, slipId, orderId, queuedAt } of slips) {
      if (online.has(businessPhone)) await delivery.deliverIfDue(businessPhone, slipId, orderId, new Date(queuedAt));
    }
  };
  return {
    name: SLIP_DISPATCH_PROCESSOR,
    mode: 'reactor',
    handles: ['SlipQueued'],
    gatherMs: 20,
    // The kitchen's printer gets a slip a tenth of a second later at most, at a busy moment.
    spacingMs: 100,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}
