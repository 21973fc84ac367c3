import { type OrderEventData, orderEventSchemaVersions, orderStreamId } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { orderDecider } from '../domain/order.decider.js';

export const SLIP_QUEUE_PROCESSOR = 'slip-queue';

/** One slip per order, so the slip's id is the order's: the printing agent's acknowledgement names both. */
export const slipIdOf = (orderId: string): string => `slip-${orderId}`;

/**
 * Queues the kitchen slip of each paid order (`SlipQueued`); the printing module delivers it to the business's agent.
 * A `projection`: the append and the checkpoint commit together in the delivery's transaction, and a second delivery
 * decides nothing (the order aggregate knows its slip is queued).
 */
export function slipQueueProcessor({ store }: { store: EventStore }): Processor {
  return {
    name: SLIP_QUEUE_PROCESSOR,
    handles: ['OrderPaid'],
    mode: 'projection',
    async handle(event, { em }) {
      const { orderId } = event.data as OrderEventData['OrderPaid'];
      const now = new Date().toISOString();
      await handleCommand({
        store,
        streamId: orderStreamId(orderId),
        decider: orderDecider,
        command: { type: 'QueueSlip', data: { now, slipId: slipIdOf(orderId) } },
        metadata: {
          correlationId: event.metadata.correlationId,
          causationId: event.globalPosition,
          actor: { kind: 'system', id: SLIP_QUEUE_PROCESSOR },
          occurredAt: now,
        },
        schemaVersions: orderEventSchemaVersions,
        em,
      });
    },
  };
}
