import type { EntityManager } from '@mikro-orm/postgresql';
import { execute, query } from '../../../platform/database/sql.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { cartTotalAgorot, emptyTableCart, evolveTableCart, type TableCartState } from '../domain/table-cart.decider.js';
import { TABLE_CART_EVENT_TYPES, TABLE_CART_STREAM_PREFIX, type TableCartEvent } from '../domain/table-cart.events.js';
import { type CartRow, stateOfRow } from './table-carts.reader.js';

const CART_COLUMNS = `cart_id, business_id, department_id, table_number, status, lines, notes, diners, total_agorot,
  order_id, order_number, tab, version, updated_at, closed_at`;

/**
 * `table_carts`, written in the append's own transaction, so a diner's read right after their write sees it, and so
 * the partial unique index (one cart not closed per table) rolls back a second opener's whole append. The row is the
 * decider's own fold of the stream (`evolveTableCart`): an event applies only when it is the row's next version, so a
 * repeat changes nothing.
 */
export const tableCartsProjection: InlineProjection = {
  name: 'table-carts',
  handles: TABLE_CART_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as TableCartEvent;
    const cartId = recorded.streamId.slice(TABLE_CART_STREAM_PREFIX.length);
    const [row] = await query<CartRow>(em, `select ${CART_COLUMNS} from table_carts where cart_id = ?`, [cartId]);
    const before: TableCartState = row ? stateOfRow(row) : emptyTableCart();
    if (recorded.streamVersion <= before.version) return;
    const after = evolveTableCart(before, event);
    after.version = recorded.streamVersion;
    if (!row) {
      if (after.status === 'none' || !after.businessPhone) return;
      await execute(
        em,
        `insert into table_carts (${CART_COLUMNS})
         values (?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?, ?, ?)`,
        [
          cartId,
          after.businessPhone,
          after.departmentId,
          after.number,
          after.status,
          JSON.stringify(after.lines),
          after.notes,
          JSON.stringify(after.diners),
          cartTotalAgorot(after.lines),
          after.orderId,
          after.orderNumber,
          tabOf(after),
          after.version,
          after.updatedAt,
          after.closedAt,
        ],
      );
      return;
    }
    await execute(
      em,
      `update table_carts set status = ?, lines = ?::jsonb, notes = ?, diners = ?::jsonb, total_agorot = ?,
              order_id = ?, order_number = ?, tab = ?::jsonb, version = ?, updated_at = ?, closed_at = ?
        where cart_id = ? and version < ?`,
      [
        after.status,
        JSON.stringify(after.lines),
        after.notes,
        JSON.stringify(after.diners),
        cartTotalAgorot(after.lines),
        after.orderId,
        after.orderNumber,
        tabOf(after),
        after.version,
        after.updatedAt,
        after.closedAt,
        cartId,
        after.version,
      ],
    );
  },
};

/** A cart without a tab keeps null (every cart before pay at the end, and every café without it). */
const tabOf = (state: TableCartState): string | null =>
  state.tab.hold || state.tab.rounds.length > 0 ? JSON.stringify(state.tab) : null;
