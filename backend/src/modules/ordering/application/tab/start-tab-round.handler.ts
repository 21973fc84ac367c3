import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrderStore } from '../../persistence/order-store.js';

export class StartTabRoundCommand {
  constructor(
    readonly orderId: string,
    readonly correlationId: string,
  ) {}
}

/** A round its table's cart recorded goes to the kitchen (decision 058): its slip, once (`StartRound`). */
@CommandHandler(StartTabRoundCommand)
export class StartTabRoundHandler implements ICommandHandler<StartTabRoundCommand, void> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ orderId, correlationId }: StartTabRoundCommand): Promise<void> {
    const now = new Date().toISOString();
    await this.orders.execute(
      orderId,
      { type: 'StartRound', data: { now } },
      { correlationId, actor: { kind: 'system', id: 'tab-rounds' }, occurredAt: now },
    );
  }
}
