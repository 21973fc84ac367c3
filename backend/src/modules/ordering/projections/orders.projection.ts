import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_EVENT_TYPES, type OrderEvent, type OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { execute, query } from '../../../platform/database/sql.js';
import { orderDecider, upcastOrderState, type StoredOrderState } from '../domain/order.decider.js';
import { orderRowOf } from './order-row.js';

const ROW_COLUMNS = [
  // The amounts change once after placing: a shared bill paid in parts adds its payers' tips (decision 056).
  'total_amount',
  'commission',
  'net_amount',
  'tip_amount',
  'payer_sessions',
  'customer_name',
  'customer_phone',
  'items',
  'remarks',
  'table_number',
  'status',
  'payment_method',
  'payment_status',
  'cardcom_low_profile_id',
  'cardcom_transaction_id',
  'invoice_number',
  'invoice_url',
  'invoice_status',
  'payment_provider',
  'card_last4',
  'card_brand',
  'approval_number',
  'paid_at',
  'slip_status',
  'refunded_amount',
  'refund_refused_id',
  'refund_refused_reason',
  'state',
  'stream_version',
];

/**
 * The spec's `orders` table (with the order's state snapshot) and the `payment_pages` index, event by event. The
 * order's commands write the same row through `order_append` (OrderStore); this projection is the same function of
 * the same fold for a rebuild from the log and for a log kept outside PostgreSQL (decision 011). Idempotent: a row
 * takes only events newer than its stream version.
 */
export const ordersProjection: InlineProjection = {
  name: 'orders',
  handles: ORDER_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & OrderEvent;
    const orderId = event.data.orderId;
    const [row] = await query<{ state: StoredOrderState | null; stream_version: number }>(
      em,
      'select state, stream_version from orders where id = ?',
      [orderId],
    );
    if (row && Number(row.stream_version) >= event.streamVersion) return;
    // A row without a snapshot predates it and is rebuilt from its first event on; a stream starts with OrderPlaced.
    // A snapshot written by older code is brought to today's shape before the event is applied to it.
    const before = row?.state ? upcastOrderState(row.state) : orderDecider.initialState();
    const state = orderDecider.evolve(before, event);
    if (!state.placed) return;
    const values = { ...orderRowOf(state), state, stream_version: event.streamVersion };
    await execute(
      em,
      `insert into orders select * from jsonb_populate_record(null::orders, ?::jsonb)
        on conflict (id) do update set ${ROW_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}`,
      [JSON.stringify(values)],
    );
    if (event.type === 'PaymentPageOpened' || event.type === 'PartPageOpened') {
      const data: Pick<
        OrderEventData['PaymentPageOpened'],
        'lowProfileId' | 'orderId' | 'provider' | 'terminal' | 'paymentUrl' | 'openedAt'
      > = event.data;
      await execute(
        em,
        `insert into payment_pages (low_profile_id, order_id, provider, terminal, payment_url, opened_at)
          values (?, ?, ?, ?, ?, ?) on conflict (low_profile_id) do nothing`,
        [data.lowProfileId, data.orderId, data.provider, data.terminal, data.paymentUrl, data.openedAt],
      );
    }
  },
};
