import type { CommandBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { StartTabRoundCommand } from '../application/tab/start-tab-round.handler.js';
import type { TabHolds } from '../persistence/tab-holds.js';

export const TAB_ROUNDS_PROCESSOR = 'tab-rounds';

const CART_PREFIX = 'tablecart-';

/**
 * A table tab's cart events, as ordering follows them (decision 058): a round the cart recorded goes to the kitchen
 * (`StartRound`, which the round's own request asked for already; after a crash between the two, this asks), and a
 * cart that ended forgets its held card's token (charged, or not needed: the table paid by pages, or never ordered).
 * A `reactor`: both are asked again after a crash and decide nothing twice.
 */
export function tabRoundsProcessor({ commands, holds }: { commands: CommandBus; holds: TabHolds }): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    const ended: string[] = [];
    for (const event of events) {
      if (event.type === 'TableRoundSent') {
        const { orderId } = event.data as { orderId: string };
        await commands.execute(new StartTabRoundCommand(orderId, event.metadata.correlationId ?? `round:${orderId}`));
      } else if (event.type === 'TableCartClosed') {
        ended.push(event.streamId.slice(CART_PREFIX.length));
      }
    }
    await holds.release(ended);
  };
  return {
    name: TAB_ROUNDS_PROCESSOR,
    handles: ['TableRoundSent', 'TableCartClosed'],
    mode: 'reactor',
    gatherMs: 20,
    spacingMs: 100,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}
