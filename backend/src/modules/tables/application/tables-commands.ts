import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, BusinessTablesInput } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { type TablesCommand, tablesDecider } from '../domain/tables.decider.js';
import { tablesStreamId } from '../domain/tables.events.js';

/** Who asked and which request it was (an owner's route, or the demo's seed): every event records its actor. */
export interface TablesCommandContext {
  actor: Actor;
  correlationId: string;
}

/** `PUT /api/business/tables`: the café's tables, shared or not, and the shared cart's times (`TablesChosen`). */
export class ChooseTablesCommand {
  constructor(
    readonly businessPhone: string,
    readonly tables: BusinessTablesInput,
    readonly context: TablesCommandContext,
  ) {}
}

/** `POST /api/business/tables/renew-keys`: new secrets for every table (`TableKeysRenewed`). */
export class RenewTableKeysCommand {
  constructor(
    readonly businessPhone: string,
    readonly context: TablesCommandContext,
  ) {}
}

function decideTables(store: EventStore, businessPhone: string, command: TablesCommand, context: TablesCommandContext) {
  return handleCommand({
    store,
    streamId: tablesStreamId(businessPhone),
    decider: tablesDecider,
    command,
    metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: command.data.now },
  });
}

@CommandHandler(ChooseTablesCommand)
export class ChooseTablesHandler implements ICommandHandler<ChooseTablesCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ businessPhone, tables, context }: ChooseTablesCommand): Promise<void> {
    const now = new Date().toISOString();
    await decideTables(this.store, businessPhone, { type: 'ChooseTables', data: { ...tables, now } }, context);
  }
}

@CommandHandler(RenewTableKeysCommand)
export class RenewTableKeysHandler implements ICommandHandler<RenewTableKeysCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ businessPhone, context }: RenewTableKeysCommand): Promise<void> {
    const now = new Date().toISOString();
    await decideTables(this.store, businessPhone, { type: 'RenewTableKeys', data: { now } }, context);
  }
}
