import type { CommandBus } from '@nestjs/cqrs';
import {
  type DinerLanguage,
  isolatedText,
  israelSlotTime,
  type OrderEventData,
  withoutDirectionControls,
} from '@tafrit/contracts';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { SmsDeliveryError, type SmsSender } from '../../../platform/sms/sms.port.js';
import { RecordReadySmsCommand } from '../application/request-ready-sms.handler.js';
import { upcastOrderState, type OrderState, type PlacedOrder } from '../domain/order.decider.js';
import { refundableAgorot } from '../domain/refunds.js';
import type { LoadedOrder, OrderStore } from '../persistence/order-store.js';
import type { ReadySmsPhones } from '../persistence/ready-sms-phones.js';
import { orderSnapshotSql } from '../projections/order-snapshot.js';

export const READY_SMS_PROCESSOR = 'ready-sms';

/**
 * "Ready" is news for minutes. An order that became ready longer ago than this (the processor was down, or the log is
 * replayed into a fresh database) is recorded as not sent rather than texted late.
 */
export const READY_SMS_MAX_DELAY_MS = 30 * 60 * 1000;
const MAX_BUSINESS_NAME_CHARS = 40;

export interface ReadySmsOrder {
  businessName: string;
  orderNumber: number;
  /** Pickup at the counter: the business's service, or a table-service order placed without a table (decision 031). */
  pickup: boolean;
  /** Order ahead (issue 33): the pickup time the diner chose, "12:30" (Israel time); absent: as soon as possible. */
  pickupClock?: string;
}

/** The pickup time the diner chose, in their words, after the ready sentence (issue 33). */
const PICKUP_AT: Readonly<Record<DinerLanguage, (clock: string) => string>> = {
  he: (clock) => `שעת האיסוף שבחרתם: ${clock}.`,
  ar: (clock) => `وقت الاستلام الذي اخترتموه: ${clock}.`,
  en: (clock) => `Your pickup time: ${clock}.`,
  ru: (clock) => `Выбранное время получения: ${clock}.`,
};

/** The words of the thank-you page's ready step (frontend/src/diner), with the café's name and the order's number. */
const WORDS: Readonly<Record<DinerLanguage, (order: ReadySmsOrder) => string>> = {
  he: ({ orderNumber, pickup }) =>
    `ההזמנה שלכם #${orderNumber} מוכנה! ${pickup ? 'אפשר לאסוף אותה בדלפק.' : 'היא בדרך אליכם.'}`,
  ar: ({ orderNumber, pickup }) =>
    `طلبك رقم ${orderNumber} جاهز! ${pickup ? 'يمكنك استلامه من المنضدة.' : 'إنه في الطريق إليك.'}`,
  en: ({ orderNumber, pickup }) =>
    `Your order #${orderNumber} is ready! ${pickup ? 'Please collect it at the counter.' : 'It is on its way to you.'}`,
  ru: ({ orderNumber, pickup }) =>
    `Заказ №${orderNumber} готов! ${pickup ? 'Заберите его у стойки.' : 'Его уже несут.'}`,
};

/** The one SMS: `קפה לנדוור: ההזמנה שלכם #12 מוכנה! אפשר לאסוף אותה בדלפק.` in the diner's language. */
export function readySmsText(order: ReadySmsOrder, language: DinerLanguage): string {
  // The café's name as its owner typed it, isolated without direction controls (issue 29): it cannot turn the
  // order's number around, whatever the diner's language.
  const flat = withoutDirectionControls(order.businessName).replace(/\s+/g, ' ').trim();
  const name = flat.length <= MAX_BUSINESS_NAME_CHARS ? flat : `${flat.slice(0, MAX_BUSINESS_NAME_CHARS - 1)}…`;
  const at = order.pickupClock ? ` ${PICKUP_AT[language](isolatedText(order.pickupClock))}` : '';
  return `${name ? `${isolatedText(name)}: ` : ''}${WORDS[language](order)}${at}`;
}

const STATES = preparedStatement<{ id: string; state: OrderState | null; stream_version: number }>(
  'ready_sms_orders',
  `select id, ${orderSnapshotSql('o')} as state, stream_version from orders o where id = any($1::uuid[])`,
);
/**
 * Claims each order's SMS once (`effect_keys`) and takes its number in the same statement: from here the number is
 * only in this process's memory until the gateway has it. A crash after this statement loses that one SMS rather
 * than sending it twice (at most once, as the receipt SMS).
 */
const CLAIM_AND_TAKE = preparedStatement<{ order_id: string; phone_sealed: string | null; claimed: boolean }>(
  'ready_sms_claim_take',
  `with claimed as (
     insert into effect_keys (effect_key) select 'ready-sms:' || id from unnest($1::uuid[]) as ids(id)
     on conflict do nothing returning effect_key
   ), taken as (
     delete from ready_sms_phones where order_id = any($1::uuid[]) returning order_id, phone_sealed
   )
   select ids.id::text as order_id, taken.phone_sealed, claimed.effect_key is not null as claimed
     from unnest($1::uuid[]) as ids(id)
     left join taken on taken.order_id = ids.id
     left join claimed on claimed.effect_key = 'ready-sms:' || ids.id`,
);
const CLAIMS = preparedStatement<{ effect_key: string; completed: boolean }>(
  'ready_sms_claims',
  'select effect_key, completed_at is not null as completed from effect_keys where effect_key = any($1::text[])',
);

const keyOf = (orderId: string): string => `ready-sms:${orderId}`;

/** Events after which an order will never be ready for its diner: its number is forgotten at once. */
const FINAL = ['OrderServed', 'OrderExpired', 'OrderDeclined', 'OrderRefunded'] as const;

