import type { CommandBus } from '@nestjs/cqrs';
import type { OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import type { BusinessReader } from '../../accounts/index.js';
import { MoveKitchenStepCommand } from '../application/kitchen-step.handler.js';
import { OrderInvalidTransitionError } from '../domain/order.errors.js';
import type { OrderStore } from '../persistence/order-store.js';
import { paidOrderReactor } from './paid-order-reactor.js';

export const AUTO_ACCEPT_PROCESSOR = 'auto-accept';

/**
 * "Accept new orders automatically" (decision 032): each newly paid order of a business that turned it on is
 * accepted through the kitchen's own command (`MoveKitchenStep`, with the owner's estimate), so the diner, the
 * consoles and the log see exactly what a press of "אישור הזמנה" would have made.
 *
 * A `reactor` (it appends to the order's stream through a command). A repeat after a crash is harmless: accepting an
 * accepted order decides nothing. An order the kitchen already moved (accepted with its own estimate, ready, served,
 * or declined) is left alone; so is an order paid before the setting was last chosen, which keeps a first start on an
 * older log (the checkpoint begins at the log's start) and a lagging processor from accepting orders the kitchen
 * has been looking at by hand. Business settings of a batch are read in one query.
 */
export function autoAcceptProcessor({
  businesses,
  orders,
  commands,
}: {
  businesses: BusinessReader;
  orders: OrderStore;
  commands: CommandBus;
}): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    const paid = events.map((event) => ({ event, data: event.data as { orderId: string; businessPhone: string } }));
    const settings = await businesses.autoAcceptOfMany([...new Set(paid.map(({ data }) => data.businessPhone))]);
    for (const { event, data } of paid) {
      const setting = settings.get(data.businessPhone);
      // An order for later counts from when it became due (issue 33): its kitchen life starts then.
      const since = event.type === 'OrderDue' ? event.recordedAt : (data as OrderEventData['OrderPaid']).paidAt;
      if (!setting?.enabled || !setting.since || Date.parse(since) < Date.parse(setting.since)) continue;
      const current = await orders.load(data.orderId);
      if (!current.state.placed || current.state.status !== 'paid') continue;
      // Paid for later and not yet due: `OrderDue` accepts it when its preparation should start.
      if (current.state.pickup && !current.state.pickup.due) continue;
      try {
        await commands.execute(
          new MoveKitchenStepCommand(
            data.businessPhone,
            data.orderId,
            'accepted',
            { kind: 'system', id: AUTO_ACCEPT_PROCESSOR },
            event.metadata.correlationId,
            setting.readyInMinutes ?? undefined,
          ),
        );
      } catch (error) {
        // The kitchen moved it (or declined it) between the read and the command: theirs stands.
        if (error instanceof OrderInvalidTransitionError) continue;
        throw error;
      }
    }
  };

  // The diner sees the order accepted a quarter of a second later at most, at a busy moment.
  return { ...paidOrderReactor(AUTO_ACCEPT_PROCESSOR, handleBatch), handles: ['OrderPaid', 'OrderDue'] };
}
