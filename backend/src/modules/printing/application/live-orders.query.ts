import { Inject, Injectable } from '@nestjs/common';
import {
  israelDayRange,
  type KitchenStatus,
  type LiveEvent,
  type LiveOrder,
  type LiveOrdersAnswer,
  type LiveSyncAnswer,
  PRINT_STATUSES,
  type PrintStatus,
} from '@tafrit/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { boundQuery, query } from '../../../platform/database/sql.js';
import { type KitchenOrderRow, ordersReader } from '../../ordering/index.js';
import { agorotOf, linesOf } from './order-lines.js';
import { PrinterPresence } from './printer-presence.service.js';

/** More missed events than this and the console reloads the list instead. */
const SYNC_LIMIT = 500;

/** The print status of each order's own slip (a reprint is not a row): `slip-{id}`, by order id. */
async function slipsOf(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<Map<string, { status: PrintStatus; error: string | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await boundQuery<{ order_id: string; status: PrintStatus; last_error: string | null }>(
    em,
    `select order_id::text as order_id, status, last_error from print_slips where slip_id = any($1::text[])`,
    [orderIds.map((id) => `slip-${id}`)],
  );
  return new Map(rows.map((row) => [row.order_id, { status: row.status, error: row.last_error }]));
}

/**
 * The slip of an order the console shows: its `print_slips` row, which has the printer's error; without one (the row
 * was pruned, decision 074, or is not projected yet), the slip's state on the order's own row (decision 039), which the
 * order's commands write with their events and keep for good, without the error's text.
 */
function slipOfOrder(
  row: KitchenOrderRow,
  slip: { status: PrintStatus; error: string | null } | undefined,
): { status: PrintStatus; error: string | null } | undefined {
  if (slip) return slip;
  const status = PRINT_STATUSES.find((each) => each === row.slipStatus);
  return status ? { status, error: null } : undefined;
}

/** The tip and the way the diner paid, as the console and the slip show them (issue 17). */
export function tipAndMethodOf(row: {
  tipAmount?: string | null;
  paymentMethod?: string | null;
}): Pick<LiveOrder, 'tipAgorot' | 'paymentMethod'> {
  const tip = agorotOf(row.tipAmount ?? '0');
  const method = row.paymentMethod === 'bit' || row.paymentMethod === 'google_pay' ? row.paymentMethod : 'card';
  return { ...(tip > 0 ? { tipAgorot: tip } : {}), paymentMethod: method };
}

export function liveOrderOf(row: KitchenOrderRow, slip?: { status: PrintStatus; error: string | null }): LiveOrder {
  const printStatus = slip?.status ?? 'none';
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    paidAt: new Date(row.paidAt!).toISOString(),
    tableNumber: row.tableNumber,
    lines: linesOf(row.items),
    remarks: row.remarks,
    totalAgorot: agorotOf(row.totalAmount),
    refundedAgorot: row.refundedAgorot,
    ...tipAndMethodOf(row),
    status: (['accepted', 'ready', 'served', 'cancelled'].includes(row.status) ? row.status : 'paid') as KitchenStatus,
    printStatus,
    printError: printStatus === 'failed' ? (slip?.error ?? null) : null,
    ...(row.isTest ? { test: true as const } : {}),
    ...(row.tabRound ? { round: row.tabRound } : {}),
    ...(row.refundRefused ? { refundRefused: { ...row.refundRefused } } : {}),
    ...(row.pickupAt ? { pickupAt: new Date(row.pickupAt).toISOString() } : {}),
    ...(row.upcoming ? { upcoming: true as const } : {}),
  };
}

/**
 * One paid order of a business as the console shows it (the kitchen's buttons answer with it, on an order of any
 * day): its slip's state from the order's row when its slip row was pruned.
 */
export async function loadLiveOrder(
  em: EntityManager,
  businessPhone: string,
  orderId: string,
): Promise<LiveOrder | undefined> {
  const row = await ordersReader.kitchenOrder(em, businessPhone, orderId);
  if (!row) return undefined;
  return liveOrderOf(row, slipOfOrder(row, (await slipsOf(em, [row.id])).get(row.id)));
}

/**
 * Paid orders of several businesses as the console shows them, by id (a batch of the live-orders projection). The
 * slip's state is from the projection's own rows only, as they stood before the batch, so that a rebuild pushes the
 * same `order.paid`.
 */
export async function loadLiveOrders(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, LiveOrder>> {
  const rows = await ordersReader.kitchenOrdersByIds(em, orderIds);
  const slips = await slipsOf(
    em,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [`${row.businessId}/${row.id}`, liveOrderOf(row, slips.get(row.id))]));
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
    const rows = await ordersReader.kitchenOrdersBetween(em, businessPhone, start, end);
    const slips = await slipsOf(
      em,
      rows.map((row) => row.id),
    );
    return {
      // Today's orders: their slips were queued today, well within the two days their rows are kept (decision 074),
      // but the order's own state stands in for a row the projection has not written yet.
      orders: rows.map((row) => liveOrderOf(row, slipOfOrder(row, slips.get(row.id)))),
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
