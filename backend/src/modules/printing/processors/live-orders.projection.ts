import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveEvent, OrderEventData, PrinterEventData } from '@tafrit/contracts';
import { execute, query } from '../../../platform/event-store/postgres/sql.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { loadLiveOrder } from '../application/live-orders.query.js';
import type { LiveHub } from '../realtime/live-hub.js';

export const LIVE_ORDERS_PROCESSOR = 'live-orders';

type Pushed = LiveEvent extends infer Event ? (Event extends LiveEvent ? Omit<Event, 'position'> : never) : never;

const KITCHEN = { OrderAccepted: 'accepted', OrderReady: 'ready', OrderServed: 'served' } as const;

/**
 * Follows the log for the owner consoles (DESIGN.md §4 step 7): keeps `print_slips` (where each slip stands), numbers
 * each console-worthy event in `live_events` and pushes it to the business's room. A projection: the slip row, the
 * numbered event and the checkpoint commit together, so a console that reconnects and asks for "everything after n"
 * gets exactly what it missed, in log order. A redelivery pushes the same number again; consoles apply it once.
 */
export function liveOrdersProjection({ hub }: { hub: LiveHub }): Processor {
  return {
    name: LIVE_ORDERS_PROCESSOR,
    mode: 'projection',
    handles: [
      'OrderPaid',
      'OrderAccepted',
      'OrderReady',
      'OrderServed',
      'SlipQueued',
      'SlipPrinted',
      'PrintFailed',
      'PrinterOnline',
      'PrinterOffline',
    ],
    async handle(event, { em }) {
      const businessPhone = (event.data as { businessPhone: string }).businessPhone;
      await updateSlip(em, event);
      const pushed = await liveEventOf(em, event);
      if (!pushed) return;
      const [inserted] = await query<{ seq: string }>(
        em,
        `insert into live_events (business_id, source_position, payload) values (?, ?, ?)
         on conflict (source_position) do nothing returning seq::text as seq`,
        [businessPhone, event.globalPosition, JSON.stringify(pushed)],
      );
      const seq =
        inserted?.seq ??
        (
          await query<{ seq: string }>(em, `select seq::text as seq from live_events where source_position = ?`, [
            event.globalPosition,
          ])
        )[0]?.seq;
      if (seq) hub.toOwners(businessPhone, { ...pushed, position: Number(seq) } as LiveEvent);
    },
  };
}

async function updateSlip(em: EntityManager, event: RecordedEvent): Promise<void> {
  if (event.type === 'SlipQueued') {
    const data = event.data as OrderEventData['SlipQueued'];
    await execute(
      em,
      `insert into print_slips (slip_id, order_id, business_id, status, queued_at) values (?, ?, ?, 'queued', ?)
       on conflict (slip_id) do nothing`,
      [data.slipId, data.orderId, data.businessPhone, data.queuedAt],
    );
  } else if (event.type === 'SlipPrinted') {
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

async function liveEventOf(em: EntityManager, event: RecordedEvent): Promise<Pushed | undefined> {
  switch (event.type) {
    case 'OrderPaid': {
      const data = event.data as OrderEventData['OrderPaid'];
      const order = await loadLiveOrder(em, data.businessPhone, data.orderId);
      return order ? { kind: 'order.paid', order } : undefined;
    }
    case 'OrderAccepted':
    case 'OrderReady':
    case 'OrderServed': {
      const data = event.data as OrderEventData['OrderAccepted'];
      return { kind: 'order.status', orderId: data.orderId, status: KITCHEN[event.type], at: data.at };
    }
    case 'SlipQueued':
    case 'SlipPrinted':
    case 'PrintFailed': {
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
