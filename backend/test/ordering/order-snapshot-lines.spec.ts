import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderLine } from '@tafrit/contracts';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { foldOrder, type PlacedOrder } from '../../src/modules/ordering/domain/order.decider.js';
import { OrderStore } from '../../src/modules/ordering/persistence/order-store.js';
import { orderRowOf } from '../../src/modules/ordering/projections/order-row.js';
import { leanSnapshotOf, orderSnapshotSql } from '../../src/modules/ordering/projections/order-snapshot.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { paidOrder, registerCafe, streamOf, type Cafe } from '../invoicing/support.js';

// The order's lines left out of its row's snapshot where its `items` give them back (decision 068): what the writer
// leaves out, the read puts back exactly, on this database, and a snapshot that keeps its lines reads as it was.

let app: TestApp;
let cafe: Cafe;

beforeAll(async () => {
  app = await startTestApp();
  cafe = await registerCafe(app);
  // The receipt SMS would append to these orders in the background, over the snapshots this file stores by hand.
  await app.app.get(ProcessorRunner).stop();
});
afterAll(() => app.close());

/** The row as every reader reads it (`orderSnapshotSql`, of an alias unlike `o`) and as it is stored. */
async function rowOf(orderId: string) {
  const [row] = await query<{ state: PlacedOrder; stored: Record<string, unknown> }>(
    app.database.em(),
    `select ${orderSnapshotSql('placed')} as state, placed.state as stored from orders placed where id = ?`,
    [orderId],
  );
  return row!;
}

/** Stores `state` in the order's row as its writers do: its items and its snapshot without what the columns hold. */
async function store(state: PlacedOrder, snapshot: Record<string, unknown> = leanSnapshotOf(state, orderRowOf(state))) {
  await query(app.database.em(), 'update orders set items = ?::jsonb, state = ?::jsonb where id = ?', [
    JSON.stringify(orderRowOf(state).items),
    JSON.stringify(snapshot),
    state.orderId,
  ]);
}

const hummus: OrderLine = { productId: 7, name: 'חומוס', unitPriceAgorot: 3800, quantity: 2 };
const translated: OrderLine = { ...hummus, productId: 8, translatedName: { language: 'ar', name: 'حمص' } };
const onion = { groupId: 'g-1', groupName: 'תוספות', optionId: 'o-1', name: 'בצל', priceAgorot: 0, without: true };

describe("the order's lines given back by its items", () => {
  it('an order written through its store keeps no lines, and reads them back as the log folds them', async () => {
    const lines: OrderLine[] = [
      { ...translated, discountAgorot: 760 },
      { ...hummus, unitPriceAgorot: 1999, quantity: 1, discountAgorot: 200 },
    ];
    const { orderId } = await paidOrder(app, cafe, {
      lines,
      discount: { code: 'SUMMER', promoCodeId: 'promo-1', agorot: 960 },
    });
    const { state, stored } = await rowOf(orderId);
    expect(stored).not.toHaveProperty('lines');
    expect(state.lines).toStrictEqual(lines);
    expect(state).toEqual(foldOrder(await streamOf(app, orderId)));
    expect((await app.app.get(OrderStore).load(orderId)).state).toEqual(state);
  });

  it('gives back plain, translated and discounted lines, prices in agorot and no lines at all, exactly', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const whole = (await rowOf(orderId)).state;
    const prices = [0, 1, 10, 29, 30, 57, 1250, 1999, 12345, 99_999_999];
    const cases: OrderLine[][] = [
      [hummus],
      [translated, { ...hummus, discountAgorot: 1 }, { ...translated, quantity: 99, discountAgorot: 12345 }],
      prices.map((unitPriceAgorot, index) => ({ ...hummus, productId: index + 1, unitPriceAgorot })),
      [],
    ];
    for (const lines of cases) {
      const order = { ...whole, lines };
      await store(order);
      const { state, stored } = await rowOf(orderId);
      expect(stored).not.toHaveProperty('lines');
      expect(state.lines).toStrictEqual(lines);
      expect(state).toEqual(order);
    }
  });

  it('keeps lines with options (their ids are not in the items) and reads them back as they were', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const whole = (await rowOf(orderId)).state;
    const withOptions = {
      ...hummus,
      options: [{ ...onion, translatedName: { language: 'en' as const, name: 'Onion' } }],
    };
    const order = { ...whole, lines: [hummus, withOptions] };
    await store(order);
    const { state, stored } = await rowOf(orderId);
    expect(stored['lines']).toStrictEqual(order.lines);
    expect(state.lines).toStrictEqual(order.lines);
  });

  it('reads a snapshot stored with its lines as it was, whatever its items say', async () => {
    const { orderId } = await paidOrder(app, cafe);
    const whole = (await rowOf(orderId)).state;
    const order = { ...whole, lines: [translated, hummus] };
    await store(order, { ...leanSnapshotOf(order, orderRowOf(order)), lines: whole.lines });
    const { state } = await rowOf(orderId);
    expect(state.lines).toStrictEqual(whole.lines);

    // Stored whole, as every row before the lines were left out.
    await store(order, JSON.parse(JSON.stringify(order)) as Record<string, unknown>);
    expect((await rowOf(orderId)).state).toStrictEqual(JSON.parse(JSON.stringify(order)));
  });
});
