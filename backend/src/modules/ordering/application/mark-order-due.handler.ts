import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrderStore } from '../persistence/order-store.js';

export class MarkOrderDueCommand {
  constructor(
    readonly orderId: string,
    readonly now: Date,
  ) {}
}

/**
 * Records `OrderDue` with its slip for a paid order for later whose preparation should start by `now` (issue 33);
 * the aggregate decides (early, unpaid, already due: nothing), so any number of sweeps on any instance record it
 * once. Answers whether it became due now.
 */
@CommandHandler(MarkOrderDueCommand)
export class MarkOrderDueHandler implements ICommandHandler<MarkOrderDueCommand, boolean> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ orderId, now }: MarkOrderDueCommand): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.orders.execute(
      orderId,
      { type: 'MarkOrderDue', data: { now: at } },
      { correlationId: `order-due:${at}`, actor: { kind: 'system', id: 'order-due' }, occurredAt: at },
    );
    return result.events.length > 0;
  }
}
