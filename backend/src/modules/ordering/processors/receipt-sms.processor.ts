import type { CommandBus } from '@nestjs/cqrs';
import {
  choicesText,
  formatShekels,
  isolatedText,
  quantityLine,
  type OrderEventData,
  type OrderLine,
  withoutDirectionControls,
} from '@tafrit/contracts';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { SmsDeliveryError, type SmsSender } from '../../../platform/sms/sms.port.js';
import type { BusinessReader } from '../../accounts/index.js';
import { RecordReceiptSmsCommand } from '../application/record-receipt-sms.handler.js';
import { upcastOrderState, type OrderState, type PlacedOrder } from '../domain/order.decider.js';
import type { LoadedOrder, OrderStore } from '../persistence/order-store.js';
import { paidOrderReactor } from './paid-order-reactor.js';
import { orderSnapshotSql } from '../projections/order-snapshot.js';

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
/** A line's choices, after its name: enough for "שיבולת שועל ₪2.00, בלי קצף". */
const MAX_OPTIONS_CHARS = 40;

export interface ReceiptSmsOrder {
  orderNumber: number;
  tableNumber: number | null;
  lines: readonly Pick<OrderLine, 'name' | 'quantity' | 'options'>[];
  totalAgorot: number;
  /** The diner's tip inside the total, named apart (issue 17); absent or 0: none. */
  tipAgorot?: number;
  remarks: string | null;
}

