import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AutoAccept } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChooseAutoAcceptCommand {
  constructor(
    readonly phone: string,
    readonly choice: AutoAccept,
    readonly context: CommandContext,
  ) {}
}

/** Records "accept new orders automatically" and its estimate as `AutoAcceptChosen`; nothing when unchanged. */
@CommandHandler(ChooseAutoAcceptCommand)
export class ChooseAutoAcceptHandler implements ICommandHandler<ChooseAutoAcceptCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, choice, context }: ChooseAutoAcceptCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: {
        type: 'ChooseAutoAccept',
        data: { enabled: choice.enabled, readyInMinutes: choice.readyInMinutes, now },
      },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
