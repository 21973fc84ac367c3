import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class PauseOrderingCommand {
  constructor(
    readonly phone: string,
    readonly minutes: 15 | 30 | 60 | null,
    readonly context: CommandContext,
  ) {}
}

/** minutes:Records the console's `OrderingPaused` (15, 30 or 60 minutes from now, or until resumed). */
@CommandHandler(PauseOrderingCommand)
export class PauseOrderingHandler implements ICommandHandler<PauseOrderingCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, minutes, context }: PauseOrderingCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'PauseOrdering', data: { minutes, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
