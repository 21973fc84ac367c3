import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { businessDecider, type BusinessCommand } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';

export type BusinessStatusChange = 'pause' | 'activate' | 'close' | 'reopen';

export class ChangeBusinessStatusCommand {
  constructor(
    readonly phone: string,
    readonly change: BusinessStatusChange,
    readonly adminPhone: string,
    readonly ip: string | null,
    readonly correlationId: string,
  ) {}
}

export interface BusinessStatusChanged {
  /** False when the business already was in that state (nothing was recorded). */
  changed: boolean;
  /** The business's logo path, so closing can remove its file after the event. */
  logo: string | null;
}

const COMMAND_TYPE = {
  pause: 'PauseBusiness',
  activate: 'ActivateBusiness',
  close: 'CloseBusiness',
  reopen: 'ReopenBusiness',
} as const satisfies Record<BusinessStatusChange, BusinessCommand['type']>;

/**
 * The administrator's pause, activation, closing and reopening of an account: `BusinessPaused`, `BusinessActivated`,
 * `BusinessClosed` or `BusinessReopened` with the admin's phone and address. The `businesses` row and the public menu cache follow in the
 * append's own transaction, so the next diner request already sees the change. 404 for an unknown business; a closed
 * one takes no pause or activation (403).
 */
@CommandHandler(ChangeBusinessStatusCommand)
export class ChangeBusinessStatusHandler implements ICommandHandler<
  ChangeBusinessStatusCommand,
  BusinessStatusChanged
> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({
    phone,
    change,
    adminPhone,
    ip,
    correlationId,
  }: ChangeBusinessStatusCommand): Promise<BusinessStatusChanged> {
    const now = new Date().toISOString();
    const { events, state } = await handleCommand({
      store: this.store,
      streamId: businessStreamId(phone),
      decider: businessDecider,
      command: { type: COMMAND_TYPE[change], data: { adminPhone, ip, now } },
      metadata: { correlationId, actor: { kind: 'admin', id: adminPhone }, occurredAt: now },
    });
    return { changed: events.length > 0, logo: state.status === 'unregistered' ? null : state.logo };
  }
}
