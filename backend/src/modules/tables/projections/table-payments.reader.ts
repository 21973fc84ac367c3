import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { TableDinerColour } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

/** One payer's part of a shared table's order, as `table_payments` has it. */
export interface TablePaymentRow {
  partId: string;
  orderId: string;
  payer: { dinerId: string; name: string; colour: TableDinerColour } | null;
  itemsAgorot: number;
  tipAgorot: number;
  amountAgorot: number;
  status: 'pending' | 'paid' | 'failed' | 'replaced';
  openedAt: string;
  paidAt: string | null;
  /** How many of the log's events changed this part (its page opened, then paid, declined or replaced). */
  changes: number;
}

interface Row {
  part_id: string;
  order_id: string;
  payer: TablePaymentRow['payer'];
  items_agorot: number;
  tip_agorot: number;
  amount_agorot: number;
  status: TablePaymentRow['status'];
  opened_at: Date | string;
  paid_at: Date | string | null;
  changes: number;
  position: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string): string => new Date(value).toISOString();

const toPayment = (row: Row): TablePaymentRow => ({
  partId: row.part_id,
  orderId: row.order_id,
  payer: row.payer,
  itemsAgorot: row.items_agorot,
  tipAgorot: row.tip_agorot,
  amountAgorot: row.amount_agorot,
  status: row.status,
  openedAt: iso(row.opened_at),
  paidAt: row.paid_at ? iso(row.paid_at) : null,
  changes: row.changes,
});

/** The `table_payments` read model. */
@Injectable()
export class TablePaymentsReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Every part of the orders `orderIds`, each order's in the order they were opened. */
  async ofOrders(orderIds: readonly string[], em?: EntityManager): Promise<Map<string, TablePaymentRow[]>> {
    const ids = orderIds.filter((id) => UUID.test(id));
    const byOrder = new Map<string, TablePaymentRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byOrder;
    const rows = await query<Row>(
      em ?? this.database.em(),
      `select part_id, order_id, payer, items_agorot, tip_agorot, amount_agorot, status, opened_at, paid_at, changes, position
         from table_payments where order_id = any(?::uuid[]) order by opened_at, position`,
      [`{${ids.join(',')}}`],
    );
    for (const row of rows) byOrder.get(row.order_id)?.push(toPayment(row));
    return byOrder;
  }

  /**
   * The paying carts (of every café) whose first paid part is older than their café's `unpaidShareMinutes` at `now`
   * while the paid parts do not cover the cart's total (`table_carts` and `business_tables` are this module's too).
   */
  async overdueCarts(now: Date, em?: EntityManager): Promise<string[]> {
    const rows = await query<{ cart_id: string }>(
      em ?? this.database.em(),
      `select c.cart_id from table_carts c
         join business_tables b on b.business_id = c.business_id
         join table_payments p on p.order_id = c.order_id and p.status = 'paid'
        where c.status = 'paying'
        group by c.cart_id, c.total_agorot, b.unpaid_share_minutes
       having min(p.paid_at) <= ?::timestamptz - make_interval(mins => b.unpaid_share_minutes)
          and sum(p.items_agorot) < c.total_agorot`,
      [now.toISOString()],
    );
    return rows.map((row) => row.cart_id);
  }

  async ofOrder(orderId: string | null, em?: EntityManager): Promise<TablePaymentRow[]> {
    if (!orderId) return [];
    return (await this.ofOrders([orderId], em)).get(orderId) ?? [];
  }
}
