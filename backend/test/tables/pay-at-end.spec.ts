import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  israelMonthOf,
  type LiveOrdersAnswer,
  type MonthlyReport,
  type OwnerTablesAnswer,
  type TableState,
} from '@tafrit/contracts';
import { TabSweep } from '../../src/modules/ordering/processors/tab-sweep.js';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { productForm } from '../support/menu.js';
import { bounded } from '../support/bounded-close.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { orderSnapshotSql } from '../../src/modules/ordering/projections/order-snapshot.js';

// Pay at the end (issue 34, part 3, decision 058): a table holds a diner's card when its tab opens, sends rounds to
// the kitchen as it orders them (never above the hold), and pays at the end with the same split as any shared table;
// the held card pays what is left when its holder closes the tab or the tab is left idle, and is released otherwise.

const DECLINED_CARD = '4000000000000002';

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

type Answer = { data: TableState; code?: string };
const tableAt = (path = '', table = 4, tableKey = key) =>
  `/api/tables/${shop.departmentId}/${table}${path}?key=${encodeURIComponent(tableKey)}`;
const read = (diner: Diner) => asDiner<Answer>(diner, 'GET', tableAt()).then((a) => a.body.data);
const add = (diner: Diner, productId: number, quantity = 1) =>
  asDiner<Answer>(diner, 'POST', tableAt('/lines'), { lineId: randomUUID(), productId, quantity });
const sendRound = async (diner: Diner) =>
  asDiner<Answer>(diner, 'POST', tableAt('/rounds'), { version: (await read(diner)).cart.version });
const openHold = (diner: Diner) =>
  asDiner<{ data: { paymentUrl: string }; code?: string }>(diner, 'POST', tableAt('/tab'), {});
const chargeTab = (diner: Diner) => asDiner<Answer>(diner, 'POST', tableAt('/tab/charge'), {});
const until = async (check: () => Promise<boolean>) => {
  // The page's verdict and the processors follow the card's post: wait for the condition itself.
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const rows = <Row extends object>(sql: string, params: unknown[] = []) => query<Row>(app.database.em(), sql, params);
const holdOf = async (cartId: string) =>
  (
    await rows<{ status: string; sealed_token: string | null; charge_id: string | null }>(
      'select status, sealed_token, charge_id from tab_holds where cart_id = ?',
      [cartId],
    )
  )[0];
const orderRow = async (orderId: string) =>
  (
    await rows<{ payment_status: string; status: string; state: Record<string, unknown> & { slipQueued: boolean } }>(
      `select payment_status, status, ${orderSnapshotSql('o')} as state from orders o where id = ?`,
      [orderId],
    )
  )[0]!;

/** A diner holds their card for the table's tab: the hold page, the sandbox's approved card, the tab open. */
async function holdCard(diner: Diner): Promise<TableState> {
  const page = await openHold(diner);
  expect(page.status).toBe(200);
  await payInSandbox(app, page.body.data.paymentUrl, { number: SANDBOX_APPROVED_CARD });
  await until(async () => (await read(diner)).tab?.status === 'open');
  return read(diner);
}

/** What the phone sends to pay at the end: the sent lines, as create-payment's items. */
const sentItems = (state: TableState) => {
  const byProduct = new Map<number, number>();
  for (const line of state.cart.lines.filter((one) => one.round !== undefined)) {
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  }
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
};

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  const chosen = await call(app, 'PUT', '/api/business/tables', {
    token: owner.token,
    body: {
      shared: true,
      numbers: [4, 5],
      idleMinutes: 90,
      unpaidShareMinutes: 15,
      payAtEnd: true,
      holdShekels: 60,
      tabIdleMinutes: 30,
    },
  });
  expect(chosen.status).toBe(200);
  const listed = await call<{ data: OwnerTablesAnswer }>(app, 'GET', '/api/tables', { token: owner.token });
  key = new URL(listed.body.data.tables[0]!.url).searchParams.get('key')!;
}, 120_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

