import type { OrderEventData } from '@tafrit/contracts';
import type { Processor } from '../../../platform/processing/processor.js';
import type { SlipDelivery } from '../application/slip-delivery.service.js';

export const SLIP_DISPATCH_PROCESSOR = 'slip-dispatch';

/**
 * Pushes each queued slip to the business's agent. A reactor: a push is a side effect, and pushing twice is harmless
 * (the agent prints a slip id once). An agent that is offline now gets the slip when it connects.
 */
export function slipDispatchProcessor({ delivery }: { delivery: SlipDelivery }): Processor {
  return {
    name: SLIP_DISPATCH_PROCESSOR,
    mode: 'reactor',
    handles: ['SlipQueued'],
    async handle(event) {
      const { businessPhone, slipId, orderId, queuedAt } = event.data as OrderEventData['SlipQueued'];
      await delivery.deliverIfDue(businessPhone, slipId, orderId, new Date(queuedAt));
    },
  };
}
