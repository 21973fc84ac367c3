import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  israelDateOf,
  israelMonthOf,
  type MonthlyReport,
  type OwnerTablesAnswer,
  type TableState,
} from '@tafrit/contracts';
import { parse } from 'csv-parse/sync';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { unzip } from '../bookkeeping/unzip.js';
import { TableCheckout } from '../../src/modules/ordering/application/table-checkout.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { orderSnapshotSql } from '../../src/modules/ordering/projections/order-snapshot.js';

// Paying a shared table's cart (issue 34, decisions 055 and 056): create-payment with `table` places the order the
// table's cart holds on the server, whatever the phone says, and each payer pays a part of it (all that is left,
// their own lines, an equal share or an amount) on their own page; the order is paid, and the cart ends, once the
// parts cover it. A wrong key, a share above the bill or a part the bill no longer has records nothing.

const DECLINED_CARD = '4000000000000002';

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let key: string;

interface Diner {
  session?: string;
}
interface OrderRow {
  status: string;
  payment_status: string;
  table_number: number;
  invoice_number: string | null;
  state: {
    tableCartId: string;
    lines: { quantity: number }[];
    parts?: { status: string; itemsAgorot: number; invoiceNumber: string | null }[];
  };
}

async function asDiner<Body>(diner: Diner, method: string, path: string, body?: unknown) {
  const answer = await call<Body>(app, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(diner.session ? { cookies: { [DINER_COOKIE]: diner.session } } : {}),
  });
  diner.session = answer.cookies[DINER_COOKIE]?.value ?? diner.session;
  return answer;
}

const tableAt = (path = '') => `/api/tables/${shop.departmentId}/4${path}?key=${encodeURIComponent(key)}`;
const read = (diner: Diner) => asDiner<{ data: TableState }>(diner, 'GET', tableAt()).then((a) => a.body.data);
const add = (diner: Diner, productId: number) =>
  asDiner<{ data: TableState }>(diner, 'POST', tableAt('/lines'), { lineId: randomUUID(), productId, quantity: 1 });
const orderOf = async (orderId: unknown): Promise<OrderRow> => {
  const [row] = await query<OrderRow>(
    app.database.em(),
    `select status, payment_status, table_number, invoice_number, ${orderSnapshotSql('o')} as state from orders o where id = ?`,
    [orderId],
  );
  return row!;
};
const until = async (check: () => Promise<boolean>) => {
  // The webhook's result and the processors follow the card's post: wait for the condition itself.
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

let items: { productId: number; quantity: number }[];
const pay = (diner: Diner, amount: string, extra: Record<string, unknown> = {}, table: unknown = { number: 4, key }) =>
  createPayment(app, shop.departmentId, {
    items,
    amount,
    ...(diner.session ? { session: diner.session } : {}),
    extra: { table, ...extra },
  });

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  items = [
    { productId: shop.coffee.id, quantity: 2 },
    { productId: shop.croissant.id, quantity: 1 },
  ];
  const chosen = await call(app, 'PUT', '/api/business/tables', {
    token: owner.token,
    body: { shared: true, numbers: [4], idleMinutes: 90, unpaidShareMinutes: 15 },
  });
  expect(chosen.status).toBe(200);
  const listed = await call<{ data: OwnerTablesAnswer }>(app, 'GET', '/api/tables', { token: owner.token });
  key = new URL(listed.body.data.tables[0]!.url).searchParams.get('key')!;
}, 120_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