describe('a tab: hold, two rounds, split, charge, release', () => {
  const dana: Diner = {};
  const omer: Diner = {};
  let cartId: string;
  let firstRound: string;

  it('shows the tab, and refuses a round before a card is held', async () => {
    const state = await read(dana);
    cartId = state.cart.cartId;
    expect(state.tab).toMatchObject({ status: 'none', holdAgorot: 6_000, holder: null, rounds: [], sentAgorot: 0 });
    await read(omer);
    await add(dana, shop.coffee.id);
    const refused = await sendRound(dana);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('table.tab_no_hold');
    expect((await rows('select 1 from orders where business_id = ?', [owner.phone])).length).toBe(0);
  });

  it("holds one diner's card: another waits, a declined card leaves the tab without one", async () => {
    const page = await openHold(dana);
    expect(page.status).toBe(200);
    expect((await read(omer)).tab).toMatchObject({ status: 'holding', holder: { name: 'אורח 1' } });
    const other = await openHold(omer);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('table.tab_hold_open');
    await payInSandbox(app, page.body.data.paymentUrl, { number: DECLINED_CARD });
    await until(async () => (await read(dana)).tab?.status === 'none');
    expect(await holdOf(cartId)).toMatchObject({ status: 'failed', sealed_token: null });
    const held = await holdCard(dana);
    expect(held.tab).toMatchObject({ status: 'open', holdAgorot: 6_000, card: { last4: expect.any(String) } });
    // The card's token is sealed in its own table and nowhere in the log.
    const hold = await holdOf(cartId);
    expect(hold?.sealed_token).toMatch(/^v1\./);
    const [token] = await rows<{ transaction_id: string }>(
      `select transaction_id from sandbox_payments where method = 'hold' and status = 'paid' and return_value = ?`,
      [cartId],
    );
    expect(token?.transaction_id).toBeTruthy();
    const leaked = await rows(`select 1 from events where data::text like ?`, [`%${token!.transaction_id}%`]);
    expect(leaked).toEqual([]);
  });

  it('sends two rounds to the kitchen as they are ordered; a sent line is the kitchen’s', async () => {
    await add(omer, shop.coffee.id);
    const first = await sendRound(omer);
    expect(first.status).toBe(200);
    expect(first.body.data.tab?.rounds).toHaveLength(1);
    expect(first.body.data.cart.lines.every((line) => line.round === 1)).toBe(true);
    firstRound = first.body.data.tab!.rounds[0]!.orderId;
    // Made now, never charged itself: in the kitchen, with its slip, out of every read of paid orders.
    await until(async () => (await orderRow(firstRound)).state.slipQueued === true);
    expect(await orderRow(firstRound)).toMatchObject({ payment_status: 'tab', status: 'paid' });
    // The owner's console shows it as a round of the open tab.
    await app.app.get(ProcessorRunner).runUntilIdle();
    const live = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: owner.token });
    expect(live.body.data.orders.find((order) => order.orderId === firstRound)).toMatchObject({
      round: 1,
      tableNumber: 4,
    });
    const sentLine = first.body.data.cart.lines[0]!.lineId;
    const removed = await asDiner<Answer>(dana, 'DELETE', tableAt(`/lines/${sentLine}`));
    expect(removed.body.code).toBe('table.line_sent');
    await add(omer, shop.croissant.id);
    const second = await sendRound(omer);
    expect(second.body.data.tab).toMatchObject({ sentAgorot: 4_100, rounds: [{ round: 1 }, { round: 2 }] });
    expect(second.body.data.tab?.closesAt).toEqual(expect.any(String));
  });

  it('never sends rounds above the hold, and refuses an empty round', async () => {
    const line = await add(dana, shop.croissant.id, 2);
    const refused = await sendRound(dana);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('table.tab_over_hold');
    const lineId = line.body.data.cart.lines.find((one) => one.round === undefined)!.lineId;
    await asDiner(dana, 'DELETE', tableAt(`/lines/${lineId}`));
    const empty = await sendRound(dana);
    expect(empty.body.code).toBe('table.tab_nothing_to_send');
  });

  it('pays at the end: a payer their own lines by page, the holder the rest on the held card', async () => {
    const state = await read(omer);
    // Omer pays his coffee and croissant on his own page (₪26.50).
    const mine = await createPayment(app, shop.departmentId, {
      items: sentItems(state),
      amount: '26.50',
      session: omer.session!,
      extra: { table: { number: 4, key }, split: { mode: 'mine' } },
    });
    expect(mine.status).toBe(200);
    const billId = String(mine.body.orderId);
    const posted = await payInSandbox(app, String(mine.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    expect(posted.status).toBe(303);
    await until(async () => ((await orderRow(billId)).state.parts as { status: string }[])[0]?.status === 'paid');
    // Only the holder charges the held card.
    const notHolder = await chargeTab(omer);
    expect(notHolder.status).toBe(403);
    expect(notHolder.body.code).toBe('table.tab_not_holder');
    const charged = await chargeTab(dana);
    expect(charged.status).toBe(200);
    // The bill is paid; the table's link opens a fresh cart and tab.
    await until(async () => (await read(dana)).cart.cartId !== cartId);
    expect((await read(dana)).tab).toMatchObject({ status: 'none', rounds: [] });
    const bill = await orderRow(billId);
    expect(bill.payment_status).toBe('paid');
    expect(bill.state.slipQueued).toBe(false);
    expect(bill.state.parts).toEqual([
      expect.objectContaining({ itemsAgorot: 2_650, status: 'paid' }),
      expect.objectContaining({ itemsAgorot: 1_450, status: 'paid', invoiceNumber: expect.any(String) }),
    ]);
    expect(await holdOf(cartId)).toMatchObject({ status: 'charged', sealed_token: null });
    // Captured once, for what was left (₪14.50), never more than the hold.
    const captured = await rows<{ amount_agorot: string }>(
      `select amount_agorot from sandbox_payments where low_profile_id = ?`,
      [(await holdOf(cartId))!.charge_id],
    );
    expect(captured.map((row) => Number(row.amount_agorot))).toEqual([1_450]);
  });

  it('the report shows the bill with its payers and 5% of each; the rounds are in no report', async () => {
    await app.app.get(ProcessorRunner).runUntilIdle();
    const month = israelMonthOf(new Date());
    const report = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    const orders = report.body.data.orders;
    expect(orders).toHaveLength(1);
    // 5% of each payment rounded half up (1.33 and 0.73), not of the whole.
    expect(orders[0]).toMatchObject({ totalAmount: '41.00', commission: '2.06', tableNumber: 4 });
    expect(orders[0]!.payments?.map((payment) => [payment.amount, payment.commission])).toEqual([
      ['26.50', '1.33'],
      ['14.50', '0.73'],
    ]);
  });
});

