import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId, type LogoChanged } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChangeLogoCommand {
  constructor(
    readonly phone: string,
    /** Public path of the stored file, `/uploads/logos/<name>.webp`. */
    readonly logo: string,
    readonly context: CommandContext,
  ) {}
}

/** Records `LogoChanged`; answers the logo it replaced so the caller can remove that file. */
@CommandHandler(ChangeLogoCommand)
export class ChangeLogoHandler implements ICommandHandler<ChangeLogoCommand, { previousLogo: string | null }> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, logo, context }: ChangeLogoCommand): Promise<{ previousLogo: string | null }> {
    const now = new Date().toISOString();
    const { events } = await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'ChangeLogo', data: { logo, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
    const changed = events.find((event) => event.type === 'LogoChanged')?.data as LogoChanged['data'] | undefined;
    return { previousLogo: changed?.previousLogo ?? null };
  }
}
