import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import { BusinessSecrets } from './business-secrets.service.js';
import type { CommandContext } from './command-context.js';

export class ChangeCardcomApiPasswordCommand {
  constructor(
    readonly phone: string,
    /** Null removes the stored password. */
    readonly password: string | null,
    readonly context: CommandContext,
  ) {}
}

/**
 * Stores (sealed) or removes the own Cardcom terminal's ApiPassword and records `CardcomApiPasswordChanged`, in one
 * transaction: the read model's "set" and the secret never disagree. The decider runs first, so a closed business
 * changes nothing.
 */
@CommandHandler(ChangeCardcomApiPasswordCommand)
export class ChangeCardcomApiPasswordHandler implements ICommandHandler<ChangeCardcomApiPasswordCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly secrets: BusinessSecrets,
  ) {}

  async execute({ phone, password, context }: ChangeCardcomApiPasswordCommand): Promise<void> {
    if (password !== null) this.secrets.assertAvailable();
    const now = new Date().toISOString();
    await this.database.em().transactional(async (em) => {
      await handleCommand({
        store: this.store,
        streamId: businessStreamId(phone),
        decider: businessDecider,
        command: { type: 'ChangeCardcomApiPassword', data: { set: password !== null, now } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
        em,
      });
      await this.secrets.storeCardcomApiPassword(em, phone, password);
    });
  }
}
