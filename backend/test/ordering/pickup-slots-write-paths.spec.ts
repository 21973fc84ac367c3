import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commissionAgorot, type OrderLine } from '@tafrit/contracts';
import type { OrderCommand } from '../../src/modules/ordering/domain/order.decider.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { PickupSlots, SLOT_FULL } from '../../src/modules/ordering/persistence/pickup-slots.js';
import type { PromoUse } from '../../src/modules/ordering/persistence/promo-uses.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerCafe, type Cafe } from '../invoicing/support.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A pickup slot's place on both write paths of the order (decision 050): `order_append` and the fallback (the log
// outside PostgreSQL) take it with the order and refuse an order past the slot's capacity with nothing recorded, give
// it back when the unpaid order expires, and never take it when the promo code of the same order is refused. A full
// slot and a used-up code are told apart (their SQLSTATEs differ), so a diner is never told the wrong one.

type WritePath = 'order_append' | 'fallback';
let app: TestApp;
let orders: OrderStore;

beforeAll(async () => {
  app = await startTestApp();
  orders = app.app.get(OrderStore);
  await app.app.get(ProcessorRunner).stop();
});
afterAll(() => app?.close());

const LINES: OrderLine[] = [{ productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 2 }];
const TOTAL = 2900;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 8, minute)).toISOString();
const SLOT = at(30);

function placing(cafe: Cafe, orderId: string, orderNumber: number): OrderCommand {
  return {
    type: 'PlaceOrder',
    data: {
      orderId,
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber,
      lines: LINES,
      totalAgorot: TOTAL,
      commissionAgorot: commissionAgorot(TOTAL),
      netAgorot: TOTAL - commissionAgorot(TOTAL),
      remarks: null,
      tableNumber: null,
      dinerSessionId: 'session-of-the-diner',
      customerName: null,
      customerPhone: null,
      placedAt: at(0),
      pickupAt: SLOT,
      dueAt: at(15),
    },
  };
}

async function onPath<T>(path: WritePath, run: () => Promise<T>): Promise<T> {
  const store = orders as unknown as { sqlLog: boolean };
  store.sqlLog = path === 'order_append';
  try {
    return await run();
  } finally {
    store.sqlLog = true;
  }
}

const place = (path: WritePath, cafe: Cafe, orderNumber: number, promoUse?: PromoUse) =>
  onPath(path, async () => {
    const orderId = randomUUID();
    await orders.execute(
      orderId,
      placing(cafe, orderId, orderNumber),
      { correlationId: orderId, actor: { kind: 'diner' }, occurredAt: at(0) },
      promoUse ? { promoUse } : {},
    );
    return orderId;
  });

const expire = (path: WritePath, orderId: string) =>
  onPath(path, () =>
    orders.execute(
      orderId,
      { type: 'ExpireOrder', data: { now: at(45) } },
      { correlationId: orderId, actor: { kind: 'system' }, occurredAt: at(45) },
    ),
  );

const sql = async <Row>(text: string, params: unknown[] = []) =>
  (await app.database.em().getConnection().execute(text, params)) as Row[];
const takenOf = async (cafe: Cafe) =>
  (
    await sql<{ taken: number }>('select taken from pickup_slots where business_id = ? and pickup_at = ?', [
      cafe.phone,
      SLOT,
    ])
  )[0]?.taken;
const ordersOf = async (cafe: Cafe) =>
  (await sql<{ n: number }>('select count(*)::int as n from orders where business_id = ?', [cafe.phone]))[0]?.n;

describe.each<WritePath>(['order_append', 'fallback'])('a pickup slot’s place through %s', (path) => {
  it('is taken with the order, refused past the capacity with nothing recorded, and given back at expiry', async () => {
    const cafe = await registerCafe(app);
    const slots = app.app.get(PickupSlots);
    expect(await slots.prepare(cafe.phone, Date.parse(SLOT), 1)).toBe(1);
    const first = await place(path, cafe, 1);
    expect(await takenOf(cafe)).toBe(1);

    await expect(place(path, cafe, 2)).rejects.toMatchObject({ code: SLOT_FULL });
    expect(await takenOf(cafe)).toBe(1);
    expect(await ordersOf(cafe)).toBe(1);

    await expire(path, first);
    expect(await takenOf(cafe)).toBe(0);
    await place(path, cafe, 3);
    expect(await takenOf(cafe)).toBe(1);
  });

  it('tells a full slot from a used-up code, and a refused code leaves the slot’s place untaken', async () => {
    const cafe = await registerCafe(app);
    const slots = app.app.get(PickupSlots);
    await slots.prepare(cafe.phone, Date.parse(SLOT), 2);
    const code = randomUUID();
    await place(path, cafe, 1, { id: code, max_uses: 1, use_keys: ['order'] });
    expect(await takenOf(cafe)).toBe(1);
    // The code is used up while the slot has room: the diner hears of the code, and the slot keeps its place.
    await expect(place(path, cafe, 2, { id: code, max_uses: 1, use_keys: ['order'] })).rejects.toMatchObject({
      code: 'order.promo_invalid',
    });
    expect(await takenOf(cafe)).toBe(1);
    await place(path, cafe, 3);
    // Now the slot is full while another code has uses left: the diner hears of the slot.
    await expect(place(path, cafe, 4, { id: randomUUID(), max_uses: 5, use_keys: ['order'] })).rejects.toMatchObject({
      code: SLOT_FULL,
    });
    expect(await takenOf(cafe)).toBe(2);
    expect(await ordersOf(cafe)).toBe(2);
  });
});
