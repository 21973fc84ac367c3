import type { EntityManager } from '@mikro-orm/postgresql';
import { type LiveEvent, type LiveOrder, type OrderEventData, type PrinterEventData } from '@tafrit/contracts';
import { boundQuery, execute, query } from '../../../platform/database/sql.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor, ProcessorContext } from '../../../platform/processing/processor.js';
import type { ActorNames } from '../../team/index.js';
import { LIVE_EVENTS_KEPT_MS } from '../application/live-journal.js';
import { loadLiveOrders } from '../application/live-orders.query.js';
import type { LiveHub } from '../realtime/live-hub.js';

export const LIVE_ORDERS_PROCESSOR = 'live-orders';

type Pushed = LiveEvent extends infer Event ? (Event extends LiveEvent ? Omit<Event, 'position'> : never) : never;

const KITCHEN = {
  OrderAccepted: 'accepted',
  OrderReady: 'ready',
  OrderServed: 'served',
  OrderDeclined: 'cancelled',
} as const;

/** The order's previous refund row in the journal (by its partial index, live_events_refund_index). */
export const PREVIOUS_REFUND_SQL = `select payload->>'refundedAgorot' as total from live_events
  where business_id = ? and payload->>'kind' = 'order.refunded' and payload->>'orderId' = ? and source_position < ?
  order by source_position desc limit 1`;

/**
 * Follows the log for the owner consoles (DESIGN.md §4 step 7): keeps `print_slips` (where each slip of the last two
 * days stands, decision 074), numbers each console-worthy event in `live_events` and pushes it to the business's room
 * once committed. A projection: the slip rows, the numbered events and the checkpoint commit together, so a console
 * that reconnects and asks for "everything after n" gets exactly what it missed, in log order. A batch of events costs
 * a few statements, not a few per event (decision 015). A redelivery pushes the same number again; consoles apply it
 * once.
 */
export function liveOrdersProjection({ hub, names }: { hub: LiveHub; names: ActorNames }): Processor {
  const project = async (events: readonly RecordedEvent[], { em, afterCommit }: ProcessorContext) => {
    // The journal keeps two days: an event recorded before that is neither journaled nor pushed, as if pruned at once
    // (a catch-up after a long stop, or a rebuild of a year's log, writes only what the journal keeps). The slips keep
    // the same two days, by when each was queued (updateSlips).
    const horizon = Date.now() - LIVE_EVENTS_KEPT_MS;
    const recent = events.filter((event) => Date.parse(event.recordedAt) >= horizon);
    // The paid orders are read before the batch's own slip rows are written: `order.paid` shows the order as it was
    // paid, the same whether its SlipQueued comes in this batch or the next (and in a rebuild, event by event).
    const paidIds = recent.filter(reachesKitchen).map(orderIdOf);
    const liveOrders = await loadLiveOrders(em, paidIds);
    await updateSlips(em, events, horizon);
    const journal: { businessPhone: string; position: string; pushed: Pushed }[] = [];
    // Each order's refunded total as this batch moves through it (its earlier refunds may be in the batch itself).
    const refunded = new Map<string, number>();
    for (const event of recent) {
      const pushed = await liveEventOf(em, event, liveOrders, refunded, names);
      if (pushed) journal.push({ businessPhone: businessOf(event), position: event.globalPosition, pushed });
    }
    if (journal.length === 0) return;
    const rows = journal.map(({ businessPhone, position, pushed }) => ({
      business_id: businessPhone,
      source_position: position,
      payload: pushed,
    }));
    const inserted = await boundQuery<{ seq: string; source_position: string }>(
      em,
      `insert into live_events (business_id, source_position, payload)
         select business_id, source_position, payload
           from jsonb_to_recordset($1::jsonb) as x(business_id text, source_position bigint, payload jsonb)
       on conflict (source_position) do nothing
       returning seq::text as seq, source_position::text as source_position`,
      [JSON.stringify(rows)],
    );
    const seqs = new Map(inserted.map((row) => [row.source_position, row.seq]));
    const missing = journal.filter(({ position }) => !seqs.has(position)).map(({ position }) => position);
    if (missing.length > 0) {
      // Delivered before (a redelivery after a crash): the same numbers again.
      const earlier = await boundQuery<{ seq: string; source_position: string }>(
        em,
        `select seq::text as seq, source_position::text as source_position from live_events
          where source_position = any($1::bigint[])`,
        [missing],
      );
      for (const row of earlier) seqs.set(row.source_position, row.seq);
    }
    afterCommit(() => {
      for (const { businessPhone, position, pushed } of journal) {
        const seq = seqs.get(position);
        if (seq) hub.toOwners(businessPhone, { ...pushed, position: Number(seq) } as LiveEvent);
      }
    });
  };

  return {
    name: LIVE_ORDERS_PROCESSOR,
    mode: 'projection',
    handles: [
      'OrderPaid',
      'OrderDue',
      'OrderAccepted',
      'OrderReady',
      'OrderServed',
      'OrderDeclined',
      'OrderRefunded',
      'RefundFailed',
      'SlipQueued',
      'SlipPrinted',
      'PrintFailed',
      'PrinterOnline',
      'PrinterOffline',
    ],
    // The console shows a paid order a few tens of milliseconds later, at a busy moment a tenth of a second at most;
    // a busy minute costs a few statements per batch, about ten batches a second.
    gatherMs: 20,
    spacingMs: 100,
    handle: (event, ctx) => project([event], ctx),
    handleBatch: project,
  };
}

