import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, existsSync } from 'node:fs';
import type { Database } from '../../src/platform/database/database.js';
import { query } from '../../src/platform/database/sql.js';
import { newPhone, signInAdmin, type SmsLine } from '../support/accounts.js';
import { dinerPays, openCafe, type Cafe, type Traffic } from './diner-traffic.js';
import { clientOf, productHost, runRebuild, waitUntilDrained, type ProductHost } from './product-process.js';
import { openStoredDatabase, orderEventCounts, parkedEvents, processorStates } from './stored-state.js';

// The built product as a real process, killed with SIGKILL while diners order and pay, and started again on the same
// DATA_DIR (PGlite) or database (PostgreSQL, with TEST_DATABASE_URL). Afterwards every order acknowledged as paid is
// there exactly once, every processor has drained the log, and no invoice, receipt SMS or slip exists twice.

const DINERS = 4;
const ORDERS_PER_DINER = 8;
const KILLS = 3;
const ORDERS = DINERS * ORDERS_PER_DINER;

const PROCESSORS = [
  'auto-accept',
  'cancelled-slip',
  'invoice-allocation',
  'live-orders',
  'monthly-commissions',
  'numbers',
  'overpaid-parts',
  'platform-documents',
  'ready-sms',
  'receipt-sms',
  'slip-dispatch',
  'tab-rounds',
  'table-orders',
  'table-payments',
  'tax-documents',
  'team-activity',
];

let host: ProductHost;
let cafes: Cafe[];
let traffic: Traffic;
let database: Database;
let kills = 0;

const until = async (condition: () => boolean, deadline: number) => {
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('orders stopped flowing');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

beforeAll(async () => {
  host = await productHost();
  await host.start();
  const client = clientOf(host);
  // Two businesses, so invoice numbering is checked per business.
  cafes = [await openCafe(client, newPhone()), await openCafe(client, newPhone())];
  traffic = { acknowledged: [], interrupted: 0 };
  // Generous: a loaded two-core machine takes tens of seconds to start the product.
  const deadline = Date.now() + 400_000;

  const diners = Promise.all(
    Array.from({ length: DINERS }, async (_, diner) => {
      for (let n = 0; n < ORDERS_PER_DINER; n++) {
        const cafe = cafes[(diner + n) % cafes.length]!;
        await dinerPays(client, cafe, { traffic, ip: `10.66.${diner}.${n + 1}`, deadline });
      }
    }),
  );
  const killer = (async () => {
    for (let kill = 1; kill <= KILLS; kill++) {
      // Spread over the run, at a moment the diners choose: whatever request or processor step is in flight dies.
      await until(() => traffic.acknowledged.length >= Math.floor((ORDERS * kill) / (KILLS + 1)), deadline);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 40)));
      await host.kill();
      kills++;
      await host.start();
    }
  })();
  await Promise.all([diners, killer]);

  const { token } = await signInAdmin(clientOf(host));
  await waitUntilDrained(host, token);
  await host.stop();
  database = await openStoredDatabase(host);
}, 600_000);

afterAll(async () => {
  if (database && database.status !== 'closed') await database.close();
  await host?.dispose();
});

describe(`orders while the server is killed ${KILLS} times (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the kills cut into live traffic', () => {
    expect(kills).toBe(KILLS);
    expect(traffic.interrupted).toBeGreaterThan(0);
    expect(traffic.acknowledged).toHaveLength(ORDERS);
  });

  it('every order acknowledged as paid exists exactly once, paid; no other order is paid', async () => {
    const acknowledged = new Set(traffic.acknowledged);
    expect(acknowledged.size).toBe(ORDERS);
    const paid = await query<{ id: string }>(
      database.em(),
      `select id from orders where payment_status = 'paid' and status = 'paid' order by id`,
    );
    expect(paid.map((row) => row.id)).toEqual([...acknowledged].sort());
    const counts = await orderEventCounts(database);
    for (const orderId of acknowledged) {
      expect(counts.get(orderId)).toMatchObject({ OrderPlaced: 1, OrderPaid: 1 });
    }
  });

  it('every processor drained the log: checkpoints at its end, nothing parked', async () => {
    const states = await processorStates(database);
    expect(states.map((state) => state.name)).toEqual(PROCESSORS);
    for (const state of states) expect(state).toEqual({ name: state.name, atLogEnd: true });
    expect(await parkedEvents(database)).toEqual([]);
  });

  it('one invoice per paid order, numbered without gap or repeat per business', async () => {
    const counts = await orderEventCounts(database);
    for (const orderId of traffic.acknowledged) {
      expect(counts.get(orderId)?.InvoiceIssued).toBe(1);
      expect(counts.get(orderId)?.InvoiceFailed).toBeUndefined();
    }
    const invoices = await query<{ business_id: string; numbers: number[] }>(
      database.em(),
      `select business_id, array_agg(invoice_number::int order by invoice_number::int) as numbers
         from orders where invoice_number is not null group by business_id`,
    );
    expect(invoices).toHaveLength(cafes.length);
    for (const { numbers } of invoices) expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('one slip per paid order, and the consoles and commissions count each order once', async () => {
    const counts = await orderEventCounts(database);
    for (const orderId of traffic.acknowledged) expect(counts.get(orderId)?.SlipQueued).toBe(1);
    const [slips] = await query<{ slips: number; orders: number }>(
      database.em(),
      'select count(*)::int as slips, count(distinct order_id)::int as orders from print_slips',
    );
    expect(slips).toEqual({ slips: ORDERS, orders: ORDERS });
    const [live] = await query<{ paid: number }>(
      database.em(),
      `select count(distinct payload->'order'->>'orderId')::int as paid from live_events where payload->>'kind' = 'order.paid'`,
    );
    expect(live?.paid).toBe(ORDERS);
    const [commissions] = await query<{ orders: number }>(
      database.em(),
      'select coalesce(sum(total_orders), 0)::int as orders from monthly_commissions',
    );
    expect(commissions?.orders).toBe(ORDERS);
  });

  it('at most one receipt SMS per order, and exactly one where the log says it was sent', async () => {
    const lines: SmsLine[] = existsSync(host.smsLogFile)
      ? readFileSync(host.smsLogFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as SmsLine)
      : [];
    const orders = await query<{ id: string; order_number: number; business_id: string }>(
      database.em(),
      `select id, order_number, business_id from orders where payment_status = 'paid'`,
    );
    const counts = await orderEventCounts(database);
    let sent = 0;
    for (const order of orders) {
      const cafe = cafes.find((candidate) => candidate.owner.phone === order.business_id)!;
      const receipts = lines.filter(
        // "#1" must not match "#12": the number ends where the digits do.
        (line) =>
          line.kind === 'receipt' &&
          line.to === cafe.receiptPhone &&
          new RegExp(`#${order.order_number}(?!\\d)`).test(line.text),
      );
      const events = counts.get(order.id) ?? {};
      // A crash between the gateway and the log is recorded as a failure and never resent: at most once.
      expect((events.ReceiptSmsSent ?? 0) + (events.ReceiptSmsFailed ?? 0)).toBe(1);
      expect(receipts.length).toBeLessThanOrEqual(1);
      if (events.ReceiptSmsSent) expect(receipts).toHaveLength(1);
      sent += receipts.length;
    }
    expect(sent).toBeGreaterThan(0);
  });

  it('the read models equal their rebuild from the log', async () => {
    // One process at a time opens a PGlite folder: the script's turn.
    await database.close();
    const rebuild = await runRebuild(host);
    expect(rebuild.output).toContain('Every read model equals its rebuild.');
    expect(rebuild.code).toBe(0);
  }, 180_000);
});
