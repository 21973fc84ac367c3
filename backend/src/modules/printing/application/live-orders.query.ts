import { Inject, Injectable } from '@nestjs/common';
import {
  israelDayRange,
  type KitchenStatus,
  type LiveEvent,
  type LiveOrder,
  type LiveOrdersAnswer,
  type LiveSyncAnswer,
  type PrintStatus,
} from '@tafrit/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { boundQuery, query } from '../../../platform/database/sql.js';
import { agorotOf, linesOf, type StoredItem } from './order-lines.js';
import { PrinterPresence } from './printer-presence.service.js';

/** More missed events than this and the console reloads the list instead. */
const SYNC_LIMIT = 500;

interface OrderRow {
  id: string;
  order_number: number;
  paid_at: Date;
  table_number: number | null;
  items: StoredItem[] | string;
  remarks: string | null;
  total_amount: string;
  tip_amount: string;
  payment_method: string;
  status: string;
  refunded_agorot: string | number | null;
  print_status: PrintStatus | null;
  print_error: string | null;
  is_test?: boolean;
  refund_refused?: { refundId: string; reason: string } | string | null;
}

// What the provider returned on the order (issue 17), from the order's state snapshot as the monthly report reads it.
const REFUNDED = `(select coalesce(sum((r->>'amountAgorot')::bigint), 0)
    from jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r where r->>'status' = 'refunded')`;
// The order's last refund when the provider refused it: its reason stays on the console until a later refund.
const REFUSED = `(select case when r->>'status' = 'failed'
      then jsonb_build_object('refundId', r->>'refundId', 'reason', coalesce(r->>'failureReason', '')) end
    from jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r order by r->>'requestedAt' desc limit 1)`;
const ORDER_COLUMNS = `o.id, o.order_number, o.paid_at, o.table_number, o.items, o.remarks, o.total_amount, o.tip_amount,
  o.payment_method, o.status, ${REFUNDED}::text as refunded_agorot, s.status as print_status,
  s.last_error as print_error, o.is_test, ${REFUSED} as refund_refused`;
// Paid orders and the owner's test orders (decision 034, payment_status 'test'): both are the kitchen's to make.
const FOR_KITCHEN = `o.payment_status in ('paid', 'test')`;
// The order's own slip (a reprint is not a row): `slip-{id}`.
const WITH_SLIP = `from orders o left join print_slips s on s.slip_id = 'slip-' || o.id::text`;

/** The tip and the way the diner paid, as the console and the slip show them (issue 17). */
export function tipAndMethodOf(row: {
  tip_amount?: string | null;
  payment_method?: string | null;
}): Pick<LiveOrder, 'tipAgorot' | 'paymentMethod'> {
  const tip = agorotOf(row.tip_amount ?? '0');
  const method = row.payment_method === 'bit' || row.payment_method === 'google_pay' ? row.payment_method : 'card';
  return { ...(tip > 0 ? { tipAgorot: tip } : {}), paymentMethod: method };
}

export function liveOrderOf(row: OrderRow): LiveOrder {
  return {
    orderId: row.id,
    orderNumber: row.order_number,
    paidAt: new Date(row.paid_at).toISOString(),
    tableNumber: row.table_number,
    lines: linesOf(row.items),
    remarks: row.remarks,
    totalAgorot: agorotOf(row.total_amount),
    refundedAgorot: Number(row.refunded_agorot ?? 0),
    ...tipAndMethodOf(row),
    status: (['accepted', 'ready', 'served', 'cancelled'].includes(row.status) ? row.status : 'paid') as KitchenStatus,
    printStatus: row.print_status ?? 'none',
    printError: row.print_status === 'failed' ? row.print_error : null,
    ...(row.is_test ? { test: true as const } : {}),
    ...refusedOf(row.refund_refused),
  };
}

function refusedOf(value: OrderRow['refund_refused']): Pick<LiveOrder, 'refundRefused'> {
  const refused = typeof value === 'string' ? (JSON.parse(value) as { refundId: string; reason: string }) : value;
  return refused ? { refundRefused: { refundId: refused.refundId, reason: refused.reason } } : {};
}

/** One paid order of a business as the console shows it; `em` reads inside a processor's transaction. */
export async function loadLiveOrder(
  em: EntityManager,
  businessPhone: string,
  orderId: string,
): Promise<LiveOrder | undefined> {
  const [row] = await query<OrderRow>(
    em,
    `select ${ORDER_COLUMNS} ${WITH_SLIP} where o.id = ? and o.business_id = ? and ${FOR_KITCHEN}`,
    [orderId, businessPhone],
  );
  return row ? liveOrderOf(row) : undefined;
}

/** Paid orders of several businesses as the console shows them, by id (a batch of the live-orders projection). */
export async function loadLiveOrders(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, LiveOrder>> {
  if (orderIds.length === 0) return new Map();
  const rows = await boundQuery<OrderRow & { business_id: string }>(
    em,
    `select ${ORDER_COLUMNS}, o.business_id ${WITH_SLIP} where o.id = any($1::uuid[]) and ${FOR_KITCHEN}`,
    [orderIds],
  );
  return new Map(rows.map((row) => [`${row.business_id}/${row.id}`, liveOrderOf(row)]));
}

/**
 * The live console's reads. The list's `position` is read before the list itself: anything that happens in between
 * comes again through `live.sync`, and applying an event the list already shows changes nothing.
 */
@Injectable()
export class LiveOrdersQuery {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly presence: PrinterPresence,
  ) {}

  async today(businessPhone: string, now = new Date()): Promise<LiveOrdersAnswer> {
    const em = this.database.em();
    const [latest] = await query<{ position: string }>(
      em,
      `select coalesce(max(seq), 0)::text as position from live_events where business_id = ?`,
      [businessPhone],
    );
    const { start, end } = israelDayRange(now);
    const rows = await query<OrderRow>(
      em,
      `select ${ORDER_COLUMNS} ${WITH_SLIP}
        where o.business_id = ? and ${FOR_KITCHEN} and o.paid_at >= ? and o.paid_at < ?
        order by o.paid_at desc, o.order_number desc`,
      [businessPhone, start, end],
    );
    return {
      orders: rows.map(liveOrderOf),
      position: Number(latest?.position ?? 0),
      printer: await this.presence.status(businessPhone),
    };
  }

  async since(businessPhone: string, since: number): Promise<LiveSyncAnswer> {
    const rows = await query<{ seq: string; payload: LiveEvent | string }>(
      this.database.em(),
      `select seq::text as seq, payload from live_events where business_id = ? and seq > ? order by seq limit ?`,
      [businessPhone, since, SYNC_LIMIT + 1],
    );
    if (rows.length > SYNC_LIMIT) return { events: [], reset: true };
    const events = rows.map(({ seq, payload }) => {
      const event = (typeof payload === 'string' ? JSON.parse(payload) : payload) as LiveEvent;
      return { ...event, position: Number(seq) };
    });
    return { events, reset: false };
  }
}
