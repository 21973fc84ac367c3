import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_EVENT_TYPES, type OrderEvent, type OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { boundQuery } from '../../../platform/database/sql.js';
import { orderDecider, upcastOrderState, type PlacedOrder, type StoredOrderState } from '../domain/order.decider.js';
import { orderRowOf } from './order-row.js';
import { leanSnapshotOf, orderSnapshotSql } from './order-snapshot.js';

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

const UPSERT = `on conflict (id) do update set ${ROW_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}`;

type PagePick = Pick<
  OrderEventData['PaymentPageOpened'],
  'lowProfileId' | 'orderId' | 'provider' | 'terminal' | 'paymentUrl' | 'openedAt'
>;
const isPageOpened = (event: OrderEvent): boolean =>
  event.type === 'PaymentPageOpened' || event.type === 'PartPageOpened';
const pageRowOf = ({ lowProfileId, orderId, provider, terminal, paymentUrl, openedAt }: PagePick) => ({
  low_profile_id: lowProfileId,
  order_id: orderId,
  provider,
  terminal,
  payment_url: paymentUrl,
  opened_at: openedAt,
});

const rowValuesOf = (state: PlacedOrder, streamVersion: number): Record<string, unknown> => {
  const row = orderRowOf(state);
  // The snapshot without what the row's columns hold (decision 068): `orderSnapshotSql` reads it back whole.
  return { ...row, state: leanSnapshotOf(state, row), stream_version: streamVersion };
};

/** An order's row as the fold leaves it after each event: its snapshot and version, and whether this batch writes it. */
interface Folded {
  state: StoredOrderState | null;
  streamVersion: number;
  /** Written by this batch: its state then (placed), and what the row's first insert wrote when it had no row. */
  written?: { state: PlacedOrder; inserted?: Record<string, unknown> };
}

/**
 * The orders' rows for events in the log's order, in three statements for any number of events: the touched rows
 * read once, each order folded in memory (events at or below the row's stream version skipped, a snapshot written by
 * older code upcast to today's shape, a row without a snapshot rebuilt from its first event, a stream starting with
 * OrderPlaced), every row written once as it stands after its last event, and the payment pages in the log's order
 * (the first of a page's number stays). One event is a batch of one: the live path and a rebuild share this fold.
 */
async function applyOrderEvents(em: EntityManager, recorded: readonly RecordedEvent[]): Promise<void> {
  const events = recorded as readonly (RecordedEvent & OrderEvent)[];
  if (events.length === 0) return;
  const ids = [...new Set(events.map((event) => event.data.orderId))];
  const rows = await boundQuery<{ id: string; state: StoredOrderState | null; stream_version: number }>(
    em,
    `select id::text as id, ${orderSnapshotSql('o')} as state, stream_version from orders o where id = any($1::uuid[])`,
    [ids],
  );
  const folded = new Map<string, Folded>(
    rows.map((row) => [row.id, { state: row.state, streamVersion: Number(row.stream_version) }]),
  );
  // By number, the first page opened: `on conflict do nothing` keeps it, row by row.
  const pages = new Map<string, ReturnType<typeof pageRowOf>>();
  for (const event of events) {
    const orderId = event.data.orderId;
    const row = folded.get(orderId);
    if (row && row.streamVersion >= event.streamVersion) continue;
    const before = row?.state ? upcastOrderState(row.state) : orderDecider.initialState();
    const state = orderDecider.evolve(before, event);
    if (!state.placed) continue;
    // A row this batch inserts keeps its first insert's other columns (an update sets only ROW_COLUMNS): the row
    // values of that first state are kept; of the later states only the last one's are ever written.
    const inserted = row ? row.written?.inserted : rowValuesOf(state, event.streamVersion);
    folded.set(orderId, { state, streamVersion: event.streamVersion, written: { state, inserted } });
    if (isPageOpened(event)) {
      const page = pageRowOf(event.data as PagePick);
      if (!pages.has(page.low_profile_id)) pages.set(page.low_profile_id, page);
    }
  }
  const written = [...folded.values()].flatMap(({ written: last, streamVersion }) => {
    if (!last) return [];
    const values = rowValuesOf(last.state, streamVersion);
    if (!last.inserted) return [values];
    const row = { ...last.inserted };
    for (const column of ROW_COLUMNS) row[column] = values[column];
    return [row];
  });
  if (written.length > 0) {
    await boundQuery(
      em,
      `insert into orders select * from jsonb_populate_recordset(null::orders, $1::jsonb) ${UPSERT}`,
      [JSON.stringify(written)],
    );
  }
  if (pages.size > 0) {
    await boundQuery(
      em,
      `insert into payment_pages (low_profile_id, order_id, provider, terminal, payment_url, opened_at)
       select low_profile_id, order_id, provider, terminal, payment_url, opened_at
         from jsonb_populate_recordset(null::payment_pages, $1::jsonb)
       on conflict (low_profile_id) do nothing`,
      [JSON.stringify([...pages.values()])],
    );
  }
}

/**
 * The spec's `orders` table (with the order's state snapshot) and the `payment_pages` index. The order's commands
 * write the same row through `order_append` (OrderStore); this projection is the same function of the same fold for a
 * rebuild from the log and for a log kept outside PostgreSQL (decision 011). Idempotent: a row takes only events newer
 * than its stream version.
 */
export const ordersProjection: InlineProjection = {
  name: 'orders',
  handles: ORDER_EVENT_TYPES,
  apply: (em, recorded) => applyOrderEvents(em, [recorded]),
  applyBatch: applyOrderEvents,
};
