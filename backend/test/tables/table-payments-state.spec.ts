import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { OwnerTablesAnswer, OwnerWaitingTablesAnswer, TableSocketState, TableState } from '@tafrit/contracts';
import { TableCarts } from '../../src/modules/tables/application/table-carts.service.js';
import { WaitingTablesQuery } from '../../src/modules/tables/application/waiting-tables.query.js';
import { UnpaidSharesSweep } from '../../src/modules/tables/processors/unpaid-shares.sweep.js';
import { TableCartsReader } from '../../src/modules/tables/projections/table-carts.reader.js';
import { TableHub } from '../../src/modules/tables/realtime/table-hub.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A shared table's payments (issue 34, part 2 and the owner's console): the table's state lists its paying order's
// parts (pending and paid; a declined or replaced page is left out and its share is open again) with what is left;
// a share left unpaid past the café's time is told to the table (`cart.unpaidSince`, pushed once by the sweep) and to
// the owner (`GET /api/tables/waiting`, `overdue`), and nothing reaches the kitchen before the bill is paid.

const DECLINED_CARD = '4000000000000002';
const MINUTE = 60_000;

let app: TestApp;
let owner: SignedInOwner;
let other: SignedInOwner;
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

const tableAt = (path = '') => `/api/tables/${shop.departmentId}/3${path}?key=${encodeURIComponent(key)}`;
const read = (diner: Diner) => asDiner<{ data: TableState }>(diner, 'GET', tableAt()).then((a) => a.body.data);
const add = (diner: Diner, productId: number) =>
  asDiner<{ data: TableState }>(diner, 'POST', tableAt('/lines'), { lineId: randomUUID(), productId, quantity: 1 });
const waiting = (token: string) =>
  call<{ data: OwnerWaitingTablesAnswer }>(app, 'GET', '/api/tables/waiting', { token }).then((a) => a.body.data);
const until = async (check: () => Promise<boolean>) => {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const partStatuses = async (orderId: unknown) =>
  (
    await query<{ status: string }>(
      app.database.em(),
      'select status from table_payments where order_id = ? order by opened_at, position',
      [orderId],
    )
  ).map((row) => row.status);
const eventCount = async (orderId: unknown, type: string) =>
  (
    await query<{ n: number }>(
      app.database.em(),
      'select count(*)::int as n from events where stream_id = ? and type = ?',
      [`order-${String(orderId)}`, type],
    )
  )[0]!.n;

let items: { productId: number; quantity: number }[];
const pay = (diner: Diner, amount: string, split?: Record<string, unknown>) =>
  createPayment(app, shop.departmentId, {
    items,
    amount,
    ...(diner.session ? { session: diner.session } : {}),
    extra: { table: { number: 3, key }, ...(split ? { split } : {}) },
  });

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
  shop = await openShop(app, owner);
  items = [
    { productId: shop.coffee.id, quantity: 2 },
    { productId: shop.croissant.id, quantity: 1 },
  ];
  const chosen = await call(app, 'PUT', '/api/business/tables', {
    token: owner.token,
    body: { shared: true, numbers: [3], idleMinutes: 90, unpaidShareMinutes: 10 },
  });
  expect(chosen.status).toBe(200);
  const listed = await call<{ data: OwnerTablesAnswer }>(app, 'GET', '/api/tables', { token: owner.token });
  key = new URL(listed.body.data.tables[0]!.url).searchParams.get('key')!;
}, 120_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

describe("a shared table's payments", () => {
  const dana: Diner = {};
  const omer: Diner = {};
  let orderId: unknown;
  let cartId: string;
  let danaPaidAt: string;
  const pushed: TableSocketState[] = [];

  it('lists a payer’s open page and what is left, and a replaced page is left out', async () => {
    jest.spyOn(app.app.get(TableHub), 'toTable').mockImplementation((_phone, _number, state) => {
      pushed.push(state);
    });
    await read(dana);
    await read(omer);
    await add(dana, shop.coffee.id);
    await add(omer, shop.coffee.id);
    await add(omer, shop.croissant.id);
    const mine = await pay(dana, '14.50', { mode: 'mine' });
    expect(mine.status).toBe(200);
    orderId = mine.body.orderId;
    await until(async () => (await read(omer)).payments.length === 1);
    const state = await read(omer);
    cartId = state.cart.cartId;
    expect(state.cart).toMatchObject({ status: 'paying', totalAgorot: 4100, unpaidSince: null });
    expect(state.payments).toEqual([
      expect.objectContaining({ status: 'pending', itemsAgorot: 1450, amountAgorot: 1450, paidAt: null }),
    ]);
    expect(state.payments[0]!.name).toBe(state.cart.diners.find((d) => d.dinerId === state.payments[0]!.dinerId)?.name);
    expect(state.leftAgorot).toBe(4100 - 1450);
    // Dana chooses again, a chosen amount: her first page is replaced, its share open again.
    const amount = await pay(dana, '10.00', { mode: 'amount', amount: 10 });
    expect(amount.status).toBe(200);
    await until(async () => (await partStatuses(orderId)).join() === 'replaced,pending');
    const after = await read(omer);
    expect(after.payments.map((payment) => [payment.status, payment.itemsAgorot])).toEqual([['pending', 1000]]);
    expect(after.leftAgorot).toBe(3100);
    // A payment grows the table's version, so the phones keep the newer state.
    expect(after.cart.version).toBeGreaterThan(state.cart.version);
    // The others at the table were told over the socket.
    await until(async () => pushed.some((one) => one.cart.cartId === cartId && one.leftAgorot === 3100));

    await payInSandbox(app, String(amount.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await read(omer)).payments[0]?.status === 'paid');
    const paid = await read(omer);
    danaPaidAt = paid.payments[0]!.paidAt!;
    expect(paid.leftAgorot).toBe(3100);
    await until(async () => pushed.some((one) => one.payments[0]?.status === 'paid'));
  });

  it('a declined card leaves the share open; the owner sees the table waiting, another café sees nothing', async () => {
    const rest = await pay(omer, '31.00');
    expect(rest.status).toBe(200);
    await until(async () => (await read(omer)).leftAgorot === 0);
    await payInSandbox(app, String(rest.body.paymentUrl), { number: DECLINED_CARD });
    await until(async () => (await partStatuses(orderId)).join() === 'replaced,paid,failed');
    const state = await read(dana);
    expect(state.payments.map((payment) => payment.status)).toEqual(['paid']);
    expect(state.leftAgorot).toBe(3100);

    const answer = await waiting(owner.token);
    expect(answer.unpaidShareMinutes).toBe(10);
    expect(answer.tables).toEqual([
      expect.objectContaining({
        number: 3,
        orderId,
        totalAgorot: 4100,
        paidAgorot: 1000,
        leftAgorot: 3100,
        overdue: false,
        unpaidSince: null,
        payers: [expect.objectContaining({ amountAgorot: 1000, itemsAgorot: 1000, status: 'paid' })],
      }),
    ]);
    expect((await waiting(other.token)).tables).toEqual([]);
    // Nothing for the kitchen while the bill is not paid.
    expect(await eventCount(orderId, 'SlipQueued')).toBe(0);
    expect(await eventCount(orderId, 'OrderPaid')).toBe(0);
  });

  it('a share unpaid past the café’s time is told to the table once and to the owner, never to the kitchen', async () => {
    const sweep = app.app.get(UnpaidSharesSweep);
    const early = new Date(Date.parse(danaPaidAt) + 9 * MINUTE);
    const late = new Date(Date.parse(danaPaidAt) + 10 * MINUTE);
    expect(await sweep.sweep(early)).toEqual([]);
    expect((await app.app.get(WaitingTablesQuery).of(owner.phone, early)).tables[0]?.overdue).toBe(false);

    const before = await read(dana);
    pushed.length = 0;
    expect(await sweep.sweep(late)).toEqual([cartId]);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.cart).toMatchObject({ cartId, unpaidSince: danaPaidAt, version: before.cart.version + 1 });
    // Told once.
    expect(await sweep.sweep(new Date(late.getTime() + MINUTE))).toEqual([]);
    const owners = await app.app.get(WaitingTablesQuery).of(owner.phone, late);
    expect(owners.tables[0]).toMatchObject({ overdue: true, unpaidSince: danaPaidAt });
    const cart = await app.app.get(TableCartsReader).byId(cartId);
    expect((await app.app.get(TableCarts).stateOf(cart!, late)).cart.unpaidSince).toBe(danaPaidAt);
    expect((await app.app.get(WaitingTablesQuery).of(other.phone, late)).tables).toEqual([]);
    expect(await eventCount(orderId, 'SlipQueued')).toBe(0);
  });

  it('the last share pays the order: the cart closes as before and the table waits no more', async () => {
    const last = await pay(dana, '31.00');
    expect(last.status).toBe(200);
    await payInSandbox(app, String(last.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await eventCount(orderId, 'OrderPaid')) === 1);
    await until(async () => (await read(dana)).cart.cartId !== cartId);
    const fresh = await read(dana);
    expect(fresh).toMatchObject({
      payments: [],
      leftAgorot: 0,
      cart: { status: 'open', lines: [], unpaidSince: null },
    });
    expect(await partStatuses(orderId)).toEqual(['replaced', 'paid', 'failed', 'paid']);
    expect((await waiting(owner.token)).tables).toEqual([]);
    expect(await app.app.get(UnpaidSharesSweep).sweep(new Date(Date.now() + 60 * MINUTE))).toEqual([]);
    expect(await eventCount(orderId, 'SlipQueued')).toBe(1);
  });
});
