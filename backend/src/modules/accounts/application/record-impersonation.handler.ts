import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';

export class RecordImpersonationCommand {
  constructor(
    readonly phone: string,
    readonly adminPhone: string,
    readonly ip: string | null,
    readonly correlationId: string,
  ) {}
}

/**
 * Records `BusinessImpersonated` on the business's stream before the administrator gets the owner token: no visit
 * into a business goes unrecorded. Refused (404) when there is no such business.
 */
@CommandHandler(RecordImpersonationCommand)
export class RecordImpersonationHandler implements ICommandHandler<RecordImpersonationCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, adminPhone, ip, correlationId }: RecordImpersonationCommand): Promise<void> {
    const now = new Date().toISOString();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'RecordImpersonation', data: { adminPhone, ip, now } },
      metadata: { correlationId, actor: { kind: 'admin', id: adminPhone }, occurredAt: now },
    });
  }
}
