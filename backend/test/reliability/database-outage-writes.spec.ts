import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, registrationForm } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startServedDatabase } from './served-database.js';
import { tcpProxy, type TcpProxy } from './tcp-proxy.js';

// platform/database-outage.spec.ts shows the 503 envelope, health and recovery. This one follows writes across an
// outage: the network between the app and its database (PostgreSQL with TEST_DATABASE_URL, else a PGlite served on
// loopback) is cut and restored through a TCP proxy. Writes acknowledged before are all there after; writes during it
// answer 503 and leave nothing behind; within 5 seconds of the database returning, writes work again.

const RECOVERY_BOUND_MS = 5_000;
const UNAVAILABLE = {
  success: false,
  code: 'DATABASE_UNAVAILABLE',
  message: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
};

let app: TestApp;
let proxy: TcpProxy;
let shutDownBackend: () => Promise<void>;
let shop: Shop;

beforeAll(async () => {
  // The app takes a PGlite behind the proxy for its embedded database (as `npm start` serves it).
  const backend = await startServedDatabase();
  shutDownBackend = backend.close;
  proxy = await tcpProxy(backend);
  const url = `postgres://postgres@127.0.0.1:${proxy.port}/${backend.database}`;
  const secret = { JWT_SECRET: 'outage-writes-secret-outage-writes-secret' };
  app = backend.embedded
    ? // The test closes the PGlite itself, after the app (afterAll).
      await startTestApp(secret, {
        embeddedServer: { url, dump: () => Promise.reject(new Error('not here')), stop: async () => undefined },
      })
    : await startTestApp({ ...secret, DATABASE_URL: url });
  shop = await openShop(app, await registerOwner(app));
}, 60_000);

/** Teardown that cannot hang the run: a step still closing after 20 s is reported and left to the worker's exit. */
async function bounded(what: string, closing: Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`${what} was still closing after 20 s; left to the worker's exit`);
      resolve();
    }, 20_000);
  });
  await Promise.race([closing, late]);
  clearTimeout(timer);
}

// The proxy goes first, so nothing of the app can wait on a connection through it while the app closes. (Closing the
// app first sometimes never finished here, on PostgreSQL only; not understood yet.)
afterAll(async () => {
  await bounded('the proxy', proxy?.close());
  await bounded('the app', app?.close());
  await bounded('the database', shutDownBackend?.());
}, 90_000);

const placeOrder = (quantity: number) =>
  createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity }],
    amount: (14.5 * quantity).toFixed(2),
    ip: `10.55.${quantity}.${Math.floor(Math.random() * 250) + 1}`,
  });

const register = (form: Record<string, string>) =>
  call(app, 'POST', '/api/register', { body: form, ip: `10.56.0.${Math.floor(Math.random() * 250) + 1}` });

const pageIdOf = ({ paymentUrl }: { paymentUrl: string }) => new URL(paymentUrl).pathname.split('/').at(-1);

async function streamTypes(streamId: string): Promise<string[]> {
  return (await app.app.get<EventStore>(EVENT_STORE).readStream(streamId)).events.map((event) => event.type);
}