/**
 * A paid order, or the owner's test order (decision 034): never paid, it reaches the kitchen with its slip queued,
 * so its `SlipQueued` (marked `test`) stands where `OrderPaid` does; this projection need not follow every placing.
 */
const reachesKitchen = (event: RecordedEvent): boolean =>
  // A tab's bill (decision 058) never does: its rounds did.
  (event.type === 'OrderPaid' && (event.data as { tabBill?: boolean }).tabBill !== true) ||
  // An order for later reaches the kitchen's new orders when its preparation should start (issue 33).
  event.type === 'OrderDue' ||
  (event.type === 'SlipQueued' && (event.data as { test?: boolean }).test === true) ||
  // A tab's round (decision 058) reaches the kitchen with its slip, as a test order does.
  (event.type === 'SlipQueued' && typeof (event.data as { round?: number }).round === 'number');

const orderIdOf = (event: RecordedEvent): string => (event.data as { orderId: string }).orderId;
const businessOf = (event: RecordedEvent): string => (event.data as { businessPhone: string }).businessPhone;

/**
 * The slips' rows. A slip queued before `horizon` gets none: the sweep deletes such a row within seconds (decision
 * 074), so a catch-up or a rebuild writes only the slips it keeps. Its printed or failed outcome, recorded later,
 * then updates no row, as it does once the sweep took the row: the order's own row keeps the slip's state.
 */
async function updateSlips(em: EntityManager, events: readonly RecordedEvent[], horizon: number): Promise<void> {
  const queued = events
    .filter((event) => event.type === 'SlipQueued')
    .map((event) => event.data as OrderEventData['SlipQueued'])
    .filter((data) => Date.parse(data.queuedAt) >= horizon)
    .map((data) => ({
      slip_id: data.slipId,
      order_id: data.orderId,
      business_id: data.businessPhone,
      queued_at: data.queuedAt,
    }));
  if (queued.length > 0) {
    await boundQuery(
      em,
      `insert into print_slips (slip_id, order_id, business_id, status, queued_at)
         select slip_id, order_id, business_id, 'queued', queued_at
           from jsonb_to_recordset($1::jsonb) as x(slip_id text, order_id uuid, business_id text, queued_at timestamptz)
       on conflict (slip_id) do nothing`,
      [JSON.stringify(queued)],
    );
  }
  for (const event of events) {
    if (event.type === 'SlipPrinted') {
      const data = event.data as OrderEventData['SlipPrinted'];
      await execute(
        em,
        `update print_slips set status = 'printed', agent_id = ?, attempts = attempts + 1, last_error = null,
           updated_at = now() where slip_id = ?`,
        [data.agentId, data.slipId],
      );
    } else if (event.type === 'PrintFailed') {
      const data = event.data as OrderEventData['PrintFailed'];
      await execute(
        em,
        `update print_slips set status = 'failed', agent_id = ?, attempts = attempts + 1, last_error = ?,
           updated_at = now() where slip_id = ? and status <> 'printed'`,
        [data.agentId, data.reason, data.slipId],
      );
    }
  }
}

