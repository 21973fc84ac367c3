import type { Database } from '../../../platform/database/database.js';
import type { EventStore, NewEvent, RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { execute, query } from '../../../platform/database/sql.js';
import { orderStreamId } from '@tafrit/contracts';
import { PROMO_USED_BY_DINER, PROMO_USED_UP, type PromoUse } from './promo-uses.js';
import { SLOT_FULL } from './pickup-slots.js';

export interface FallbackAppend {
  orderId: string;
  expected: number;
  events: NewEvent[];
  numberInvoiceOf: string | null;
  /** A refund's credit document of ours: numbered from the business's credit sequence, the same way. */
  numberCreditOf: string | null;
  requestKey: string | undefined;
  completeEffect: string | undefined;
  /** A new order's promo code use (issue 33): taken before the append, given back if the append fails. */
  promoUse?: PromoUse;
}

/**
 * The order's commands when the log is not in PostgreSQL (KurrentDB, decision 011): the events go through the event
 * store port and the `orders` row follows through the inline projection after the append. Nothing here shares a
 * transaction with the append, so what `order_append` does atomically happens step by step, each step safe to repeat:
 * the idempotency key is looked up before and recorded after; an invoice or credit number is taken just before the
 * append (an append that then fails leaves a gap in that business's numbers, which is said in decision 015).
 */
export async function fallbackAppend(
  database: Database,
  store: EventStore,
  { orderId, expected, events, numberInvoiceOf, numberCreditOf, requestKey, completeEffect, promoUse }: FallbackAppend,
): Promise<{ events: RecordedEvent[]; version: number; existingOrderId?: string }> {
  const em = database.em();
  if (requestKey) {
    const [earlier] = await query<{ id: string }>(
      em,
      `select o.id from order_requests r join orders o on o.id = r.order_id
        where r.request_key = ? and r.created_at > now() - interval '30 minutes'
          and o.status = 'pending' and o.payment_status <> 'paid'`,
      [requestKey],
    );
    if (earlier) return { events: [], version: expected, existingOrderId: earlier.id };
  }
  // An order for a pickup slot takes its place first (issue 33, decision 050), as order_append does.
  const slot = expected === 0 ? pickupSlotOf(events) : null;
  if (slot) await takePickupPlace(database, slot);
  if (promoUse) {
    await takePromoUse(database, orderId, promoUse).catch(async (error: unknown) => {
      if (slot) await givePickupPlaceBack(database, slot);
      throw error;
    });
  }
  let toAppend = events;
  if (numberInvoiceOf) {
    const [row] = await query<{ last_number: number }>(
      em,
      `insert into invoice_sequences as s (business_id, last_number) values (?, 1)
         on conflict (business_id) do update set last_number = s.last_number + 1 returning last_number`,
      [numberInvoiceOf],
    );
    const number = String(row?.last_number);
    toAppend = toAppend.map((event) =>
      // The document issued now, or decided now and waiting for its allocation number (decision 049).
      event.type === 'InvoiceIssued' || event.type === 'InvoiceAwaitingAllocation'
        ? { ...event, data: { ...(event.data as object), invoiceNumber: number } }
        : event,
    );
  }
  if (numberCreditOf) {
    const [row] = await query<{ last_number: number }>(
      em,
      `insert into credit_sequences as s (business_id, last_number) values (?, 1)
         on conflict (business_id) do update set last_number = s.last_number + 1 returning last_number`,
      [numberCreditOf],
    );
    const number = String(row?.last_number);
    toAppend = toAppend.map((event) =>
      event.type === 'CreditIssued' ? { ...event, data: { ...(event.data as object), creditNumber: number } } : event,
    );
  }
  const result = await store
    .appendToStream(orderStreamId(orderId), toAppend, { expectedVersion: expected === 0 ? 'no_stream' : expected })
    .catch(async (error: unknown) => {
      if (promoUse) await releasePromoUses(database, orderId);
      if (slot) await givePickupPlaceBack(database, slot);
      throw error;
    });
  // An unpaid order that expired gives its promo code's use and its slot's place back, as order_append does.
  if (events.some((event) => event.type === 'OrderExpired')) {
    await releasePromoUses(database, orderId);
    const [row] = await query<{ business_id: string; pickup_at: Date | null }>(
      em,
      'select business_id, pickup_at from orders where id = ?',
      [orderId],
    );
    if (row?.pickup_at) await givePickupPlaceBack(database, { businessPhone: row.business_id, at: row.pickup_at });
  }
  if (requestKey) {
    await execute(
      em,
      `insert into order_requests (request_key, order_id, created_at) values (?, ?, now())
        on conflict (request_key) do update set order_id = excluded.order_id, created_at = excluded.created_at`,
      [requestKey, orderId],
    );
  }
  if (completeEffect) {
    await execute(em, 'update effect_keys set completed_at = now() where effect_key = ?', [completeEffect]);
  }
  return { events: result.events, version: result.nextExpectedVersion };
}

/** The same conditional raise of the code's counter as order_append's, then the held keys (step by step here). */
async function takePromoUse(database: Database, orderId: string, use: PromoUse): Promise<void> {
  const em = database.em();
  await execute(em, 'insert into promo_code_counters (promo_code_id, taken) values (?, 0) on conflict do nothing', [
    use.id,
  ]);
  const raised = await query<{ taken: number }>(
    em,
    `update promo_code_counters set taken = taken + 1
      where promo_code_id = ? and (?::integer is null or taken < ?::integer) returning taken`,
    [use.id, use.max_uses, use.max_uses],
  );
  if (raised.length === 0) throw Object.assign(new Error('promo code used up'), { code: PROMO_USED_UP });
  for (const key of use.use_keys) {
    const kept = await query<{ order_id: string }>(
      em,
      `insert into promo_code_uses (promo_code_id, order_id, use_key) values (?, ?, ?)
       on conflict (promo_code_id, use_key) do nothing returning order_id`,
      [use.id, orderId, key === 'order' ? `order:${orderId}` : key],
    );
    if (kept.length === 0) {
      await releasePromoUses(database, orderId);
      throw Object.assign(new Error('promo code used by this diner'), { code: PROMO_USED_BY_DINER });
    }
  }
}

async function releasePromoUses(database: Database, orderId: string): Promise<void> {
  const em = database.em();
  await execute(
    em,
    `with released as (
       delete from promo_code_uses where order_id = ? and use_key = 'order:' || ? returning promo_code_id
     )
     update promo_code_counters c set taken = c.taken - 1 from released r where c.promo_code_id = r.promo_code_id`,
    [orderId, orderId],
  );
  await execute(em, 'delete from promo_code_uses where order_id = ?', [orderId]);
}

interface PickupPlace {
  businessPhone: string;
  at: string | Date;
}

/** The slot a new order asks for: its `OrderPlaced`'s pickup time (null: as soon as possible). */
function pickupSlotOf(events: readonly NewEvent[]): PickupPlace | null {
  const placed = events.find((event) => event.type === 'OrderPlaced')?.data as
    { businessPhone: string; pickupAt?: string } | undefined;
  return placed?.pickupAt ? { businessPhone: placed.businessPhone, at: placed.pickupAt } : null;
}

/** The same conditional update as order_append's (the checkout made the slot's row with its capacity just before). */
async function takePickupPlace(database: Database, slot: PickupPlace): Promise<void> {
  const taken = await query<{ taken: number }>(
    database.em(),
    `update pickup_slots set taken = taken + 1
      where business_id = ? and pickup_at = ?::timestamptz and taken < capacity returning taken`,
    [slot.businessPhone, new Date(slot.at).toISOString()],
  );
  if (taken.length === 0) throw Object.assign(new Error('pickup slot is full'), { code: SLOT_FULL });
}

async function givePickupPlaceBack(database: Database, slot: PickupPlace): Promise<void> {
  await execute(
    database.em(),
    'update pickup_slots set taken = taken - 1 where business_id = ? and pickup_at = ?::timestamptz and taken > 0',
    [slot.businessPhone, new Date(slot.at).toISOString()],
  );
}
