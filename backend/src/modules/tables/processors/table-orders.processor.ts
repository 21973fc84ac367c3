import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import type { TableCarts } from '../application/table-carts.service.js';
import type { TableCartsReader } from '../projections/table-carts.reader.js';

export const TABLE_ORDERS_PROCESSOR = 'table-orders';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A shared cart follows the order it was checked out into (issue 34), read from the order log by event type (tables
 * never imports ordering): `OrderPaid` ends the cart (`TableCartClosed`, reason `paid`) and the table starts fresh;
 * `OrderExpired` reopens it for lines. Only a cart paying for that very order moves.
 *
 * A `reactor` (it appends to the carts' streams). A repeat after a crash is harmless: the cart's decider records a
 * close or reopen once, and an order no cart is paying for (nearly every order) costs one indexed read per batch.
 */
export function tableOrdersProcessor({ carts, reader }: { carts: TableCarts; reader: TableCartsReader }): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    const orderIds = [...new Set(events.map((event) => (event.data as { orderId?: unknown }).orderId).filter(isUuid))];
    const paying = await reader.payingFor(orderIds);
    if (paying.size === 0) return;
    for (const event of events) {
      const orderId = (event.data as { orderId?: unknown }).orderId;
      const cartId = isUuid(orderId) ? paying.get(orderId) : undefined;
      if (!cartId || !isUuid(orderId)) continue;
      const context = {
        actor: { kind: 'system' as const, id: TABLE_ORDERS_PROCESSOR },
        correlationId: event.metadata.correlationId ?? randomUUID(),
      };
      const now = new Date().toISOString();
      if (event.type === 'OrderPaid') {
        await carts.run(cartId, { type: 'Close', data: { reason: 'paid', orderId, now } }, context);
      } else if (event.type === 'OrderExpired') {
        await carts.run(cartId, { type: 'Reopen', data: { orderId, now } }, context);
      }
    }
  };
  return {
    name: TABLE_ORDERS_PROCESSOR,
    handles: ['OrderPaid', 'OrderExpired'],
    mode: 'reactor',
    gatherMs: 50,
    spacingMs: 250,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
