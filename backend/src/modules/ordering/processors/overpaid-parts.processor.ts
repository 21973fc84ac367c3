import type { CommandBus } from '@nestjs/cqrs';
import type { OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { RequestRefundCommand } from '../application/request-refund.handler.js';
import { derivedRefundId } from '../domain/part-refunds.js';

export const OVERPAID_PARTS_PROCESSOR = 'overpaid-parts';

/** What a payer's overpaid part returns: the items above the bill, and their tip too when none of it was needed. */
export function overpaidRefundOf(data: OrderEventData['PartPaid']): number {
  const overpaid = data.overpaidAgorot ?? 0;
  return overpaid >= data.itemsAgorot ? data.amountAgorot : overpaid;
}

/**
 * A shared bill's part charged above the bill (decision 056): a payer paid on a page whose hold had ended after others
 * had covered the bill. The money moved and is recorded; this gives back what was above the bill, on that payer's own
 * charge with a credit of their document, through the owner's own refund command (`RequestRefund` against the part).
 *
 * A `reactor`: the refund's id is derived from the part's, so a repeat after a crash asks for the same refund, which
 * the decider records once and the provider answers once.
 */
export function overpaidPartsProcessor({ commands }: { commands: CommandBus }): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    for (const event of events) {
      const data = event.data as OrderEventData['PartPaid'];
      const amountAgorot = overpaidRefundOf(data);
      if (amountAgorot <= 0) continue;
      await commands.execute(
        new RequestRefundCommand(
          data.businessPhone,
          data.orderId,
          {
            refundId: derivedRefundId(data.partId, 1),
            amountAgorot,
            reason: 'שולם מעבר לחשבון השולחן',
            partId: data.partId,
          },
          { kind: 'system', id: OVERPAID_PARTS_PROCESSOR },
          event.metadata.correlationId ?? `overpaid:${data.partId}`,
        ),
      );
    }
  };
  return {
    name: OVERPAID_PARTS_PROCESSOR,
    handles: ['PartPaid'],
    mode: 'reactor',
    gatherMs: 50,
    spacingMs: 250,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}
