import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  PRINTER_EVENT_SCHEMA_VERSIONS,
  type PrinterEventData,
  type PrinterEventType,
  printerStreamId,
} from '@tafrit/contracts';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';

/**
 * A printer fact (paired, online, offline) for the business's `printer-{phone}` stream. With `em`, inside the caller's
 * transaction: the pairing's rows and its fact commit together.
 */
export class RecordPrinterEventCommand<Type extends PrinterEventType = PrinterEventType> {
  constructor(
    readonly type: Type,
    readonly data: PrinterEventData[Type],
    readonly context: { actor: EventActor; correlationId: string; em?: EntityManager },
  ) {}
}

/**
 * The one place printing appends to the log. Printer facts decide nothing, so they append without a version check;
 * they exist for the audit trail and so the consoles follow the log.
 */
@CommandHandler(RecordPrinterEventCommand)
export class RecordPrinterEventHandler implements ICommandHandler<RecordPrinterEventCommand, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ type, data, context }: RecordPrinterEventCommand): Promise<void> {
    await this.store.appendToStream(
      printerStreamId(data.businessPhone),
      [
        {
          type,
          data,
          metadata: {
            correlationId: context.correlationId,
            actor: context.actor,
            occurredAt: new Date().toISOString(),
            schemaVersion: PRINTER_EVENT_SCHEMA_VERSIONS[type],
          },
        },
      ],
      { expectedVersion: 'any', em: context.em },
    );
  }
}
