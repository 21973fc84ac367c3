import type { EntityManager } from '@mikro-orm/postgresql';
import {
  PRINTER_EVENT_SCHEMA_VERSIONS,
  type PrinterEventData,
  type PrinterEventType,
  printerStreamId,
} from '@tafrit/contracts';
import type { EventActor, EventStore } from '../../../platform/event-store/event-store.port.js';

/**
 * Printer facts (paired, online, offline) go to the business's `printer-{phone}` stream. They decide nothing, so they
 * append without a version check; they exist for the audit trail and so the consoles follow the log.
 */
export async function recordPrinterEvent<Type extends PrinterEventType>(
  store: EventStore,
  type: Type,
  data: PrinterEventData[Type],
  context: { actor: EventActor; correlationId: string; em?: EntityManager },
): Promise<void> {
  await store.appendToStream(
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
