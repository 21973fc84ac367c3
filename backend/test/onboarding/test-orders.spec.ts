import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  israelMonthOf,
  type LiveEvent,
  type LiveOrdersAnswer,
  type PairAnswer,
  type PairingCodeAnswer,
  type SetupChecklist,
  type SlipPrintPayload,
  TEST_ORDERS_PER_DAY,
  type TestOrderAnswer,
} from '@tafrit/contracts';
import type { Socket } from 'socket.io-client';
import { foldOrder } from '../../src/modules/ordering/domain/order.decider.js';
import { orderRowOf } from '../../src/modules/ordering/projections/order-row.js';
import { renderSlipEscpos } from '../../src/modules/printing/slip/escpos.js';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from '../../src/platform/event-store/postgres/event-rows.js';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, signInAdmin, smsLog, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { liveEvents, openSocket, request, TEST_AGENT_INFO } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The owner's test order (issue 18, decision 034): it reaches the console and the printer marked as a test, and no
// money follows it: no payment, no tax invoice, no SMS receipt, no report, CSV, commission, payout or admin figure.
let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let adminToken: string;
let agent: { socket: Socket; slips: SlipPrintPayload[] };
const month = israelMonthOf(new Date());

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app, { businessName: 'קפה ניסיון' });
  adminToken = (await signInAdmin(app)).token;
}, 120_000);
afterAll(async () => {
  agent?.socket.close();
  await app.close();
});

