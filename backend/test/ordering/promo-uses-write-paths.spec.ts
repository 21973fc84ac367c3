import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commissionAgorot, type OrderLine } from '@tafrit/contracts';
import type { OrderCommand } from '../../src/modules/ordering/domain/order.decider.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import type { PromoUse } from '../../src/modules/ordering/persistence/promo-uses.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerCafe, type Cafe } from '../invoicing/support.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A promo code's use on both write paths of the order (decision 052): `order_append` and the fallback (the log
// outside PostgreSQL) take it with the order, refuse one past the limit or a diner's second, give it back when the
// unpaid order expires, and leave the same `promo_code` and `discount_agorot` on the row.

type WritePath = 'order_append' | 'fallback';
let app: TestApp;
let orders: OrderStore;

beforeAll(async () => {
  app = await startTestApp();
  orders = app.app.get(OrderStore);
  await app.app.get(ProcessorRunner).stop();
});
afterAll(() => app?.close());

const LINES: OrderLine[] = [
  { productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 2, discountAgorot: 290 },
  { productId: 2, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1, discountAgorot: 120 },
];
const PAID = 4100 - 410;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 8, minute)).toISOString();

function placing(cafe: Cafe, orderId: string, orderNumber: number, promoCodeId: string): OrderCommand {
  return {
    type: 'PlaceOrder',
    data: {
      orderId,
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber,
      lines: LINES,
      totalAgorot: PAID,
      commissionAgorot: commissionAgorot(PAID),
      netAgorot: PAID - commissionAgorot(PAID),
      remarks: null,
      tableNumber: null,
      dinerSessionId: 'session-of-the-diner',
      customerName: null,
      customerPhone: null,
      placedAt: at(0),
      discount: { code: 'TEN', promoCodeId, agorot: 410 },
    },
  };
}

async function place(path: WritePath, cafe: Cafe, orderNumber: number, use: PromoUse) {
  const store = orders as unknown as { sqlLog: boolean };
  store.sqlLog = path === 'order_append';
  const orderId = randomUUID();
  try {
    await orders.execute(
      orderId,
      placing(cafe, orderId, orderNumber, use.id),
      { correlationId: orderId, actor: { kind: 'diner' }, occurredAt: at(0) },
      { promoUse: use },
    );
    return orderId;
  } finally {
    store.sqlLog = true;
  }
}

async function expire(path: WritePath, orderId: string) {
  const store = orders as unknown as { sqlLog: boolean };
  store.sqlLog = path === 'order_append';
  try {
    await orders.execute(
      orderId,
      { type: 'ExpireOrder', data: { now: at(45) } },
      { correlationId: orderId, actor: { kind: 'system' }, occurredAt: at(45) },
    );
  } finally {
    store.sqlLog = true;
  }
}

const sql = async <Row>(text: string, params: unknown[] = []) =>
  (await app.database.em().getConnection().execute(text, params)) as Row[];
const taken = async (id: string) =>
  (await sql<{ taken: number }>('select taken from promo_code_counters where promo_code_id = ?', [id]))[0]?.taken;

describe.each<WritePath>(['order_append', 'fallback'])('a promo code’s use through %s', (path) => {
  it('is taken with the order, refused past the limit and for the same diner, and given back at expiry', async () => {
    const cafe = await registerCafe(app);
    const limited = randomUUID();
    const first = await place(path, cafe, 1, { id: limited, max_uses: 1, use_keys: ['order'] });
    expect(await taken(limited)).toBe(1);
    await expect(place(path, cafe, 2, { id: limited, max_uses: 1, use_keys: ['order'] })).rejects.toMatchObject({
      code: 'order.promo_invalid',
      fields: { promoCode: 'קוד ההנחה נוצל עד תומו' },
    });
    expect(await taken(limited)).toBe(1);
    const [row] = await sql<{ promo_code: string; discount_agorot: number; total_amount: string }>(
      'select promo_code, discount_agorot, total_amount::text from orders where id = ?',
      [first],
    );
    expect(row).toEqual({ promo_code: 'TEN', discount_agorot: 410, total_amount: '36.90' });

    const once = randomUUID();
    const keys = ['order', 'session:session-of-the-diner'];
    await place(path, cafe, 3, { id: once, max_uses: null, use_keys: keys });
    await expect(place(path, cafe, 4, { id: once, max_uses: null, use_keys: keys })).rejects.toMatchObject({
      code: 'order.promo_invalid',
      fields: { promoCode: 'כבר השתמשתם בקוד ההנחה הזה' },
    });
    expect(await taken(once)).toBe(1);

    await expire(path, first);
    expect(await taken(limited)).toBe(0);
    expect(await sql('select * from promo_code_uses where order_id = ?', [first])).toEqual([]);
    await place(path, cafe, 5, { id: limited, max_uses: 1, use_keys: ['order'] });
    expect(await taken(limited)).toBe(1);
  });
});
