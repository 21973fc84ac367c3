import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { TableCartLine, TableDiner } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { type CartTab, emptyCartTab, type TableCartState } from '../domain/table-cart.decider.js';

export interface CartRow {
  cart_id: string;
  business_id: string;
  department_id: string;
  table_number: number;
  status: 'open' | 'paying' | 'closed';
  lines: TableCartLine[];
  notes: string | null;
  diners: TableDiner[];
  total_agorot: number;
  order_id: string | null;
  order_number: number | null;
  /** Pay at the end (decision 058): null for every cart without a tab. */
  tab: CartTab | null;
  version: number;
  updated_at: Date | string;
  closed_at: Date | string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string): string => new Date(value).toISOString();

export function stateOfRow(row: CartRow): TableCartState {
  return {
    cartId: row.cart_id,
    businessPhone: row.business_id,
    departmentId: row.department_id,
    number: row.table_number,
    status: row.status,
    lines: row.lines,
    notes: row.notes,
    diners: row.diners,
    orderId: row.order_id,
    orderNumber: row.order_number,
    tab: row.tab ?? emptyCartTab(),
    version: row.version,
    updatedAt: iso(row.updated_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
  };
}

/** A cart as the readers answer it: every field known (a row always comes from a `TableCartOpened`). */
export type LiveCart = TableCartState & {
  cartId: string;
  businessPhone: string;
  departmentId: string;
  number: number;
  updatedAt: string;
};

const SELECT = `select cart_id, business_id, department_id, table_number, status, lines, notes, diners, total_agorot,
  order_id, order_number, tab, version, updated_at, closed_at from table_carts`;

/** The `table_carts` read model. */
@Injectable()
export class TableCartsReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The table's cart that is not closed (open or paying), if any. */
  async liveCartOf(businessPhone: string, number: number, em?: EntityManager): Promise<LiveCart | undefined> {
    const [row] = await query<CartRow>(
      em ?? this.database.em(),
      `${SELECT} where business_id = ? and table_number = ? and status <> 'closed'`,
      [businessPhone, number],
    );
    return row ? (stateOfRow(row) as LiveCart) : undefined;
  }

  async byId(cartId: string, em?: EntityManager): Promise<LiveCart | undefined> {
    const [row] = await query<CartRow>(em ?? this.database.em(), `${SELECT} where cart_id = ?`, [cartId]);
    return row ? (stateOfRow(row) as LiveCart) : undefined;
  }

  /** The business's carts paying for their orders (the tables waiting for payment), the oldest change first. */
  async payingOf(businessPhone: string, em?: EntityManager): Promise<LiveCart[]> {
    const rows = await query<CartRow>(
      em ?? this.database.em(),
      `${SELECT} where business_id = ? and status = 'paying' order by updated_at, table_number`,
      [businessPhone],
    );
    return rows.map((row) => stateOfRow(row) as LiveCart);
  }

  /** The cart waiting for the payments of `orderId`, if any. */
  async payingFor(orderIds: readonly string[], em?: EntityManager): Promise<Map<string, string>> {
    const ids = orderIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Map();
    const rows = await query<{ cart_id: string; order_id: string }>(
      em ?? this.database.em(),
      `select cart_id, order_id from table_carts where status = 'paying' and order_id = any(?::uuid[])`,
      [`{${ids.join(',')}}`],
    );
    return new Map(rows.map((row) => [row.order_id, row.cart_id]));
  }

  /**
   * Open carts untouched since their business's idle time (carts nobody joined are left: they are fresh already), the
   * oldest first.
   */
  async idleCarts(now: Date, limit: number, em?: EntityManager): Promise<{ cartId: string; idleSince: string }[]> {
    const rows = await query<{ cart_id: string; idle_since: Date | string }>(
      em ?? this.database.em(),
      `select c.cart_id, ?::timestamptz - make_interval(mins => b.idle_minutes) as idle_since from table_carts c join business_tables b on b.business_id = c.business_id
        where c.status = 'open' and c.version > 1
          and c.updated_at <= ?::timestamptz - make_interval(mins => b.idle_minutes)
        order by c.updated_at limit ?`,
      [now.toISOString(), now.toISOString(), limit],
    );
    return rows.map((row) => ({ cartId: row.cart_id, idleSince: iso(row.idle_since) }));
  }

  /** Carts whose tab has rounds and nobody touched for their café's `tab_idle_minutes` (decision 058). */
  async idleTabs(now: Date, em?: EntityManager) {
    return query<{ cartId: string; businessPhone: string; departmentId: string; number: number }>(
      em ?? this.database.em(),
      `select c.cart_id as "cartId", c.business_id as "businessPhone", c.department_id as "departmentId",
              c.table_number as "number"
         from table_carts c join business_tables t on t.business_id = c.business_id
        where c.status <> 'closed' and c.tab is not null and jsonb_array_length(c.tab->'rounds') > 0
          and c.updated_at <= ?::timestamptz - make_interval(mins => t.tab_idle_minutes)
        order by c.updated_at limit 100`,
      [now.toISOString()],
    );
  }
}
