import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderAheadSettings } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { orderAheadDecider } from '../domain/order-ahead.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChooseOrderAheadCommand {
  constructor(
    readonly phone: string,
    readonly settings: OrderAheadSettings,
    readonly context: CommandContext,
  ) {}
}

/** Records the owner's order-ahead settings as `OrderAheadChosen` (issue 33); nothing when unchanged. */
@CommandHandler(ChooseOrderAheadCommand)
export class ChooseOrderAheadHandler implements ICommandHandler<ChooseOrderAheadCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, settings, context }: ChooseOrderAheadCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: orderAheadDecider,
      command: { type: 'ChooseOrderAhead', data: { settings, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