const checklist = async (token = owner.token) => {
  const answer = await call<{ data: SetupChecklist }>(app, 'GET', '/api/setup', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const doneSteps = (list: SetupChecklist) => list.steps.filter((step) => step.done).map((step) => step.id);
const placeTestOrder = (token = owner.token, body: unknown = {}) =>
  call<{ data: TestOrderAnswer; code?: string }>(app, 'POST', '/api/test-orders', { token, body });
const settle = () => app.app.get(ProcessorRunner).runUntilIdle();
const eventTypes = async (orderId: string) =>
  (
    await query<{ type: string }>(
      app.database.em(),
      'select type from events where stream_id = ? order by stream_version',
      [`order-${orderId}`],
    )
  ).map((row) => row.type);

async function connectAgent(): Promise<{ socket: Socket; slips: SlipPrintPayload[] }> {
  const code = await call<{ data: PairingCodeAnswer }>(app, 'POST', '/api/printer/pairing-code', {
    token: owner.token,
  });
  const paired = await call<{ data: PairAnswer }>(app, 'POST', '/api/printer/pair', {
    body: { code: code.body.data.code, agent: TEST_AGENT_INFO },
  });
  const { agentId, agentSecret } = paired.body.data;
  const socket = await openSocket(app, '/agent', { agentId, secret: agentSecret, agent: TEST_AGENT_INFO });
  const slips: SlipPrintPayload[] = [];
  socket.on('slip.print', (slip: SlipPrintPayload) => {
    slips.push(slip);
    // An acknowledgement still in flight when the test ends is dropped with the socket.
    request(socket, 'slip.ack', { slipId: slip.slipId, status: 'printed' }).catch(() => undefined);
  });
  return { socket, slips };
}

describe("a new owner's checklist", () => {
  it('starts with the details given at registration, and five steps to go', async () => {
    const list = await checklist();
    expect(list).toMatchObject({ done: 1, total: 6, dismissed: false });
    expect(list.steps.map((step) => step.id)).toEqual([
      'details',
      'category',
      'product',
      'qr',
      'test_order',
      'printing',
    ]);
    expect(doneSteps(list)).toEqual(['details']);
  });

  it('refuses a test order while the menu has no product, with a Hebrew message', async () => {
    const answer = await placeTestOrder();
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, code: 'test_order.no_product' });
    expect(String((answer.body as { message?: string }).message)).toMatch(/מוצר/);
  });

  it('counts the first category and product, the QR downloaded and a paired agent', async () => {
    shop = await openShop(app, owner);
    expect(doneSteps(await checklist())).toEqual(['details', 'category', 'product']);
    const recorded = await call<{ data: SetupChecklist }>(app, 'POST', '/api/setup/actions', {
      token: owner.token,
      body: { action: 'qr_printed' },
    });
    expect(recorded.status).toBe(200);
    expect(doneSteps(recorded.body.data)).toEqual(['details', 'category', 'product', 'qr']);
    agent = await connectAgent();
    expect(doneSteps(await checklist())).toEqual(['details', 'category', 'product', 'qr', 'printing']);
  });

  it('refuses an action it does not know, with the envelope', async () => {
    const answer = await call(app, 'POST', '/api/setup/actions', { token: owner.token, body: { action: 'paid' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
  });

  it('answers only a signed-in owner', async () => {
    expect((await call(app, 'GET', '/api/setup')).status).toBe(401);
    expect((await call(app, 'POST', '/api/test-orders', { body: {} })).status).toBe(401);
  });
});

describe('a test order', () => {
  let placed: TestOrderAnswer;
  const heard: LiveEvent[] = [];

  it('reaches the live console at once, marked as a test', async () => {
    const consoleSocket = await openSocket(app, '/owner', { token: owner.token });
    const events = liveEvents(consoleSocket);
    try {
      const answer = await placeTestOrder();
      expect(answer.status).toBe(200);
      placed = answer.body.data;
      const paid = await events.next((event) => event.kind === 'order.paid');
      heard.push(paid);
      expect(paid).toMatchObject({
        kind: 'order.paid',
        order: { orderId: placed.orderId, test: true, status: 'paid', totalAgorot: 1450, lines: [{ quantity: 1 }] },
      });
    } finally {
      consoleSocket.close();
    }
    const live = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: owner.token });
    expect(live.body.data.orders.find((order) => order.orderId === placed.orderId)).toMatchObject({ test: true });
  });

  it('prints a slip that says it is a test and was not paid', async () => {
    await settle();
    const slip = agent.slips.find((candidate) => candidate.orderId === placed.orderId);
    expect(slip).toBeDefined();
    const [row] = await query<{ paid_at: Date }>(app.database.em(), 'select paid_at from orders where id = ?', [
      placed.orderId,
    ]);
    const content = {
      kind: 'order' as const,
      businessName: 'קפה ניסיון',
      orderNumber: placed.orderNumber,
      at: new Date(row!.paid_at),
      tableNumber: null,
      lines: [{ name: 'הפוך גדול', quantity: 1, lineTotalAgorot: 1450 }],
      remarks: null,
      totalAgorot: 1450,
      paymentMethod: 'card' as const,
      paid: false,
    };
    const asTest = (await renderSlipEscpos({ ...content, testOrder: true }, 576)).toString('base64');
    expect(slip!.escposBase64).toBe(asTest);
    expect(asTest).not.toBe((await renderSlipEscpos({ ...content, paid: true }, 576)).toString('base64'));
  });

  it('is recorded as a test, with its slip, and nothing of money', async () => {
    await settle();
    const types = await eventTypes(placed.orderId);
    expect(types.slice(0, 2)).toEqual(['OrderPlaced', 'SlipQueued']);
    for (const never of ['PaymentPageOpened', 'OrderPaid', 'InvoiceIssued', 'InvoiceFailed', 'ReceiptSmsSent']) {
      expect(types).not.toContain(never);
    }
    const [event] = await query<{ data: { test?: boolean; commissionAgorot: number } }>(
      app.database.em(),
      `select data from events where stream_id = ? and type = 'OrderPlaced'`,
      [`order-${placed.orderId}`],
    );
    expect(event!.data).toMatchObject({ test: true, commissionAgorot: 0 });
    expect(smsLog(app).filter((line) => line.kind === 'receipt')).toEqual([]);
  });

  it('counts in no report, CSV, commission, payout or admin figure', async () => {
    await settle();
    const report = await call<{ data: { summary: Record<string, unknown>; orders: unknown[] } }>(
      app,
      'GET',
      `/api/orders?month=${month}`,
      { token: owner.token },
    );
    expect(report.status).toBe(200);
    expect(report.body.data.orders).toEqual([]);
    expect(report.body.data.summary).toMatchObject({ totalOrders: 0, totalAmount: '0.00', totalCommission: '0.00' });
    const csv = await call<string>(app, 'GET', `/api/orders/csv?month=${month}`, { token: owner.token });
    expect(csv.status).toBe(200);
    // The header and the month's total of no orders.
    const rows = String(csv.body).trim().split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',0 הזמנות,,0.00,0.00,0.00,');
    const commissions = await call<{ data: { rows?: { businessPhone?: string; phone?: string }[] } }>(
      app,
      'GET',
      `/api/admin/commissions/${month}`,
      { token: adminToken },
    );
    expect(JSON.stringify(commissions.body)).not.toContain(owner.phone);
    const history = await call(
      app,
      'GET',
      `/api/admin/commissions/${month}/${encodeURIComponent(owner.phone)}/history`,
      {
        token: adminToken,
      },
    );
    expect(JSON.stringify(history.body)).not.toContain(placed.orderId);
    const businesses = await call<{ data: { phone: string; monthOrders: number; monthSales: string }[] }>(
      app,
      'GET',
      '/api/admin/businesses',
      { token: adminToken },
    );
    expect(businesses.body.data.find((row) => row.phone === owner.phone)).toMatchObject({
      monthOrders: 0,
      monthSales: '0.00',
    });
    const payouts = await call(app, 'GET', `/api/admin/payouts/${month}`, { token: adminToken });
    expect(JSON.stringify(payouts.body)).not.toContain(owner.phone);
  });

  it('is the same row when rebuilt from the log', async () => {
    // Read as the store reads a row: what the row keeps once (decisions 066, 067) is put back.
    const rows = await query<EventRow>(
      app.database.em(),
      `select ${EVENT_COLUMNS} from events where stream_id = ? order by stream_version`,
      [`order-${placed.orderId}`],
    );
    const events = rows.map(toRecordedEvent);
    const state = foldOrder(events);
    if (!state.placed) throw new Error('the test order folds to nothing');
    const rebuilt = orderRowOf(state);
    const [row] = await query<{ is_test: boolean; payment_status: string; paid_at: Date }>(
      app.database.em(),
      'select is_test, payment_status, paid_at from orders where id = ?',
      [placed.orderId],
    );
    expect(rebuilt).toMatchObject({ is_test: true, payment_status: 'test', commission: '0.00' });
    expect(row).toMatchObject({ is_test: rebuilt.is_test, payment_status: rebuilt.payment_status });
    expect(new Date(row!.paid_at).toISOString()).toBe(rebuilt.paid_at);
  });

  it('cannot be refunded: nothing was paid', async () => {
    const refund = await call(app, 'POST', `/api/orders/${placed.orderId}/refunds`, {
      token: owner.token,
      body: { reason: 'בדיקה' },
    });
    expect(refund.status).toBe(409);
    expect(refund.body).toMatchObject({ code: 'refund.order_not_paid' });
  });

  it('moves through the kitchen like any order', async () => {
    const answer = await call(app, 'POST', `/api/live-orders/${placed.orderId}/status`, {
      token: owner.token,
      body: { status: 'accepted' },
    });
    expect(answer.status).toBe(200);
  });

  it('ticks the checklist, which is then done', async () => {
    const list = await checklist();
    expect(list).toMatchObject({ done: 6, total: 6 });
  });

  it('can be sent with a chosen product of the menu', async () => {
    const answer = await placeTestOrder(owner.token, { productId: shop.croissant.id });
    expect(answer.status).toBe(200);
    const [row] = await query<{ total_amount: string; is_test: boolean; payment_status: string }>(
      app.database.em(),
      'select total_amount, is_test, payment_status from orders where id = ?',
      [answer.body.data.orderId],
    );
    expect(row).toEqual({ total_amount: '12.00', is_test: true, payment_status: 'test' });
  });

  it('refuses a body it does not know, with the envelope', async () => {
    for (const body of [{ productId: 'x' }, { productId: -1 }, { productId: 1, extra: true }]) {
      const answer = await placeTestOrder(owner.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
    }
  });
});

describe("another business's owner", () => {
  it("cannot place one for you, not even with your product's id", async () => {
    const intruder = await registerOwner(app);
    const before = await query<{ count: string }>(
      app.database.em(),
      'select count(*)::text as count from orders where business_id = ?',
      [owner.phone],
    );
    const answer = await placeTestOrder(intruder.token, { productId: shop.coffee.id });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'test_order.no_product' });
    const after = await query<{ count: string }>(
      app.database.em(),
      'select count(*)::text as count from orders where business_id = ?',
      [owner.phone],
    );
    expect(after).toEqual(before);
    expect(doneSteps(await checklist(intruder.token))).not.toContain('test_order');
  });
});

describe('the day’s cap', () => {
  it(`allows ${TEST_ORDERS_PER_DAY} a day, then answers 429 with Retry-After`, async () => {
    const [row] = await query<{ count: string }>(
      app.database.em(),
      'select count(*)::text as count from orders where business_id = ? and is_test',
      [owner.phone],
    );
    for (let sent = Number(row!.count); sent < TEST_ORDERS_PER_DAY; sent++) {
      expect((await placeTestOrder()).status).toBe(200);
    }
    const refused = await placeTestOrder();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'test_order.limit' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the card', () => {
  it('stays closed once the owner closes it', async () => {
    const answer = await call<{ data: SetupChecklist }>(app, 'POST', '/api/setup/dismiss', {
      token: owner.token,
      body: {},
    });
    expect(answer.body.data.dismissed).toBe(true);
    expect((await checklist()).dismissed).toBe(true);
  });
});