async function liveEventOf(
  em: EntityManager,
  event: RecordedEvent,
  liveOrders: Map<string, LiveOrder>,
  refunded: Map<string, number>,
  names: ActorNames,
): Promise<Pushed | undefined> {
  switch (event.type) {
    case 'OrderPaid':
    case 'OrderDue': {
      const order = liveOrders.get(`${businessOf(event)}/${orderIdOf(event)}`);
      return order ? { kind: 'order.paid', order } : undefined;
    }
    case 'OrderAccepted':
    case 'OrderReady':
    case 'OrderServed': {
      const data = event.data as OrderEventData['OrderAccepted'];
      const status = { kind: 'order.status', orderId: data.orderId, status: KITCHEN[event.type], at: data.at } as const;
      const by = await byWhom(em, event, names);
      return {
        ...status,
        ...(data.estimatedReadyAt ? { estimatedReadyAt: data.estimatedReadyAt } : {}),
        ...(by ? { by } : {}),
      };
    }
    case 'OrderDeclined': {
      // Every open console shows the order cancelled (issue 17), and by whom (issue 31).
      const data = event.data as OrderEventData['OrderDeclined'];
      const by = await byWhom(em, event, names);
      return {
        kind: 'order.status',
        orderId: data.orderId,
        status: 'cancelled',
        at: data.declinedAt,
        ...(by ? { by } : {}),
      };
    }
    case 'OrderRefunded': {
      // The order's refunded total up to this event: the previous `order.refunded` this projection numbered for the
      // order (its own table, so a rebuild in a scratch schema and another event store give the same totals), plus
      // this refund. A total, not the refund's own amount, lets a console take a repeat or a late push safely; a
      // redelivered event finds the same previous row, so it pushes the same total again.
      const data = event.data as OrderEventData['OrderRefunded'];
      let before = refunded.get(data.orderId);
      if (before === undefined) {
        const [row] = await query<{ total: string }>(em, PREVIOUS_REFUND_SQL, [
          data.businessPhone,
          data.orderId,
          event.globalPosition,
        ]);
        before = Number(row?.total ?? 0);
      }
      const refundedAgorot = before + data.amountAgorot;
      refunded.set(data.orderId, refundedAgorot);
      return { kind: 'order.refunded', orderId: data.orderId, refundedAgorot, at: data.refundedAt };
    }
    case 'RefundFailed': {
      // Every open console says so (issue 17), not only the one whose dialog asked.
      const data = event.data as OrderEventData['RefundFailed'];
      return {
        kind: 'order.refund_refused',
        orderId: data.orderId,
        refundId: data.refundId,
        reason: data.reason,
        at: data.failedAt,
      };
    }
    case 'SlipQueued':
    case 'SlipPrinted':
    case 'PrintFailed': {
      if (reachesKitchen(event)) {
        // The test order itself, its slip queued (read before this batch's slip rows were written).
        const order = liveOrders.get(`${businessOf(event)}/${orderIdOf(event)}`);
        return order ? { kind: 'order.paid', order: { ...order, printStatus: 'queued' } } : undefined;
      }
      const data = event.data as { orderId: string };
      const printStatus = event.type === 'SlipQueued' ? 'queued' : event.type === 'SlipPrinted' ? 'printed' : 'failed';
      const error = event.type === 'PrintFailed' ? (event.data as OrderEventData['PrintFailed']).reason : null;
      return { kind: 'slip.status', orderId: data.orderId, printStatus, error, at: event.recordedAt };
    }
    case 'PrinterOnline': {
      const data = event.data as PrinterEventData['PrinterOnline'];
      return { kind: 'printer.status', isOnline: true, printerName: data.agent.printerName, at: data.at };
    }
    case 'PrinterOffline': {
      const data = event.data as PrinterEventData['PrinterOffline'];
      const [row] = await query<{ printer_name: string | null }>(
        em,
        `select printer_name from printer_connections where business_id = ?`,
        [data.businessPhone],
      );
      return { kind: 'printer.status', isOnline: false, printerName: row?.printer_name ?? null, at: data.at };
    }
    default:
      return undefined;
  }
}

/**
 * Who moved the order, by name (issue 31), read in this delivery's transaction: the team's name of a person or a
 * screen (kept after a removal, so a redelivery or a rebuild pushes the same), "the owner", "support"; undefined for
 * the automatic acceptance.
 */
function byWhom(em: EntityManager, event: RecordedEvent, names: ActorNames): Promise<string | undefined> {
  return names.nameOf(businessOf(event), event.metadata.actor, em);
}
