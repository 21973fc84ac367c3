import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import type { CommandContext } from './command-context.js';
import { newDepartmentId } from './register-business.handler.js';

export class RegenerateDepartmentIdCommand {
  constructor(
    readonly phone: string,
    /** Where the owner's request came from: the audit's line. */
    readonly ip: string | null,
    readonly context: CommandContext,
  ) {}
}

/**
 * `POST /api/business/regenerate-qr`: records `DepartmentIdRegenerated` with a fresh random id. The `businesses` row
 * moves in the append's transaction, and the public menu cache drops the business after the commit on every instance
 * (menu-cache.projection.ts), so the old address answers 404 from the next request on. Answers the new id.
 */
@CommandHandler(RegenerateDepartmentIdCommand)
export class RegenerateDepartmentIdHandler implements ICommandHandler<
  RegenerateDepartmentIdCommand,
  { departmentId: string }
> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ phone, ip, context }: RegenerateDepartmentIdCommand): Promise<{ departmentId: string }> {
    const now = new Date().toISOString();
    const departmentId = newDepartmentId();
    await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: 'RegenerateDepartmentId', data: { departmentId, ip, now } },
      metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
    });
    return { departmentId };
  }
}