describe('writes across a database outage', () => {
  const acknowledged: { orderId: string }[] = [];
  let unpaid: { orderId: string; paymentUrl: string };
  const refusedForm = registrationForm();
  let ordersBefore = 0;

  it('acknowledges writes while the database is up', async () => {
    for (const quantity of [1, 2, 3]) {
      const placed = await placeOrder(quantity);
      expect(placed.status).toBe(200);
      const paid = await payInSandbox(app, String(placed.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
      expect(paid.status).toBe(303);
      acknowledged.push({ orderId: String(placed.body.orderId) });
    }
    const open = await placeOrder(4);
    unpaid = { orderId: String(open.body.orderId), paymentUrl: String(open.body.paymentUrl) };
    ordersBefore = (await query<{ n: number }>(app.database.em(), 'select count(*)::int as n from orders'))[0]!.n;
    // The processors' work (invoices, receipts, slips) is deliberately left in flight: it must survive the outage.
  });

  it('while the database is unreachable, answers every write with 503 DATABASE_UNAVAILABLE and stays up', async () => {
    await proxy.cut();
    const answers: ApiAnswer[] = [];
    // The first calls may meet connections the pool still believes open: those must fail the same way.
    for (let round = 0; round < 2; round++) {
      answers.push(await register(refusedForm));
      answers.push(await placeOrder(5));
      answers.push(await call(app, 'POST', '/api/cardcom/webhook', { body: { LowProfileId: pageIdOf(unpaid) } }));
    }
    for (const answer of answers) {
      // Some routes repeat the message in the spec's `error` field too.
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 503, body: UNAVAILABLE });
    }
    const card = await payInSandbox(app, unpaid.paymentUrl, { number: SANDBOX_APPROVED_CARD });
    expect(card.status).toBe(503);
    const health = await call(app, 'GET', '/api/health/database');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ success: false, error: 'unreachable' });
  });

  it(`works again within ${RECOVERY_BOUND_MS / 1000} seconds of the database returning`, async () => {
    await proxy.restore();
    const returned = Date.now();
    // The registration refused during the outage, sent again until it is taken: had any part of the refused one been
    // stored, this would be a 409 (phone taken) instead of a 201.
    let answer = await register(refusedForm);
    while (answer.status === 503 && Date.now() - returned < RECOVERY_BOUND_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await register(refusedForm);
    }
    const recoveredAfterMs = Date.now() - returned;
    expect(answer.status).toBe(201);
    expect(recoveredAfterMs).toBeLessThan(RECOVERY_BOUND_MS);
    expect((await call(app, 'GET', '/api/health/database')).status).toBe(200);
  });

  it('lost no acknowledged write, and half-applied none of the refused ones', async () => {
    const em = app.database.em();
    for (const { orderId } of acknowledged) {
      const [row] = await query<{ payment_status: string }>(em, 'select payment_status from orders where id = ?', [
        orderId,
      ]);
      expect(row?.payment_status).toBe('paid');
      expect((await streamTypes(`order-${orderId}`)).filter((type) => type === 'OrderPaid')).toHaveLength(1);
    }
    // The refused create-payments placed nothing; the refused card charged nothing.
    expect((await query<{ n: number }>(em, 'select count(*)::int as n from orders'))[0]!.n).toBe(ordersBefore);
    expect(await streamTypes(`order-${unpaid.orderId}`)).toEqual(['OrderPlaced', 'PaymentPageOpened']);
    // A sandbox page has no row until a card is tried on it (decision 015): the refused card wrote none.
    const [page] = await query<{ status: string }>(em, 'select status from sandbox_payments where low_profile_id = ?', [
      pageIdOf(unpaid),
    ]);
    expect(page).toBeUndefined();
    // The registration sent during and after the outage exists once.
    const phone = (
      await query<{ phone: string }>(em, 'select phone from businesses where email = ?', [refusedForm.email])
    ).map((row) => row.phone);
    expect(phone).toHaveLength(1);
    expect(await streamTypes(`business-${phone[0]}`)).toEqual(['BusinessRegistered']);
  });

  it('finishes the work left in flight and takes new orders to the end', async () => {
    const paid = await payInSandbox(app, unpaid.paymentUrl, { number: SANDBOX_APPROVED_CARD });
    expect(paid.status).toBe(303);
    await app.app.get(ProcessorRunner).runUntilIdle();
    for (const { orderId } of [...acknowledged, unpaid]) {
      const types = await streamTypes(`order-${orderId}`);
      for (const type of ['OrderPaid', 'InvoiceIssued', 'SlipQueued']) {
        expect(types.filter((candidate) => candidate === type)).toHaveLength(1);
      }
    }
    // A processor that met the outage retried; it did not park the events it could not handle then.
    expect(await query(app.database.em(), 'select processor, event_type from parked_events')).toEqual([]);
  });
});
