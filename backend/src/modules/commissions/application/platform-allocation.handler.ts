import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type MonthString, platformInvoiceStreamId } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import {
  foldPlatformInvoice,
  type PlatformInvoiceCommand,
  platformInvoiceDecider,
  type PlatformInvoiceState,
} from '../domain/platform-invoice.decider.js';
import { appendPlatformInvoiceEvents, type DocumentRequest } from './platform-invoice-commands.js';

/** What became of a month's invoice waiting for its allocation number (decision 049). */
export type PlatformAllocationDecision = Exclude<PlatformInvoiceCommand, { facts: unknown }>;

export class DecidePlatformAllocationCommand {
  constructor(
    readonly businessPhone: string,
    readonly month: MonthString,
    readonly decision: PlatformAllocationDecision,
    readonly request: DocumentRequest,
  ) {}
}

/**
 * The Authority's answer (the asker), the end of the wait (its sweep), or the administrator's number or choice, on
 * the month's invoice stream. The decider decides: an answer for an issued invoice changes nothing. Answers the
 * stream's state after it.
 */
@CommandHandler(DecidePlatformAllocationCommand)
export class DecidePlatformAllocationHandler implements ICommandHandler<
  DecidePlatformAllocationCommand,
  PlatformInvoiceState
> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessPhone, month, decision, request }: DecidePlatformAllocationCommand) {
    const streamId = platformInvoiceStreamId(businessPhone, month);
    return this.database.em().transactional(async (em) => {
      const stream = await this.store.readStream(streamId, { em });
      const state = foldPlatformInvoice(stream.events);
      const events = platformInvoiceDecider.decide(decision, state);
      if (events.length === 0) return state;
      await appendPlatformInvoiceEvents(this.store, em, streamId, stream.version, events, request);
      return events.reduce((folded, event) => platformInvoiceDecider.evolve(folded, event), state);
    });
  }
}
