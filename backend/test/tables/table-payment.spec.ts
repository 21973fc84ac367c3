import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OwnerTablesAnswer, TableState } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TableCheckout } from '../../src/modules/ordering/application/table-checkout.js';

// Paying a shared table's cart (issue 34, decision 055): create-payment with `table` places the order the table's
// cart holds on the server, whatever the phone says, and checks the cart out into it; another diner cannot pay the
// same cart twice; paid, the table's next reader starts a fresh cart; a wrong key pays nothing.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let key: string;

interface Diner {
  session?: string;
}

async function asDiner<Body>(diner: Diner, method: string, path: string, body?: unknown) {
  const answer = await call<Body>(app, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(diner.session ? { cookies: { [DINER_COOKIE]: diner.session } } : {}),
  });
  diner.session = answer.cookies[DINER_COOKIE]?.value ?? diner.session;
  return answer;
}

const tableAt = (table = 4) => `/api/tables/${shop.departmentId}/${table}?key=${encodeURIComponent(key)}`;
const read = (diner: Diner) => asDiner<{ data: TableState }>(diner, 'GET', tableAt()).then((a) => a.body.data);
const add = (diner: Diner, productId: number, quantity = 1) =>
  asDiner<{ data: TableState }>(diner, 'POST', tableAt().replace('?', '/lines?'), {
    lineId: randomUUID(),
    productId,
    quantity,
  });
const pay = (
  diner: Diner,
  items: { productId: number; quantity: number }[],
  amount: string,
  table = { number: 4, key },
) =>
  createPayment(app, shop.departmentId, {
    items,
    amount,
    ...(diner.session ? { session: diner.session } : {}),
    extra: { table },
  });

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  const chosen = await call(app, 'PUT', '/api/business/tables', {
    token: owner.token,
    body: { shared: true, numbers: [4], idleMinutes: 90, unpaidShareMinutes: 15 },
  });
  expect(chosen.status).toBe(200);
  const listed = await call<{ data: OwnerTablesAnswer }>(app, 'GET', '/api/tables', { token: owner.token });
  key = new URL(listed.body.data.tables[0]!.url).searchParams.get('key')!;
}, 120_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

describe("paying a shared table's cart", () => {
  const dana: Diner = {};
  const omer: Diner = {};

  it('places the order the table holds, the two diners’ same product as one kitchen line', async () => {
    await read(dana);
    await read(omer);
    await add(dana, shop.coffee.id);
    await add(omer, shop.coffee.id);
    await add(omer, shop.croissant.id);
    // The phone sends the table's lines merged as the cart page shows them: 2 coffees and a croissant.
    const items = [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ];
    const answer = await pay(dana, items, '41.00');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, totalAmount: '41.00' });
    const state = await read(omer);
    expect(state.cart.status).toBe('paying');
    expect(state.cart.orderId).toBe(answer.body.orderId);
    expect(state.cart.orderNumber).toBe(answer.body.orderNumber);
    // The order is the table's: its number, and its lines as one kitchen line per product.
    const order = await app.database
      .em()
      .getConnection()
      .execute(`select table_number, state from orders where id = ?`, [answer.body.orderId]);
    expect(order[0].table_number).toBe(4);
    expect(order[0].state.tableCartId).toBe(state.cart.cartId);
    expect(order[0].state.lines.map((line: { quantity: number }) => line.quantity).sort()).toEqual([1, 2]);
  });

  it('the same payer again gets the same order; another diner is told the table is being paid', async () => {
    const items = [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ];
    const again = await pay(dana, items, '41.00');
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe((await read(dana)).cart.orderId);
    const other = await pay(omer, items, '41.00');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('table.cart_paying');
    // Nothing can be added while the table pays.
    expect((await add(omer, shop.coffee.id)).status).toBe(409);
  });

  it('paid, the cart ends and the table’s next reader starts a fresh one', async () => {
    const before = await read(dana);
    const items = [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ];
    const answer = await pay(dana, items, '41.00');
    const paid = await payInSandbox(app, String(answer.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    expect(paid.status).toBe(303);
    const deadline = Date.now() + 30_000;
    let after = await read(omer);
    while (after.cart.cartId === before.cart.cartId && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await read(omer);
    }
    expect(after.cart.cartId).not.toBe(before.cart.cartId);
    expect(after.cart.status).toBe('open');
    expect(after.cart.lines).toEqual([]);
  });

  it('refuses a phone whose lines are not the table’s, and a wrong key, recording nothing', async () => {
    const fresh: Diner = {};
    await read(fresh);
    await add(fresh, shop.coffee.id);
    const orders = async () =>
      (await app.database.em().getConnection().execute(`select count(*)::int as n from orders`))[0].n as number;
    const before = await orders();
    const changed = await pay(fresh, [{ productId: shop.croissant.id, quantity: 1 }], '12.00');
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('table.cart_changed');
    const wrongKey = await pay(fresh, [{ productId: shop.coffee.id, quantity: 1 }], '14.50', {
      number: 4,
      key: 'A'.repeat(16),
    });
    expect(wrongKey.status).toBe(404);
    const noSuchTable = await pay(fresh, [{ productId: shop.coffee.id, quantity: 1 }], '14.50', { number: 9, key });
    expect(noSuchTable.status).toBe(404);
    const badKey = await pay(fresh, [{ productId: shop.coffee.id, quantity: 1 }], '14.50', { number: 4, key: 'x' });
    expect(badKey.status).toBe(400);
    expect(await orders()).toBe(before);
  });

  it('a cart that moved while its order was placed ends that order unshown, and stays open', async () => {
    const diner: Diner = {};
    const state = await read(diner);
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    expect(placed.status).toBe(200);
    const stale = { cartId: state.cart.cartId, version: state.cart.version - 1, number: 4, lines: [], notes: null };
    await expect(
      app.app
        .get(TableCheckout)
        .checkOut(
          stale,
          { orderId: String(placed.body.orderId), orderNumber: Number(placed.body.orderNumber) },
          'test',
        ),
    ).rejects.toMatchObject({ code: 'table.cart_changed' });
    const [order] = await app.database
      .em()
      .getConnection()
      .execute(`select status from orders where id = ?`, [placed.body.orderId]);
    expect(order.status).toBe('expired');
    expect((await read(diner)).cart.status).toBe('open');
  });
});
