import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ServiceMode } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChooseServiceModeCommand {
  constructor(
    readonly phone: string,
    readonly serviceMode: ServiceMode,
    readonly context: CommandContext,
  ) {}
}

/** Records settings' service (table or pickup) as `ServiceModeChosen`; nothing when it did not change. */
@CommandHandler(ChooseServiceModeCommand)
export class ChooseServiceModeHandler implements ICommandHandler<ChooseServiceModeCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, serviceMode, context }: ChooseServiceModeCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'ChooseServiceMode', data: { serviceMode, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