/**
 * One SMS to the diner when the kitchen marks the order ready (issue 18, decision 033), in the language the diner
 * asked in, through the same SMS port as the receipt. A `reactor` like the receipt SMS: the effect is claimed before
 * the gateway is called, and `ReadySmsSent` / `ReadySmsFailed` is recorded on the order through ordering's command
 * (the claim completed in the same transaction), so a redelivery knows what happened and never sends twice.
 *
 * The number leaves `ready_sms_phones` with the claim, and the numbers of orders served, expired, declined or refunded
 * whole are deleted when those events pass (a daily sweep catches anything else).
 */
export function readySmsProcessor({
  database,
  orders: store,
  phones,
  sms,
  commands,
}: {
  database: Database;
  orders: OrderStore;
  phones: ReadySmsPhones;
  sms: SmsSender;
  commands: CommandBus;
}): Processor {
  const handleBatch = async (events: readonly RecordedEvent[]) => {
    const ids = [...new Set(events.map((event) => (event.data as { orderId: string }).orderId))];
    const rows = await database.run(STATES, [ids]);
    const states = new Map<string, LoadedOrder>();
    for (const row of rows) {
      // A row written before snapshots were kept is folded from the log once.
      states.set(
        row.id,
        row.state
          ? { state: upcastOrderState(row.state), version: Number(row.stream_version) }
          : await store.load(row.id),
      );
    }
    const record = (
      order: PlacedOrder,
      outcome: RecordReadySmsCommand['outcome'],
      event: RecordedEvent,
      key?: string,
    ) =>
      commands.execute(
        new RecordReadySmsCommand(
          order.orderId,
          outcome,
          {
            correlationId: event.metadata.correlationId,
            causationId: event.globalPosition,
            actor: { kind: 'system', id: READY_SMS_PROCESSOR },
            occurredAt: new Date().toISOString(),
          },
          key,
        ),
      );

    // Orders that will not be ready for their diner any more: their numbers go (the SMS, if still asked, is not sent).
    const finished = events.filter((event) => {
      if (!(FINAL as readonly string[]).includes(event.type)) return false;
      if (event.type !== 'OrderRefunded') return true;
      const loaded = states.get((event.data as OrderEventData['OrderRefunded']).orderId)?.state;
      return loaded?.placed === true && refundableAgorot(loaded) === 0;
    });
    // A number is kept only while its order's SMS is requested (kept with `ReadySmsRequested`, taken with the claim),
    // so the many orders that asked for nothing cost no statement here.
    const asked = finished.flatMap((event) => {
      const order = states.get((event.data as { orderId: string }).orderId)?.state;
      return order?.placed && order.readySms?.status === 'requested' ? [{ event, order }] : [];
    });
    await phones.drop(asked.map(({ order }) => order.orderId));
    for (const { event, order } of asked) {
      await record(order, { sent: false, reason: `not ready for the diner any more (${event.type})` }, event);
    }

    const due = new Map<string, { event: RecordedEvent; order: PlacedOrder }>();
    for (const event of events) {
      if (event.type !== 'OrderReady') continue;
      const order = states.get((event.data as OrderEventData['OrderReady']).orderId)?.state;
      if (!order?.placed || order.readySms?.status !== 'requested') continue;
      // Served or cancelled before this ran: the diner has the order, or will never have it.
      if (order.status !== 'ready') continue;
      const at = Date.parse((event.data as OrderEventData['OrderReady']).at);
      if (Date.now() - at > READY_SMS_MAX_DELAY_MS) {
        await phones.drop([order.orderId]);
        await record(
          order,
          { sent: false, reason: 'ready more than 30 minutes ago; a late message is not sent' },
          event,
        );
        continue;
      }
      due.set(order.orderId, { event, order });
    }
    if (due.size === 0) return;

    const claims = await database.run(CLAIM_AND_TAKE, [[...due.keys()]]);
    const earlier = claims.some((claim) => !claim.claimed)
      ? new Map(
          (await database.run(CLAIMS, [claims.filter((c) => !c.claimed).map((c) => keyOf(c.order_id))])).map((row) => [
            row.effect_key,
            row.completed,
          ]),
        )
      : new Map<string, boolean>();

    for (const claim of claims) {
      const { event, order } = due.get(claim.order_id)!;
      const key = keyOf(order.orderId);
      if (!claim.claimed) {
        // Claimed by an earlier delivery whose outcome never reached the log (a crash, a lost lease).
        await record(
          order,
          earlier.get(key)
            ? { sent: true }
            : { sent: false, reason: 'interrupted before the gateway answered; not resent (at most once)' },
          event,
        );
        continue;
      }
      const to = claim.phone_sealed ? phones.open(order.orderId, claim.phone_sealed) : null;
      if (!to) {
        await record(order, { sent: false, reason: 'the number was no longer kept' }, event);
        continue;
      }
      try {
        await sms.send({
          to,
          kind: 'ready',
          text: readySmsText(
            {
              businessName: order.seller?.name ?? '',
              orderNumber: order.orderNumber,
              pickup: order.seller?.serviceMode === 'pickup' || order.tableNumber === null || !!order.pickup,
              ...(order.pickup ? { pickupClock: israelSlotTime(Date.parse(order.pickup.at)).slice(11, 16) } : {}),
            },
            order.readySms!.language,
          ),
        });
      } catch (error) {
        const reason =
          error instanceof SmsDeliveryError
            ? error.message
            : `gateway error: ${error instanceof Error ? error.message : String(error)}`;
        await record(order, { sent: false, reason }, event);
        continue;
      }
      await record(order, { sent: true }, event, key);
    }
  };

  return {
    name: READY_SMS_PROCESSOR,
    handles: ['OrderReady', ...FINAL],
    mode: 'reactor',
    gatherMs: 50,
    spacingMs: 250,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}
