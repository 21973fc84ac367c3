import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { slipIdOf } from '../domain/order.decider.js';
import { OrderStore } from '../persistence/order-store.js';

export class RecordSlipOutcomeCommand {
  constructor(
    readonly businessPhone: string,
    readonly orderId: string,
    readonly agentId: string,
    /** null: printed; otherwise why the printer could not print. */
    readonly failure: string | null,
    readonly correlationId: string,
  ) {}
}

/**
 * What the business's printing agent reported about an order's slip: `SlipPrinted` once, or `PrintFailed`. An agent
 * only ever reports its own business's slips: another business's order is ignored (and acknowledged, so the agent
 * stops sending it).
 */
@CommandHandler(RecordSlipOutcomeCommand)
export class RecordSlipOutcomeHandler implements ICommandHandler<RecordSlipOutcomeCommand, void> {
  constructor(private readonly orders: OrderStore) {}

  async execute({ businessPhone, orderId, agentId, failure, correlationId }: RecordSlipOutcomeCommand): Promise<void> {
    const current = await this.orders.load(orderId);
    if (!current.state.placed || current.state.businessPhone !== businessPhone) return;
    const now = new Date().toISOString();
    const slipId = slipIdOf(orderId);
    await this.orders.execute(
      orderId,
      failure === null
        ? { type: 'RecordSlipPrinted', data: { slipId, agentId, now } }
        : { type: 'RecordPrintFailure', data: { slipId, agentId, reason: failure, now } },
      { correlationId, actor: { kind: 'agent', id: agentId }, occurredAt: now },
      { known: current },
    );
  }
}