describe('a tab left idle', () => {
  it('is closed by the held card for all that was sent', async () => {
    const noa: Diner = {};
    const state = await read(noa);
    await add(noa, shop.coffee.id);
    await holdCard(noa);
    const round = await sendRound(noa);
    expect(round.status).toBe(200);
    // Not idle yet: nothing happens.
    const sweep = app.app.get(TabSweep);
    expect((await sweep.sweep(new Date())).size).toBe(0);
    const outcomes = await sweep.sweep(new Date(Date.now() + 31 * 60_000));
    expect(outcomes.get(state.cart.cartId)).toBe('charged');
    await until(async () => (await read(noa)).cart.cartId !== state.cart.cartId);
    expect(await holdOf(state.cart.cartId)).toMatchObject({ status: 'charged', sealed_token: null });
  });
});

describe('a held card the issuer refuses', () => {
  it('leaves the share open for the table to pay; the sweep does not ask it again', async () => {
    const ziv: Diner = {};
    const state = await read(ziv);
    await add(ziv, shop.coffee.id);
    await holdCard(ziv);
    const round = await sendRound(ziv);
    expect(round.status).toBe(200);
    // The issuer no longer honours the hold (it lapsed, or the card was blocked): the capture is refused.
    await rows(`update sandbox_payments set response_code = '7' where method = 'hold' and return_value = ?`, [
      state.cart.cartId,
    ]);
    const sweep = app.app.get(TabSweep);
    const later = new Date(Date.now() + 31 * 60_000);
    expect((await sweep.sweep(later)).get(state.cart.cartId)).toBe('declined');
    expect(await holdOf(state.cart.cartId)).toMatchObject({ status: 'failed', sealed_token: null });
    // The table's payments are a processor's read model: the refused part leaves it once that has caught up.
    await until(async () => (await read(ziv)).leftAgorot !== 0);
    const paying = await read(ziv);
    expect(paying.cart.status).toBe('paying');
    expect(paying.leftAgorot).toBe(1_450);
    // Asked again, the card is not tried a second time.
    expect((await sweep.sweep(later)).get(state.cart.cartId)).toBe('declined');
    const byPage = await createPayment(app, shop.departmentId, {
      items: sentItems(round.body.data),
      amount: '14.50',
      session: ziv.session!,
      extra: { table: { number: 4, key } },
    });
    expect(byPage.status).toBe(200);
    await payInSandbox(app, String(byPage.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await read(ziv)).cart.cartId !== state.cart.cartId);
  });
});

