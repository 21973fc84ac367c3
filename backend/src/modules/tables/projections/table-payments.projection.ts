import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderEventData } from '@tafrit/contracts';
import { execute } from '../../../platform/database/sql.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor, ProcessorContext } from '../../../platform/processing/processor.js';

export const TABLE_PAYMENTS_PROCESSOR = 'table-payments';

/** The order log's part events this read model follows, by type (tables never imports ordering). */
export const TABLE_PAYMENT_EVENT_TYPES = ['PartPageOpened', 'PartPaid', 'PartFailed'] as const;

/**
 * `table_payments`: each payer's part of a shared table's order (issue 34, decision 056), from the order log's
 * `PartPageOpened` (its `replaces` marks the same payer's earlier page `replaced`), `PartPaid` and `PartFailed`.
 * A `projection`: the rows and the checkpoint commit together. Each row keeps the global position of the last event
 * applied to it, and a write applies only above it, so a repeat changes nothing. Once committed, the tables paying
 * for the batch's orders get their new state on the socket (`push`; a rebuild pushes nothing).
 */
export function tablePaymentsProjection({ push }: { push: (orderIds: string[]) => void }): Processor {
  const project = async (events: readonly RecordedEvent[], { em, afterCommit }: ProcessorContext) => {
    const orderIds = new Set<string>();
    for (const event of events) {
      if (await apply(em, event)) orderIds.add((event.data as { orderId: string }).orderId);
    }
    if (orderIds.size > 0) afterCommit(() => push([...orderIds]));
  };
  return {
    name: TABLE_PAYMENTS_PROCESSOR,
    mode: 'projection',
    handles: TABLE_PAYMENT_EVENT_TYPES,
    // A payer's part reaches the others at the table a few tens of milliseconds after its page or its card.
    gatherMs: 20,
    spacingMs: 100,
    handle: (event, ctx) => project([event], ctx),
    handleBatch: project,
  };
}

/** Applies one event; answers whether it changed a row. */
async function apply(em: EntityManager, event: RecordedEvent): Promise<boolean> {
  const position = event.globalPosition;
  switch (event.type) {
    case 'PartPageOpened': {
      const data = event.data as OrderEventData['PartPageOpened'];
      let changed = 0;
      if (data.replaces) {
        changed += await execute(
          em,
          `update table_payments set status = 'replaced', changes = changes + 1, position = ?
            where part_id = ? and status = 'pending' and position < ?`,
          [position, data.replaces, position],
        );
      }
      changed += await execute(
        em,
        `insert into table_payments (part_id, order_id, business_id, payer, items_agorot, tip_agorot, amount_agorot,
                                     status, opened_at, paid_at, changes, position)
         values (?, ?, ?, ?::jsonb, ?, ?, ?, 'pending', ?, null, 1, ?)
         on conflict (part_id) do nothing`,
        [
          data.partId,
          data.orderId,
          data.businessPhone,
          data.payer ? JSON.stringify(data.payer) : null,
          data.itemsAgorot,
          data.tipAgorot,
          data.amountAgorot,
          data.openedAt,
          position,
        ],
      );
      return changed > 0;
    }
    case 'PartPaid': {
      // A page whose hold had ended (replaced, or declined and tried again) may still be charged: the money moved.
      const data = event.data as OrderEventData['PartPaid'];
      const changed = await execute(
        em,
        `update table_payments set status = 'paid', paid_at = ?, changes = changes + 1, position = ? where part_id = ? and position < ?`,
        [data.paidAt, position, data.partId, position],
      );
      return changed > 0;
    }
    case 'PartFailed': {
      const data = event.data as OrderEventData['PartFailed'];
      const changed = await execute(
        em,
        `update table_payments set status = 'failed', changes = changes + 1, position = ?
          where part_id = ? and status = 'pending' and position < ?`,
        [position, data.partId, position],
      );
      return changed > 0;
    }
    default:
      return false;
  }
}
