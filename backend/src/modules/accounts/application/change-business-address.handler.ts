import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { type BusinessAddress, businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChangeBusinessAddressCommand {
  constructor(
    readonly phone: string,
    readonly address: BusinessAddress,
    readonly context: CommandContext,
  ) {}
}

/** Records settings' address as `BusinessAddressChanged` (nothing when it did not change). */
@CommandHandler(ChangeBusinessAddressCommand)
export class ChangeBusinessAddressHandler implements ICommandHandler<ChangeBusinessAddressCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, address, context }: ChangeBusinessAddressCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'ChangeBusinessAddress', data: { street: address.street, city: address.city, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