describe('a tab paid by pages', () => {
  it('releases the held card: its token is forgotten and nothing is charged on it', async () => {
    const gil: Diner = {};
    const state = await read(gil);
    await add(gil, shop.croissant.id);
    await holdCard(gil);
    const round = await sendRound(gil);
    const all = await createPayment(app, shop.departmentId, {
      items: sentItems(round.body.data),
      amount: '12.00',
      session: gil.session!,
      extra: { table: { number: 4, key } },
    });
    expect(all.status).toBe(200);
    await payInSandbox(app, String(all.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await holdOf(state.cart.cartId))?.status === 'released');
    expect(await holdOf(state.cart.cartId)).toMatchObject({ sealed_token: null, charge_id: null });
  });
});

describe('a price changed during the meal', () => {
  it('the bill charges what each round was placed at; the next round the new price', async () => {
    const tal: Diner = {};
    const state = await read(tal);
    await add(tal, shop.coffee.id);
    await holdCard(tal);
    const first = await sendRound(tal);
    expect(first.status).toBe(200);
    // The coffee costs more from now on: what was served is billed at ₪14.50.
    const categoryId = Number(
      (await rows<{ category_id: number }>('select category_id from products where id = ?', [shop.coffee.id]))[0]!
        .category_id,
    );
    const raised = await call(app, 'PUT', `/api/products/${shop.coffee.id}`, {
      token: owner.token,
      form: productForm({ name: 'הפוך גדול', price: '16.00', categoryId }),
    });
    expect(raised.status).toBe(200);
    const paid = await createPayment(app, shop.departmentId, {
      items: sentItems(first.body.data),
      amount: '14.50',
      session: tal.session!,
      extra: { table: { number: 4, key } },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: true, totalAmount: '14.50' });
    const bill = await orderRow(String(paid.body.orderId));
    expect(bill.state).toMatchObject({ totalAgorot: 1_450, tab: { bill: true } });
    await payInSandbox(app, String(paid.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await read(tal)).cart.cartId !== state.cart.cartId);
    await call(app, 'PUT', `/api/products/${shop.coffee.id}`, {
      token: owner.token,
      form: productForm({ name: 'הפוך גדול', price: '14.50', categoryId }),
    });
  });
});

describe('bad input at a tab', () => {
  it('a wrong key, a malformed round, unsent lines at payment: clear errors, nothing recorded', async () => {
    const diner: Diner = {};
    const wrong = await asDiner<Answer>(diner, 'POST', tableAt('/tab', 4, 'AAAAAAAAAAAAAAAA'), {});
    expect(wrong.status).toBe(404);
    const unknownTable = await asDiner<Answer>(diner, 'POST', tableAt('/rounds', 77), { version: 1 });
    expect(unknownTable.status).toBe(404);
    const malformed = await asDiner<Answer>(diner, 'POST', tableAt('/rounds'), { version: -1 });
    expect(malformed.status).toBe(400);
    const state = await read(diner);
    await add(diner, shop.coffee.id);
    const before = await rows('select 1 from orders where business_id = ?', [owner.phone]);
    const unsent = await createPayment(app, shop.departmentId, {
      items: [],
      amount: '14.50',
      session: diner.session!,
      extra: { table: { number: 4, key } },
    });
    expect([400, 409]).toContain(unsent.status);
    const noHold = await chargeTab(diner);
    expect(noHold.status).toBe(409);
    expect(await rows('select 1 from orders where business_id = ?', [owner.phone])).toHaveLength(before.length);
    expect(state.tab?.status).toBe('none');
  });
});

// Last in the file: it spends the address's misses for the rest of the minute.
describe('wrong keys on the tab routes', () => {
  it('count as misses against the address, as on the table`s other routes: past the limit, 429', async () => {
    const diner: Diner = {};
    const wrong = 'A'.repeat(16);
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      const path = ['/tab', '/rounds', '/tab/charge'][index % 3]!;
      statuses.push(
        (await asDiner(diner, 'POST', tableAt(path, 4, wrong), path === '/rounds' ? { version: 1 } : {})).status,
      );
    }
    // The file's earlier wrong keys spent some of the 30 misses already: 404s, then 429 for the rest.
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses).toEqual([...Array(first).fill(404), ...Array(31 - first).fill(429)]);
  });
});
