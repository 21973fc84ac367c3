import type { EntityManager } from '@mikro-orm/postgresql';
import {
  formatShekels,
  type OrderEventData,
  orderEventSchemaVersions,
  type OrderLine,
  orderStreamId,
} from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { execute, query } from '../../../platform/event-store/postgres/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { SmsDeliveryError, type SmsSender } from '../../../platform/sms/sms.port.js';
import { BusinessEntity } from '../../accounts/index.js';
import { foldOrder, type OrderCommand, orderDecider } from '../domain/order.decider.js';

export const RECEIPT_SMS_PROCESSOR = 'receipt-sms';

/**
 * Hebrew goes out as UCS-2: 70 characters in one SMS, 67 per segment of a longer one. A bon of up to about five
 * segments is still one message on the phone and a bounded cost per order.
 */
export const RECEIPT_SMS_MAX_CHARS = 300;
const MAX_ITEM_NAME_CHARS = 30;
/**
 * A bon is for the kitchen's next minutes. An order paid longer ago than this (the processor was down, or its log is
 * replayed into a fresh database) is recorded as not sent rather than texted late.
 */
export const RECEIPT_SMS_MAX_DELAY_MS = 60 * 60 * 1000;
const MAX_REMARKS_CHARS = 80;

export interface ReceiptSmsOrder {
  orderNumber: number;
  tableNumber: number | null;
  lines: readonly Pick<OrderLine, 'name' | 'quantity'>[];
  totalAgorot: number;
  remarks: string | null;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The bon as one short text: `הזמנה #12, שולחן 4: 2× הפוך גדול, 1× קרואסון. סה"כ ₪41.00. הערות: בלי בצל`.
 * The order number, table and total always fit; the items follow in order until the budget runs out and the rest
 * are counted (`ועוד 3 פריטים`); remarks are clipped. The slip and the live console carry the full order.
 */
export function receiptSmsText(order: ReceiptSmsOrder, maxChars = RECEIPT_SMS_MAX_CHARS): string {
  const head = `הזמנה #${order.orderNumber}${order.tableNumber === null ? '' : `, שולחן ${order.tableNumber}`}: `;
  const remarks = order.remarks?.trim() ? ` הערות: ${clip(order.remarks, MAX_REMARKS_CHARS)}` : '';
  const tail = `. סה"כ ${formatShekels(order.totalAgorot)}.${remarks}`;
  const items = order.lines.map((line) => `${line.quantity}× ${clip(line.name, MAX_ITEM_NAME_CHARS)}`);
  const budget = maxChars - head.length - tail.length;
  let shown = items.join(', ');
  if (shown.length > budget) {
    shown = '';
    for (let count = items.length - 1; count >= 1; count--) {
      const candidate = `${items.slice(0, count).join(', ')}, ועוד ${items.length - count} פריטים`;
      if (candidate.length <= budget) {
        shown = candidate;
        break;
      }
    }
    if (!shown) shown = `${items.length} פריטים`;
  }
  return `${head}${shown}${tail}`;
}

/** Claims the effect once: true for the one caller whose insert made the row. */
async function claimEffect(em: EntityManager, key: string): Promise<boolean> {
  const inserted = await execute(em, 'insert into effect_keys (effect_key) values (?) on conflict do nothing', [key]);
  return inserted === 1;
}

/**
 * The bon by SMS to the business's receipt phone, once per paid order. A business that chose no receipt phone gets
 * none (the settings form says "empty means none"): the printer and the live console carry its orders.
 *
 * A `reactor`: the SMS is outside the database, so it cannot commit with the checkpoint. The effect is claimed in
 * `effect_keys` (`receipt-sms:{orderId}`) BEFORE the gateway is called, which makes it at most once: a crash between
 * the claim and the gateway's answer loses this one SMS rather than sending it twice on the redelivery (the slip and
 * the live console still carry the order). `completed_at` is set only once the gateway accepted, so a redelivery
 * that finds the claim knows what to record: sent (completed) or failed (interrupted, not resent).
 *
 * A gateway refusal is recorded as `ReceiptSmsFailed` and never thrown: a retry could send twice. Only database
 * errors before the claim are thrown (the runner retries them; nothing was sent yet).
 */
export function receiptSmsProcessor({ store, sms }: { store: EventStore; sms: SmsSender }): Processor {
  return {
    name: RECEIPT_SMS_PROCESSOR,
    handles: ['OrderPaid'],
    mode: 'reactor',
    async handle(event, { em }) {
      const paid = event.data as OrderEventData['OrderPaid'];
      const streamId = orderStreamId(paid.orderId);
      const { events } = await store.readStream(streamId, { em });
      const state = foldOrder(events);
      const placed = events.find((recorded) => recorded.type === 'OrderPlaced')?.data as
        OrderEventData['OrderPlaced'] | undefined;
      if (!state.placed || !placed || state.receiptSms !== 'pending') return;

      const run = (command: OrderCommand) =>
        handleCommand({
          store,
          streamId,
          decider: orderDecider,
          command,
          metadata: {
            correlationId: event.metadata.correlationId,
            causationId: event.globalPosition,
            actor: { kind: 'system', id: RECEIPT_SMS_PROCESSOR },
            occurredAt: new Date().toISOString(),
          },
          schemaVersions: orderEventSchemaVersions,
        });
      const now = () => new Date().toISOString();

      const business = await em.findOne(BusinessEntity, { phone: paid.businessPhone });
      if (!business) {
        await run({ type: 'RecordReceiptSmsFailure', data: { now: now(), to: null, reason: 'business not found' } });
        return;
      }
      const to = business.receiptPhone;
      if (!to) return;

      if (Date.now() - Date.parse(paid.paidAt) > RECEIPT_SMS_MAX_DELAY_MS) {
        await run({
          type: 'RecordReceiptSmsFailure',
          data: { now: now(), to, reason: 'paid more than an hour ago; a late bon is not sent' },
        });
        return;
      }

      const key = `receipt-sms:${paid.orderId}`;
      if (!(await claimEffect(em, key))) {
        // Claimed by an earlier delivery whose outcome never reached the log (a crash, a lost lease).
        const [claim] = await query<{ completed: boolean }>(
          em,
          'select completed_at is not null as completed from effect_keys where effect_key = ?',
          [key],
        );
        await run(
          claim?.completed
            ? { type: 'RecordReceiptSms', data: { now: now(), to } }
            : {
                type: 'RecordReceiptSmsFailure',
                data: { now: now(), to, reason: 'interrupted before the gateway answered; not resent (at most once)' },
              },
        );
        return;
      }

      try {
        await sms.send({
          to,
          kind: 'receipt',
          text: receiptSmsText({
            orderNumber: placed.orderNumber,
            tableNumber: placed.tableNumber,
            lines: placed.lines,
            totalAgorot: placed.totalAgorot,
            remarks: placed.remarks,
          }),
        });
      } catch (error) {
        const reason =
          error instanceof SmsDeliveryError
            ? error.message
            : `gateway error: ${error instanceof Error ? error.message : String(error)}`;
        await run({ type: 'RecordReceiptSmsFailure', data: { now: now(), to, reason: reason.slice(0, 500) } });
        return;
      }
      await execute(em, 'update effect_keys set completed_at = now() where effect_key = ?', [key]);
      await run({ type: 'RecordReceiptSms', data: { now: now(), to } });
    },
  };
}
