import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ResumeOrderingCommand {
  constructor(
    readonly phone: string,
    readonly context: CommandContext,
  ) {}
}

/** Records the console's `OrderingResumed` (nothing when no pause is running). */
@CommandHandler(ResumeOrderingCommand)
export class ResumeOrderingHandler implements ICommandHandler<ResumeOrderingCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, context }: ResumeOrderingCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'ResumeOrdering', data: { now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