describe('a table that splits its bill', () => {
  const dana: Diner = {};
  const omer: Diner = {};
  const noa: Diner = {};
  let orderId: unknown;
  let omersPage: string;

  it('the first payer places the order the table holds and pays their own lines', async () => {
    await read(dana);
    await read(omer);
    await read(noa);
    await add(dana, shop.coffee.id);
    await add(omer, shop.coffee.id);
    await add(omer, shop.croissant.id);
    const answer = await pay(dana, '14.50', { split: { mode: 'mine' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, totalAmount: '14.50' });
    orderId = answer.body.orderId;
    const state = await read(omer);
    expect(state.cart).toMatchObject({ status: 'paying', orderId, orderNumber: answer.body.orderNumber });
    const order = await orderOf(orderId);
    expect(order.table_number).toBe(4);
    expect(order.state.tableCartId).toBe(state.cart.cartId);
    // The two diners' coffees are one kitchen line.
    expect(order.state.lines.map((line) => line.quantity).sort()).toEqual([1, 2]);
    // Dana clicks again: the same page.
    const again = await pay(dana, '14.50', { split: { mode: 'mine' } });
    expect(again.body.paymentUrl).toBe(answer.body.paymentUrl);
    await payInSandbox(app, String(answer.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await orderOf(orderId)).state.parts?.[0]?.status === 'paid');
    // Paid short of the bill: nothing for the kitchen yet.
    expect((await orderOf(orderId)).payment_status).not.toBe('paid');
  });

  it('a phone that showed another amount is told the new one; a second "what is left" is refused', async () => {
    const stale = await pay(omer, '41.00');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'table.share_changed', data: { amount: '26.50' } });
    const omers = await pay(omer, '26.50');
    expect(omers.status).toBe(200);
    omersPage = String(omers.body.paymentUrl);
    const noas = await pay(noa, '26.50');
    expect(noas.status).toBe(409);
    expect(noas.body).toMatchObject({ code: 'table.split_refused', data: { reason: 'nothing_left' } });
  });

  it('a declined card leaves the share open for anyone, and the last part pays the order once', async () => {
    await payInSandbox(app, omersPage, { number: DECLINED_CARD });
    await until(async () => (await orderOf(orderId)).state.parts?.[1]?.status === 'failed');
    const noas = await pay(noa, '26.50');
    expect(noas.status).toBe(200);
    const before = await read(noa);
    await payInSandbox(app, String(noas.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await orderOf(orderId)).payment_status === 'paid');
    const order = await orderOf(orderId);
    expect(order.state.parts?.map((part) => part.status)).toEqual(['paid', 'failed', 'paid']);
    // Each payer's own document, numbered; the order's own invoice fields stay empty when several paid.
    const numbers = order.state.parts!.filter((part) => part.status === 'paid').map((part) => part.invoiceNumber);
    expect(new Set(numbers).size).toBe(2);
    expect(order.invoice_number).toBeNull();
    const documents = await query<{ total: string }>(
      app.database.em(),
      `select data->>'totalAgorot' as total from events where stream_id = ? and type = 'InvoiceIssued' order by stream_version`,
      [`order-${String(orderId)}`],
    );
    expect(documents.map((document) => document.total)).toEqual(['1450', '2650']);
    // The kitchen's slip, once.
    const slips = await query<{ n: number }>(
      app.database.em(),
      `select count(*)::int as n from events where stream_id = ? and type = 'SlipQueued'`,
      [`order-${String(orderId)}`],
    );
    expect(slips[0]!.n).toBe(1);
    // Each payer's thank-you page: their own part, their own document, and the bill paid.
    const noasOrder = await asDiner<{ data: Record<string, unknown> }>(
      noa,
      'GET',
      `/api/orders/${shop.departmentId}/latest`,
    );
    expect(noasOrder.body.data).toMatchObject({
      orderId,
      totalAmount: '26.50',
      paymentStatus: 'paid',
      invoiceStatus: 'generated',
      table: { billAmount: '41.00', paidAmount: '41.00', leftAmount: '0.00', paid: true },
    });
    const danasOrder = await asDiner<{ data: Record<string, unknown> }>(
      dana,
      'GET',
      `/api/orders/${shop.departmentId}/latest`,
    );
    expect(danasOrder.body.data).toMatchObject({ orderId, totalAmount: '14.50', paymentStatus: 'paid' });
    const danasLink = String(danasOrder.body.data.invoiceUrl);
    const noasLink = String(noasOrder.body.data.invoiceUrl);
    expect(danasLink).toContain('part=');
    const page = await fetch(`${app.url}${danasLink}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('14.50');
    // Noa's token does not open Dana's document.
    const crossed = new URL(danasLink, app.url);
    crossed.searchParams.set('token', new URL(noasLink, app.url).searchParams.get('token')!);
    expect((await fetch(crossed)).status).toBe(404);
    // Omer paid nothing (his card was declined): his page shows his declined part.
    const omersOrder = await asDiner<{ data: Record<string, unknown> }>(
      omer,
      'GET',
      `/api/orders/${shop.departmentId}/latest`,
    );
    expect(omersOrder.body.data).toMatchObject({ orderId, paymentStatus: 'failed' });
    // The table's next reader starts a fresh cart.
    await until(async () => (await read(dana)).cart.cartId !== before.cart.cartId);
    expect((await read(dana)).cart).toMatchObject({ status: 'open', lines: [] });
  });

  it('the report shows the order once with its payers, and the commission follows each payment', async () => {
    const month = israelMonthOf(new Date());
    const report = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    const order = report.body.data.orders.find((one) => one.id === orderId)!;
    // 5% of each part rounded half up (0.73 and 1.33), not 5% of the whole (2.05).
    expect(order).toMatchObject({ totalAmount: '41.00', commission: '2.06', netAmount: '38.94', tableNumber: 4 });
    expect(order.payments?.map((payment) => [payment.amount, payment.commission, payment.method])).toEqual([
      ['14.50', '0.73', 'card'],
      ['26.50', '1.33', 'card'],
    ]);
    expect(order.payments?.every((payment) => payment.invoiceNumber && payment.invoiceUrl?.includes('part='))).toBe(
      true,
    );
  });

  it('a refund goes back on the payment that paid, with a credit of that payer’s own document', async () => {
    const month = israelMonthOf(new Date());
    const report = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    const [danas, noas] = report.body.data.orders.find((one) => one.id === orderId)!.payments!;
    // Without naming the payment an amount cannot be refunded: the café must say whose.
    const unnamed = await call(app, 'POST', `/api/orders/${String(orderId)}/refunds`, {
      token: owner.token,
      body: { amount: '5.00', reason: 'קר' },
    });
    expect(unnamed.status).toBe(409);
    expect(unnamed.body.code).toBe('refund.split_bill');
    const tooMuch = await call(app, 'POST', `/api/orders/${String(orderId)}/refunds`, {
      token: owner.token,
      body: { amount: '14.51', reason: 'קר', partId: danas!.partId },
    });
    expect(tooMuch.status).toBe(409);
    const refunded = await call<{ data: { status: string; amount: string } }>(
      app,
      'POST',
      `/api/orders/${String(orderId)}/refunds`,
      { token: owner.token, body: { amount: '5.00', reason: 'קר', partId: noas!.partId } },
    );
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', amount: '5.00' });
    await app.app.get(ProcessorRunner).runUntilIdle();
    // The credit names Noa's document, and the provider refunded Noa's charge.
    const [credit] = await query<{ original: string; total: string; part: string }>(
      app.database.em(),
      `select data->>'originalInvoiceNumber' as original, data->>'totalAgorot' as total,
              (select data->>'partId' from events r where r.stream_id = e.stream_id and r.type = 'RefundRequested') as part
         from events e where stream_id = ? and type = 'CreditIssued'`,
      [`order-${String(orderId)}`],
    );
    expect(credit).toEqual({ original: noas!.invoiceNumber, total: '500', part: noas!.partId });
    const after = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, { token: owner.token });
    expect(after.body.data.orders.find((one) => one.id === orderId)!.refundedAmount).toBe('5.00');
  });

  it('the accountant’s ledger and export carry each payer’s own document, its lines adding up', async () => {
    const month = israelMonthOf(new Date());
    await app.app.get(ProcessorRunner).runUntilIdle();
    const download = (path: string) =>
      fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const zip = await download(`/api/bookkeeping/months/${month}`);
    expect(zip.status).toBe(200);
    const files = await unzip(Buffer.from(await zip.arrayBuffer()));
    const ledger = parse(files.get(`${month}/ledger.csv`)!.toString('utf8'), { bom: true }) as string[][];
    const total = ledger[0]!.indexOf('סה"כ');
    expect(ledger.filter((row) => row[total] === '14.50' || row[total] === '26.50')).toHaveLength(2);
    // The refund's credit, against Noa's document.
    expect(ledger.filter((row) => row[total] === '-5.00')).toHaveLength(1);
    const today = israelDateOf(new Date());
    const structure = await download(`/api/bookkeeping/uniform-structure?from=${month}-01&to=${today}`);
    expect(structure.status).toBe(200);
  });
});

describe('a page paid after its payer chose again', () => {
  it('is recorded, and what it paid above the bill goes back on its own card', async () => {
    const dana: Diner = {};
    const omer: Diner = {};
    await read(dana);
    await read(omer);
    await add(dana, shop.coffee.id);
    await add(omer, shop.croissant.id);
    items = [
      { productId: shop.coffee.id, quantity: 1 },
      { productId: shop.croissant.id, quantity: 1 },
    ];
    // Dana first means to pay everything, then changes her mind to her own coffee: her first page's hold ends.
    const first = await pay(dana, '26.50');
    const mine = await pay(dana, '14.50', { split: { mode: 'mine' } });
    expect(mine.status).toBe(200);
    const omers = await pay(omer, '12.00');
    expect(omers.status).toBe(200);
    await payInSandbox(app, String(mine.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await payInSandbox(app, String(omers.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await orderOf(first.body.orderId)).payment_status === 'paid');
    // Then she pays on the first page after all: the money moved, so it is recorded, and all of it goes back.
    await payInSandbox(app, String(first.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => {
      const refunds = (await orderOf(first.body.orderId)).state as unknown as { refunds: { status: string }[] };
      return refunds.refunds.some((refund) => refund.status === 'refunded');
    });
    const order = (await orderOf(first.body.orderId)).state as unknown as {
      parts: { status: string; paid?: { overpaidAgorot?: number }; partId: string }[];
      refunds: { amountAgorot: number; partId: string; status: string }[];
    };
    const late = order.parts.find((part) => part.paid?.overpaidAgorot);
    expect(late?.paid?.overpaidAgorot).toBe(2650);
    expect(order.refunds).toEqual([
      expect.objectContaining({ amountAgorot: 2650, partId: late!.partId, status: 'refunded' }),
    ]);
    // Nothing a processor could not handle.
    expect(await query(app.database.em(), 'select processor, error from parked_events', [])).toEqual([]);
    // The order counts what paid the bill, not the late charge.
    expect((await orderOf(first.body.orderId)).state).toMatchObject({ totalAgorot: 2650 });
    await until(async () => (await read(dana)).cart.status === 'open' && (await read(dana)).cart.lines.length === 0);
  });
});

describe('one payer for the whole table', () => {
  it('pays all, and the order carries that payer’s document as the spec’s invoice fields', async () => {
    const diner: Diner = {};
    await read(diner);
    await add(diner, shop.coffee.id);
    await add(diner, shop.coffee.id);
    await add(diner, shop.croissant.id);
    items = [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ];
    const answer = await pay(diner, '41.00');
    expect(answer.status).toBe(200);
    await payInSandbox(app, String(answer.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    await until(async () => (await orderOf(answer.body.orderId)).payment_status === 'paid');
    const order = await orderOf(answer.body.orderId);
    expect(order.invoice_number).toMatch(/^\d+$/);
    expect(order.invoice_number).toBe(order.state.parts?.[0]?.invoiceNumber);
    // Paid, the table is fresh for the next party.
    await until(async () => (await read(diner)).cart.status === 'open');
  });
});

describe('bad input at a shared table records nothing', () => {
  it('refuses a wrong key, a share above the bill, a negative amount, one line among 50 and a split alone', async () => {
    const diner: Diner = {};
    await read(diner);
    await add(diner, shop.coffee.id);
    items = [{ productId: shop.coffee.id, quantity: 1 }];
    const count = async () =>
      (await query<{ n: number }>(app.database.em(), 'select count(*)::int as n from orders'))[0]!.n;
    const before = await count();
    expect((await pay(diner, '14.50', {}, { number: 4, key: 'A'.repeat(16) })).status).toBe(404);
    expect((await pay(diner, '14.50', {}, { number: 9, key })).status).toBe(404);
    expect((await pay(diner, '14.50', {}, { number: 4, key: 'x' })).status).toBe(400);
    expect((await pay(diner, '14.50', { split: { mode: 'amount', amount: -5 } })).status).toBe(400);
    expect((await pay(diner, '14.50', { split: { mode: 'equal', shares: 51 } })).status).toBe(400);
    const alone = await createPayment(app, shop.departmentId, {
      items,
      amount: '14.50',
      extra: { split: { mode: 'all' } },
    });
    expect(alone.status).toBe(400);
    // The phone's lines not the table's.
    const changed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.croissant.id, quantity: 1 }],
      amount: '12.00',
      ...(diner.session ? { session: diner.session } : {}),
      extra: { table: { number: 4, key } },
    });
    expect(changed.body.code).toBe('table.cart_changed');
    // Refused by the bill itself, before the cart is checked out into an order.
    const above = await pay(diner, '20.00', { split: { mode: 'amount', amount: 20 } });
    expect(above.body).toMatchObject({ code: 'table.split_refused', data: { reason: 'above_left' } });
    const tiny = await pay(diner, '0.29', { split: { mode: 'equal', shares: 50 } });
    expect(tiny.body).toMatchObject({ code: 'table.split_refused', data: { reason: 'part_too_small' } });
    expect(await count()).toBe(before);
    expect((await read(diner)).cart.status).toBe('open');
  });

  it('a cart that moved while its order was placed ends that order unshown, and stays open', async () => {
    const diner: Diner = {};
    await read(diner);
    const state = await read(diner);
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    expect(placed.status).toBe(200);
    const stale = {
      cartId: state.cart.cartId,
      version: state.cart.version - 1,
      number: 4,
      lines: [],
      notes: null,
      status: 'open' as const,
      orderId: null,
      you: null,
      mine: [],
      totalAgorot: 0,
      mineAgorot: 0,
    };
    const order = { orderId: String(placed.body.orderId), orderNumber: Number(placed.body.orderNumber) };
    await expect(app.app.get(TableCheckout).checkOut(stale, order, 'test')).rejects.toMatchObject({
      code: 'table.cart_changed',
    });
    expect((await orderOf(placed.body.orderId)).status).toBe('expired');
    expect((await read(diner)).cart.status).toBe('open');
  });
});
