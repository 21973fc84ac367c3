import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OpeningHours } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class SetOpeningHoursCommand {
  constructor(
    readonly phone: string,
    readonly hours: OpeningHours,
    readonly context: CommandContext,
  ) {}
}

/** Records settings' opening hours as `OpeningHoursSet` (nothing when they did not change). */
@CommandHandler(SetOpeningHoursCommand)
export class SetOpeningHoursHandler implements ICommandHandler<SetOpeningHoursCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, hours, context }: SetOpeningHoursCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'SetOpeningHours', data: { hours, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
