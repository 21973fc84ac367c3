import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentOptions } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChoosePaymentOptionsCommand {
  constructor(
    readonly phone: string,
    readonly options: PaymentOptions,
    readonly context: CommandContext,
  ) {}
}

/** Records settings' payment options as `PaymentOptionsChosen` (nothing when they did not change). */
@CommandHandler(ChoosePaymentOptionsCommand)
export class ChoosePaymentOptionsHandler implements ICommandHandler<ChoosePaymentOptionsCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, options, context }: ChoosePaymentOptionsCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'ChoosePaymentOptions', data: { ...options, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
