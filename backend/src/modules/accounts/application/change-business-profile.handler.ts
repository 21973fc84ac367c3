import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { violatedUniqueConstraint } from '../../../platform/database/database-errors.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { businessDecider, type ChangeBusinessProfile } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';

export class ChangeBusinessProfileCommand {
  constructor(
    readonly phone: string,
    readonly details: Pick<ChangeBusinessProfile['data'], 'profile' | 'payout'>,
    readonly context: CommandContext,
  ) {}
}

/** Records the settings form as `BusinessProfileChanged` and `PayoutAccountChanged`, each only when its part changed. */
@CommandHandler(ChangeBusinessProfileCommand)
export class ChangeBusinessProfileHandler implements ICommandHandler<ChangeBusinessProfileCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, details, context }: ChangeBusinessProfileCommand): Promise<void> {
    const now = new Date().toISOString();
    try {
      await handleCommand({
        store: this.store,
        streamId: businessStreamId(phone),
        decider: businessDecider,
        command: { type: 'ChangeBusinessProfile', data: { ...details, now } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
      });
    } catch (error) {
      // The read model's unique e-mail, checked inside the append's transaction: the event rolls back with the row.
      if (violatedUniqueConstraint(error) === 'businesses_email_unique') {
        throw new AppError('business.email_taken', { fields: { email: 'כתובת האימייל הזו כבר רשומה במערכת' } });
      }
      throw error;
    }
  }
}
