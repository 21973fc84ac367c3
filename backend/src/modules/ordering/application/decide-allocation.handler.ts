import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../platform/event-store/aggregate.js';
import type { AllocationCommand } from '../domain/allocation.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { OrderStore } from '../persistence/order-store.js';

export class DecideAllocationCommand {
  constructor(
    readonly orderId: string,
    /** The number that came, a refusal, or the document issued without one (decision 049). */
    readonly decision: AllocationCommand,
    readonly metadata: CommandMetadata,
  ) {}
}

/**
 * What became of a document waiting for its allocation number, on the order: the Authority's answer (the asker), the
 * end of the wait (its sweep), or the owner's number typed by hand or choice after a refusal (the owner's route).
 * The aggregate decides: a second answer for an issued document changes nothing.
 */
@CommandHandler(DecideAllocationCommand)
export class DecideAllocationHandler implements ICommandHandler<DecideAllocationCommand, PlacedOrder> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ orderId, decision, metadata }: DecideAllocationCommand): Promise<PlacedOrder> {
    const { state } = await this.orders.execute(orderId, decision, metadata);
    return state as PlacedOrder;
  }
}
