import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OfferableLanguage } from '@tafrit/contracts/languages';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChooseDinerLanguagesCommand {
  constructor(
    readonly phone: string,
    readonly languages: readonly OfferableLanguage[],
    readonly context: CommandContext,
  ) {}
}

/** Records settings' languages as `DinerLanguagesChosen` (nothing when they did not change). */
@CommandHandler(ChooseDinerLanguagesCommand)
export class ChooseDinerLanguagesHandler implements ICommandHandler<ChooseDinerLanguagesCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, languages, context }: ChooseDinerLanguagesCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'ChooseDinerLanguages', data: { languages, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
  }
}
