import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { KitchenStepInput } from '@tafrit/contracts';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { OrderStore } from '../persistence/order-store.js';

const COMMANDS = { accepted: 'AcceptOrder', ready: 'MarkOrderReady', served: 'MarkOrderServed' } as const;

export class MoveKitchenStepCommand {
  constructor(
    readonly businessPhone: string,
    readonly orderId: string,
    readonly step: KitchenStepInput['status'],
    readonly actor: EventActor,
    readonly correlationId: string,
    /** Accepting only: in how many minutes the kitchen says it will be ready. */
    readonly readyInMinutes?: number,
  ) {}
}

/**
 * The kitchen's buttons: accepted, ready, served. The aggregate refuses a skipped step with
 * `order.invalid_transition` and decides nothing for a step already taken, so two consoles pressing at once record
 * one step and both show it. Another business's order is the same 404 as an unknown one.
 */
@CommandHandler(MoveKitchenStepCommand)
export class MoveKitchenStepHandler implements ICommandHandler<MoveKitchenStepCommand, void> {
  constructor(private readonly orders: OrderStore) {}

  async execute({
    businessPhone,
    orderId,
    step,
    actor,
    correlationId,
    readyInMinutes,
  }: MoveKitchenStepCommand): Promise<void> {
    const current = await this.orders.load(orderId);
    if (!current.state.placed || current.state.businessPhone !== businessPhone) throw new AppError('order.not_found');
    const now = new Date().toISOString();
    await this.orders.execute(
      orderId,
      step === 'accepted'
        ? { type: 'AcceptOrder', data: { now, readyInMinutes } }
        : { type: COMMANDS[step], data: { now } },
      { correlationId, actor, occurredAt: now },
      { known: current },
    );
  }
}
