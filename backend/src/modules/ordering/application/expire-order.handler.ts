import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrderStore } from '../persistence/order-store.js';

export class ExpireOrderCommand {
  constructor(
    readonly orderId: string,
    readonly now: Date,
    /** The order's page was never shown to the diner (issue 34): it ends at once. */
    readonly unshown = false,
  ) {}
}

/**
 * Records `OrderExpired` for an order left unpaid for 30 minutes; the aggregate decides (a payment that arrived
 * meanwhile wins, a second sweeper decides nothing). Answers whether the order expired now.
 */
@CommandHandler(ExpireOrderCommand)
export class ExpireOrderHandler implements ICommandHandler<ExpireOrderCommand, boolean> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ orderId, now, unshown }: ExpireOrderCommand): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.orders.execute(
      orderId,
      { type: 'ExpireOrder', data: { now: at, ...(unshown ? { unshown: true as const } : {}) } },
      { correlationId: `order-expiry:${at}`, actor: { kind: 'system', id: 'order-expiry' }, occurredAt: at },
    );
    return result.events.length > 0;
  }
}