function clip(text: string, max: number): string {
  const flat = withoutDirectionControls(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A line's choices in brackets after its name (contracts' choicesText), clipped. What a person typed (the name, the
 * choices, the remarks) is isolated without its direction controls (issue 29), clipped first so no isolate is cut open.
 */
function itemText(line: ReceiptSmsOrder['lines'][number]): string {
  const name = quantityLine(line.quantity, isolatedText(clip(line.name, MAX_ITEM_NAME_CHARS)));
  const choices = choicesText(line.options);
  return choices ? `${name} (${isolatedText(clip(choices, MAX_OPTIONS_CHARS))})` : name;
}

/**
 * The bon as one short text: `הזמנה #12, שולחן 4: 2 × הפוך גדול (שיבולת שועל ₪2.00, בלי קצף), 1 × קרואסון. סה"כ
 * ₪41.00. הערות: בלי בצל`.
 * The order number, table and total always fit; the items follow in order until the budget runs out and the rest
 * are counted (`ועוד 3 פריטים`); remarks are clipped. The slip and the live console carry the full order.
 */
export function receiptSmsText(order: ReceiptSmsOrder, maxChars = RECEIPT_SMS_MAX_CHARS): string {
  const head = `הזמנה #${order.orderNumber}${order.tableNumber === null ? '' : `, שולחן ${order.tableNumber}`}: `;
  const remark = clip(order.remarks ?? '', MAX_REMARKS_CHARS);
  const remarks = remark ? ` הערות: ${isolatedText(remark)}` : '';
  // The tip is inside the total and named apart, as on the tax invoice (decision 027).
  const tip = order.tipAgorot ? ` (מזה טיפ ${formatShekels(order.tipAgorot)})` : '';
  const tail = `. סה"כ ${formatShekels(order.totalAgorot)}${tip}.${remarks}`;
  const items = order.lines.map(itemText);
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

/**
 * The paid orders of a batch, each order's whole state only where a bon may be due: most businesses chose no receipt
 * phone, and parsing every paid order's state (about 1.5 KB of JSON) to learn that cost more than the rest of this
 * processor. `quiet`: placed, and either its bon is settled already or its seller has no receipt phone (what the loop
 * below would skip); such a row comes without its state. Every other row comes whole (an order before its seller was
 * recorded asks the business; a row written before snapshots were kept has no state and is folded from the log).
 */
const STATES = preparedStatement<{ id: string; state: OrderState | null; stream_version: number; quiet: boolean }>(
  'receipt_sms_orders',
  `select o.id, o.stream_version, case when q.quiet then null else ${orderSnapshotSql('o')} end as state, q.quiet
     from orders o cross join lateral (
       select coalesce(o.state->>'placed' = 'true' and (o.state->>'receiptSms' is distinct from 'pending'
                 or o.state->'seller'->'receiptPhone' in ('null'::jsonb, '""'::jsonb)), false) as quiet
     ) q
    where o.id = any($1::uuid[])`,
);
/** Claims each effect once: the keys whose insert made the row come back. */
const CLAIM = preparedStatement<{ effect_key: string }>(
  'receipt_sms_claim',
  `insert into effect_keys (effect_key) select unnest($1::text[]) on conflict do nothing returning effect_key`,
);
const CLAIMS = preparedStatement<{ effect_key: string; completed: boolean }>(
  'receipt_sms_claims',
  'select effect_key, completed_at is not null as completed from effect_keys where effect_key = any($1::text[])',
);

const keyOf = (orderId: string): string => `receipt-sms:${orderId}`;

/**
 * The bon by SMS to the business's receipt phone, once per paid order. A business that chose no receipt phone gets
 * none (the settings form says "empty means none"): the printer and the live console carry its orders. The phone is
 * the one the business had when the order was placed (it comes with the order's seller).
 *
 * A `reactor`: the SMS is outside the database, so it cannot commit with the checkpoint. The effect is claimed in
 * `effect_keys` (`receipt-sms:{orderId}`) BEFORE the gateway is called, which makes it at most once: a crash between
 * the claim and the gateway's answer loses this one SMS rather than sending it twice on the redelivery (the slip and
 * the live console still carry the order). `completed_at` is set with `ReceiptSmsSent`, so a redelivery that finds
 * the claim knows what to record: sent (completed) or failed (interrupted, not resent).
 *
 * A gateway refusal is recorded as `ReceiptSmsFailed` and never thrown: a retry could send twice. Only database
 * errors before the claim are thrown (the runner retries them; nothing was sent yet). A batch of payments reads its
 * orders and claims its bons in one statement each (decision 015).
 */
export function receiptSmsProcessor({
  database,
  orders: store,
  sms,
  commands,
  businesses,
}: {
  database: Database;
  businesses: BusinessReader;
  orders: OrderStore;
  sms: SmsSender;
  commands: CommandBus;
}): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    const paid = events.map((event) => ({ event, data: event.data as OrderEventData['OrderPaid'] }));
    const rows = await database.run(STATES, [paid.map(({ data }) => data.orderId)]);
    const orders = new Map(rows.map((row) => [row.id, row]));
    const record = (
      orderId: string,
      outcome: RecordReceiptSmsCommand['outcome'],
      event: RecordedEvent,
      known?: LoadedOrder,
      completeEffect?: string,
    ) =>
      commands.execute(
        new RecordReceiptSmsCommand(
          orderId,
          outcome,
          {
            correlationId: event.metadata.correlationId,
            causationId: event.globalPosition,
            actor: { kind: 'system', id: RECEIPT_SMS_PROCESSOR },
            occurredAt: new Date().toISOString(),
          },
          known,
          completeEffect,
        ),
      );

    const due: { event: RecordedEvent; order: PlacedOrder; known: LoadedOrder; to: string }[] = [];
    for (const { event, data } of paid) {
      const row = orders.get(data.orderId);
      if (!row || row.quiet) continue;
      // A row written before snapshots were kept is folded from the log once.
      const known: LoadedOrder = row.state
        ? { state: upcastOrderState(row.state), version: Number(row.stream_version) }
        : await store.load(data.orderId);
      const order = known.state.placed ? known.state : null;
      if (order && order.receiptSms !== 'pending') continue;
      // An order placed before its seller was recorded with it asks the business for its phone.
      const to = order?.seller
        ? order.seller.receiptPhone
        : (await businesses.detailsOf(data.businessPhone))?.receiptPhone;
      if (to === undefined) {
        await record(data.orderId, { sent: false, to: null, reason: 'business not found' }, event, known);
        continue;
      }
      if (!to) continue;
      if (Date.now() - Date.parse(data.paidAt) > RECEIPT_SMS_MAX_DELAY_MS) {
        await record(
          data.orderId,
          { sent: false, to, reason: 'paid more than an hour ago; a late bon is not sent' },
          event,
          known,
        );
        continue;
      }
      if (order) due.push({ event, order, known, to });
    }
    if (due.length === 0) return;

    const keys = due.map(({ order }) => keyOf(order.orderId));
    const claimed = new Set((await database.run(CLAIM, [keys])).map((row) => row.effect_key));
    const earlier = keys.some((key) => !claimed.has(key))
      ? new Map((await database.run(CLAIMS, [keys])).map((row) => [row.effect_key, row.completed]))
      : new Map<string, boolean>();

    for (const { event, order, known, to } of due) {
      const key = keyOf(order.orderId);
      const fresh = known;
      if (!claimed.has(key)) {
        // Claimed by an earlier delivery whose outcome never reached the log (a crash, a lost lease).
        await record(
          order.orderId,
          earlier.get(key)
            ? { sent: true, to }
            : { sent: false, to, reason: 'interrupted before the gateway answered; not resent (at most once)' },
          event,
          fresh,
        );
        continue;
      }
      try {
        await sms.send({
          to,
          kind: 'receipt',
          text: receiptSmsText({
            orderNumber: order.orderNumber,
            tableNumber: order.tableNumber,
            lines: order.lines,
            totalAgorot: order.totalAgorot,
            tipAgorot: order.tipAgorot,
            remarks: order.remarks,
          }),
        });
      } catch (error) {
        const reason =
          error instanceof SmsDeliveryError
            ? error.message
            : `gateway error: ${error instanceof Error ? error.message : String(error)}`;
        await record(order.orderId, { sent: false, to, reason: reason.slice(0, 500) }, event, fresh);
        continue;
      }
      await record(order.orderId, { sent: true, to }, event, fresh, key);
    }
  };

  return paidOrderReactor(RECEIPT_SMS_PROCESSOR, handleBatch);
}
