import type { EntityManager } from '@mikro-orm/postgresql';
import { agorotToDecimalString, ORDER_EVENT_TYPES, type OrderEvent } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import { type Order, OrderEntity } from './order.entity.js';

type Recorded = RecordedEvent & OrderEvent;

/**
 * The spec's `orders` table and the `payment_pages` index, written in the append's own transaction: the diner's
 * thank-you page and the webhook read them right after the write. Idempotent: a row keeps the stream version it last
 * applied and takes only newer events, so replaying the log (a rebuild) changes nothing.
 */
export const ordersProjection: InlineProjection = {
  name: 'orders',
  handles: ORDER_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as Recorded;
    switch (event.type) {
      case 'OrderPlaced': {
        const { data } = event;
        await em
          .createQueryBuilder(OrderEntity)
          .insert({
            id: data.orderId,
            businessId: data.businessPhone,
            departmentId: data.departmentId,
            orderNumber: data.orderNumber,
            customerName: data.customerName,
            customerPhone: data.customerPhone,
            items: data.lines.map((line) => ({
              productId: line.productId,
              name: line.name,
              price: line.unitPriceAgorot / 100,
              quantity: line.quantity,
            })),
            totalAmount: agorotToDecimalString(data.totalAgorot),
            commission: agorotToDecimalString(data.commissionAgorot),
            netAmount: agorotToDecimalString(data.netAgorot),
            remarks: data.remarks,
            tableNumber: data.tableNumber,
            dinerSessionId: data.dinerSessionId,
            status: 'pending',
            paymentStatus: 'pending',
            invoiceStatus: 'pending',
            orderDate: new Date(data.placedAt),
            createdAt: new Date(data.placedAt),
            streamVersion: event.streamVersion,
          })
          .onConflict('id')
          .ignore()
          .execute();
        return;
      }
      case 'PaymentPageOpened': {
        const { data } = event;
        await query(
          em,
          `insert into payment_pages (low_profile_id, order_id, provider, terminal, payment_url, opened_at)
            values (?, ?, ?, ?, ?, ?) on conflict (low_profile_id) do nothing`,
          [data.lowProfileId, data.orderId, data.provider, data.terminal, data.paymentUrl, data.openedAt],
        );
        await applyNewer(em, event, { cardcomLowProfileId: data.lowProfileId, paymentProvider: data.provider });
        return;
      }
      case 'OrderPaid': {
        const { data } = event;
        await applyNewer(em, event, {
          paymentStatus: 'paid',
          cardcomLowProfileId: data.lowProfileId,
          cardcomTransactionId: data.transactionId,
          paymentProvider: data.provider,
          cardLast4: data.last4,
          cardBrand: data.brand,
          approvalNumber: data.approvalNumber,
          paidAt: new Date(data.paidAt),
        });
        // Only a pending or expired order becomes paid: the kitchen's later steps are never undone by a late webhook.
        await em
          .createQueryBuilder(OrderEntity)
          .update({ status: 'paid' })
          .where({ id: data.orderId, status: { $in: ['pending', 'expired'] } })
          .execute();
        return;
      }
      case 'PaymentFailed':
        await applyNewer(em, event, { paymentStatus: 'failed' }, { paymentStatus: { $ne: 'paid' } });
        return;
      case 'OrderExpired':
        await applyNewer(em, event, { status: 'expired' }, { status: 'pending' });
        return;
      case 'OrderAccepted':
        await applyNewer(em, event, { status: 'accepted' });
        return;
      case 'OrderReady':
        await applyNewer(em, event, { status: 'ready' });
        return;
      case 'OrderServed':
        await applyNewer(em, event, { status: 'served' });
        return;
      case 'InvoiceIssued':
        await applyNewer(em, event, {
          invoiceStatus: 'generated',
          invoiceNumber: event.data.invoiceNumber,
          invoiceUrl: event.data.invoiceUrl,
        });
        return;
      case 'InvoiceFailed':
        await applyNewer(em, event, { invoiceStatus: 'failed' }, { invoiceStatus: 'pending' });
        return;
      case 'ReceiptSmsSent':
      case 'ReceiptSmsFailed':
      case 'SlipQueued':
      case 'SlipPrinted':
      case 'PrintFailed':
        // Facts for processors and the audit trail; the spec's orders table has no column for them.
        await applyNewer(em, event, {});
        return;
    }
  },
};

/** Updates the order's row only when this event is newer than what the row has, moving its stream version along. */
async function applyNewer(
  em: EntityManager,
  event: Recorded,
  values: Partial<Omit<Order, 'id' | 'streamVersion'>>,
  when: Record<string, unknown> = {},
): Promise<void> {
  await em
    .createQueryBuilder(OrderEntity)
    .update({ ...values, streamVersion: event.streamVersion })
    .where({ id: event.data.orderId, streamVersion: { $lt: event.streamVersion }, ...when })
    .execute();
}
