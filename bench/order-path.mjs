// The order path at a fixed arrival rate (DESIGN.md §4 steps 4-7, §8 "at least 500 paid orders per second over 16
// businesses, 200 for one business, on PostgreSQL; zero lost"). Each order is what a diner's browser and the provider
// do:
//   1. `POST /api/cardcom/create-payment` with a diner session cookie (places the order, opens the sandbox page);
//   2. the sandbox card page's form post with the approved test card (the provider settles and our side verifies);
//   3. the provider's webhook `POST /api/cardcom/webhook` (a repeat here: it must change nothing and answer 200);
//   4. the diner's thank-you page until the order is paid and the tax invoice processor issued its invoice: the pushed
//      answer `GET /api/orders/{departmentId}/{orderNumber}/wait` where the server has it, else the order read
//      `GET /api/orders/{departmentId}/{orderNumber}` polled.
// An order is "completed" at step 4. The orders are spread over the seeded businesses in turn. Arrivals follow a fixed
// schedule (open model): an order waiting for a free slot (at most `concurrency` in flight) still counts its latency
// from its scheduled arrival, so an overloaded server shows as latency and a lower completed rate, never as a
// politely slower client. At the end the owners' monthly reports must count exactly the completed orders as paid
// (summed over the businesses): anything else is lost (or doubled).
//
// The load generator is undici's Pool (keep-alive connections, no fetch/WHATWG streams layer), so the bench's own
// process costs little beside the server on a 2-core machine.
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { cpuBetween, cpuMs, postgresCpu } from './servers.mjs';
import { countsBetween } from './sql-proxy.mjs';

const SANDBOX_APPROVED_CARD = '4580000000000000';
const DINER_COOKIE = 'tafrit_diner';
/** The thank-you page's interval between reads of the order (frontend/src/diner/thank-you-page.tsx). */
const POLL_AT_MOST_MS = 2000;
/** Round-trip labels kept per run in the JSON, the busiest first. */
const TOP_LABELS = 15;

export const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const round1 = (value) => (value === null || value === undefined ? null : Math.round(value * 10) / 10);
const round2 = (value) => (value === null || value === undefined ? null : Math.round(value * 100) / 100);

export function latencySummary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50Ms: round1(percentile(sorted, 50)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.at(-1) ?? null),
  };
}

class StepError extends Error {
  constructor(step, detail) {
    super(`${step}: ${detail}`);
    this.step = step;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cart of two or three products of the business's menu, and its total as the diner's page shows it. */
function randomCart(products) {
  const lines = [];
  const count = Math.min(products.length, 2 + Math.floor(Math.random() * 2));
  while (lines.length < count) {
    const product = products[Math.floor(Math.random() * products.length)];
    if (!lines.some((line) => line.product === product)) lines.push({ product, quantity: 1 + (lines.length % 2) });
  }
  const totalAgorot = lines.reduce((sum, line) => sum + line.product.priceAgorot * line.quantity, 0);
  return { lines, amount: (totalAgorot / 100).toFixed(2) };
}

/** One request through the pool; the whole body is read (a connection goes back to the pool only then). */
async function send(pool, method, path, { headers = {}, body } = {}) {
  const response = await pool.request({ method, path, headers, body });
  const text = await response.body.text();
  // Only a JSON answer is parsed: a failed parse of the sandbox's page (or of a 303's empty body) throws, and building
  // that exception once per order was the load generator's largest single cost.
  const type = response.headers['content-type'];
  if (typeof type !== 'string' || !type.startsWith('application/json')) {
    return { status: response.statusCode, json: text.slice(0, 200) };
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text.slice(0, 200);
  }
  return { status: response.statusCode, json };
}

const settled = (order) => order?.paymentStatus === 'paid' && order.invoiceStatus === 'generated';

/**
 * Step 4 by the pushed answer: `/wait` answers once the order is paid and its invoice issued or failed, or after
 * about 25 s with the state as it is (then it is asked again). Returns false when the server has no such route
 * (a 404 for the route, not for the order): the caller polls instead, and `routes.wait` remembers it for the run.
 */
async function waitForOrder(pool, path, cookie, deadline, routes, steps) {
  while (performance.now() < deadline) {
    const asked = performance.now();
    const read = await send(pool, 'GET', `${path}/wait`, { headers: { cookie } });
    steps.waits = (steps.waits ?? 0) + 1;
    if (read.status === 404) {
      // The order's own 404 carries the order's code; anything else is the route that is not there (yet).
      if (read.json?.code !== 'order.not_found') routes.wait = false;
      return false;
    }
    routes.wait = true;
    if (read.status !== 200)
      throw new StepError('order wait', `${read.status} ${JSON.stringify(read.json).slice(0, 200)}`);
    if (settled(read.json.data)) return true;
    if (read.json.data?.invoiceStatus === 'failed') throw new StepError('invoice', 'the invoice failed');
    // Unfinished: normally after the server's own wait of about 25 s. One that answers at once is not asked again
    // at once (the loop is bounded by the deadline either way).
    if (performance.now() - asked < 1000) await sleep(200);
  }
  throw new StepError('caught up', 'not paid and invoiced before the deadline (waiting)');
}

/**
 * Step 4 by polling the order read, as the thank-you page did before `/wait`. Each read costs the server a query,
 * so they thin out as the wait grows: the next read after a quarter of the time waited so far, from 10 ms up to the
 * thank-you page's own interval (2 s). The completion time is thus known to within about a quarter of the wait, and
 * a server that falls behind is not asked more often than diners' pages would ask it (hundreds of orders waiting
 * seconds each, polled every 200 ms, made the reads half the server's requests).
 */
async function pollOrder(pool, path, cookie, deadline, steps) {
  const waitStarted = performance.now();
  for (;;) {
    const read = await send(pool, 'GET', path, { headers: { cookie } });
    steps.reads = (steps.reads ?? 0) + 1;
    if (read.status === 200 && settled(read.json.data)) return;
    if (read.json?.data?.invoiceStatus === 'failed') throw new StepError('invoice', 'the invoice failed');
    if (read.status !== 200)
      throw new StepError('order read', `${read.status} ${JSON.stringify(read.json).slice(0, 200)}`);
    const now = performance.now();
    if (now > deadline) throw new StepError('caught up', `not paid and invoiced before the deadline (polling)`);
    await sleep(Math.min(POLL_AT_MOST_MS, Math.max(10, (now - waitStarted) / 4)));
  }
}

/**
 * A diner session id of the cookie's shape (32 characters of base64url), unique in this process: a random prefix of
 * the run and a counter, rather than 24 random bytes per order (a measurable share of the load generator's CPU).
 */
const sessionPrefix = randomBytes(12).toString('base64url');
let sessions = 0;
const nextSession = () => sessionPrefix + (sessions++).toString(36).padStart(16, '0');

/** One diner's order from the cart to the issued invoice; the time of each step, in ms. */
async function oneOrder({ pool, shop, timeoutMs, routes }) {
  const { departmentId, products } = shop;
  const session = nextSession();
  const cookie = `${DINER_COOKIE}=${session}`;
  const { lines, amount } = randomCart(products);
  const steps = {};
  let mark = performance.now();
  const deadline = mark + timeoutMs;
  const lap = (name) => {
    const now = performance.now();
    steps[name] = now - mark;
    mark = now;
  };

  const created = await send(pool, 'POST', '/api/cardcom/create-payment', {
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      businessId: departmentId,
      amount,
      productName: 'הזמנה',
      returnValue: departmentId,
      cartData: JSON.stringify({
        items: lines.map(({ product, quantity }) => ({ productId: product.id, quantity, name: 'x', price: '1' })),
        totalAmount: amount,
        remarks: null,
        sessionId: 'bench',
        tableNumber: 1 + Math.floor(Math.random() * 20),
      }),
      orderItems: [],
      customerInfo: {},
    }),
  });
  const answer = created.json;
  if (created.status !== 200 || !answer.paymentUrl) {
    throw new StepError('create-payment', `${created.status} ${JSON.stringify(answer).slice(0, 200)}`);
  }
  lap('createPayment');

  const lowProfileId = new URL(answer.paymentUrl).pathname.split('/').at(-1);
  const paid = await send(pool, 'POST', `/pay/sandbox/${lowProfileId}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      name: 'ישראל ישראלי',
      number: SANDBOX_APPROVED_CARD,
      expiry: '12/30',
      cvv: '123',
    }).toString(),
  });
  if (paid.status !== 303)
    throw new StepError('sandbox payment', `${paid.status} (expected 303 to the thank-you page)`);
  lap('sandboxPayment');

  const webhook = await send(pool, 'POST', '/api/cardcom/webhook', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ LowProfileId: lowProfileId, ReturnValue: answer.orderId }),
  });
  if (webhook.status !== 200)
    throw new StepError('webhook', `${webhook.status} ${JSON.stringify(webhook.json).slice(0, 200)}`);
  lap('webhook');

  const path = `/api/orders/${departmentId}/${answer.orderNumber}`;
  const waited = routes.wait !== false && (await waitForOrder(pool, path, cookie, deadline, routes, steps));
  if (!waited) await pollOrder(pool, path, cookie, deadline, steps);
  steps.byWait = waited;
  lap('caughtUp');
  return steps;
}

/** The month in Israel (the report's months are Israel months). */
const israelMonth = (date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' }).format(date);

/** Paid orders as the owners' monthly reports count them, summed over the businesses (every month the run touched). */
async function paidOrdersInReports(pool, shops, months) {
  let total = 0;
  for (const shop of shops) {
    for (const month of months) {
      const { status, json } = await send(pool, 'GET', `/api/orders?month=${month}`, {
        headers: { authorization: `Bearer ${shop.token}` },
      });
      if (!json?.success) throw new Error(`monthly report ${month}: ${status} ${JSON.stringify(json).slice(0, 200)}`);
      total += json.data.summary.totalOrders;
    }
  }
  return total;
}

/** CPU ms of the product, and the proxy's counters when there is one: a point to measure a run between. */
async function mark(product) {
  return {
    cpu: cpuMs(product.pid),
    sql: await product.sql?.snapshot(),
    database: product.localPostgres ? postgresCpu() : undefined,
    bench: process.cpuUsage(),
  };
}

/**
 * Waits (at most `atMostMs`) until the product's background work has caught up after a run: the processors that
 * react to the orders (reports, commissions, printing...) may still be working when the last diner saw its invoice,
 * and their SQL and CPU belong to the orders. Quiet means a 250 ms window with no more round trips (or, without the
 * proxy, no more CPU) than the idle rate measured before the run, plus a little.
 */
async function settle(product, idle, atMostMs = 10_000) {
  const until = performance.now() + atMostMs;
  let last = await mark(product);
  while (performance.now() < until) {
    await sleep(250);
    const now = await mark(product);
    const quiet = last.sql
      ? now.sql.roundTrips + now.sql.dinerReadRoundTrips - last.sql.roundTrips - last.sql.dinerReadRoundTrips <=
        idle.roundTripsPer250Ms + 3
      : now.cpu === undefined || now.cpu - last.cpu <= idle.cpuMsPer250Ms + 10;
    last = now;
    if (quiet) return;
  }
}

const cpuUsageMs = ({ user, system }) => (user + system) / 1000;
const perOrder = (ms, completed) => (ms === undefined || completed === 0 ? undefined : round2(ms / completed));

/** The idle rates of the product (before a run): what `settle` may ignore. */
async function idleRates(product) {
  const before = await mark(product);
  await sleep(500);
  const after = await mark(product);
  return {
    roundTripsPer250Ms: before.sql
      ? (after.sql.roundTrips +
          after.sql.dinerReadRoundTrips -
          before.sql.roundTrips -
          before.sql.dinerReadRoundTrips) /
        2
      : 0,
    cpuMsPer250Ms: before.cpu === undefined ? 0 : (after.cpu - before.cpu) / 2,
  };
}

/** The SQL a run cost, per paid order, from the proxy's counters (undefined without the proxy). */
function sqlPerOrder(before, after, completed) {
  if (!before || !after || completed === 0) return undefined;
  const run = countsBetween(before, after);
  const per = (value) => round2(value / completed);
  const top = Object.entries(run.labels)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_LABELS)
    .map(([label, roundTrips]) => ({ label, perOrder: per(roundTrips), roundTrips }));
  return {
    roundTripsPerOrder: per(run.roundTrips),
    statementsPerOrder: per(run.statements),
    commitsPerOrder: per(run.commits),
    autocommitsPerOrder: per(run.autocommits),
    dinerReadRoundTripsPerOrder: per(run.dinerReadRoundTrips),
    dinerReadStatementsPerOrder: per(run.dinerReadStatements),
    rollbacks: run.rollbacks,
    serverErrors: run.errors,
    connectionsOpened: run.connections,
    proxyCpuMsPerOrder: per(run.cpuMs),
    totals: {
      roundTrips: run.roundTrips,
      statements: run.statements,
      commits: run.commits,
      dinerReadRoundTrips: run.dinerReadRoundTrips,
      dinerReadStatements: run.dinerReadStatements,
    },
    topRoundTrips: top,
  };
}

/**
 * Runs `rate` orders per second for `seconds` with at most `concurrency` in flight, on `product` ({ url, pid, sql })
 * and the seeded `shops` ([{ departmentId, token, products }]; order i goes to shop i modulo their number).
 * `routes` ({ wait }) is shared between runs: whether the server answers `/wait` (undefined until known).
 */
export async function benchOrderPath({
  product,
  shops,
  rate,
  seconds,
  concurrency,
  routes = {},
  timeoutMs = 60_000,
  giveUpAfterMs = Math.max(5_000, seconds * 1000),
}) {
  const arrivals = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const months = new Set([israelMonth(new Date())]);
  // A connection per order in flight (an order has one request at a time), and a few for the reports.
  const pool = new Pool(product.url, {
    connections: concurrency + 4,
    pipelining: 1,
    headersTimeout: 40_000,
    bodyTimeout: 40_000,
  });
  try {
    const paidBefore = await paidOrdersInReports(pool, shops, months);
    const idle = await idleRates(product);
    const latencies = [];
    const serviceTimes = [];
    const stepTimes = { createPayment: [], sandboxPayment: [], webhook: [], caughtUp: [] };
    let orderReads = 0;
    let orderWaits = 0;
    let byWait = 0;
    const errors = [];
    const waiting = [];
    let scheduled = 0;
    let inFlight = 0;
    let finished = 0;
    let firstCompletion = 0;
    let lastCompletion = 0;
    const before = await mark(product);
    const start = performance.now() + 20;
    const giveUpAt = start + seconds * 1000 + giveUpAfterMs;
    let notStarted = 0;

    await new Promise((allDone) => {
      const launch = (arrival, index) => {
        inFlight++;
        const startedAt = performance.now();
        oneOrder({ pool, shop: shops[index % shops.length], timeoutMs, routes })
          .then((steps) => {
            const now = performance.now();
            latencies.push(now - arrival);
            serviceTimes.push(now - startedAt);
            const { reads = 0, waits = 0, byWait: waited, ...laps } = steps;
            orderReads += reads;
            orderWaits += waits;
            if (waited) byWait++;
            for (const [name, ms] of Object.entries(laps)) stepTimes[name].push(ms);
            firstCompletion ||= now;
            lastCompletion = now;
          })
          .catch((error) => errors.push(error.step ? error.message : `network: ${error.message}`))
          .finally(() => {
            inFlight--;
            finished++;
            pump();
          });
      };
      const pump = () => {
        const now = performance.now();
        while (scheduled < arrivals && start + scheduled * interval <= now) {
          waiting.push({ arrival: start + scheduled * interval, index: scheduled });
          scheduled++;
        }
        // A server that cannot keep up would make the run last as long as its backlog: past the give-up time the
        // arrivals not yet started are dropped and reported as not started (neither errors nor lost: never sent).
        if (now > giveUpAt && waiting.length > 0) {
          notStarted += waiting.length;
          finished += waiting.length;
          waiting.length = 0;
        }
        while (waiting.length > 0 && inFlight < concurrency) {
          const { arrival, index } = waiting.shift();
          launch(arrival, index);
        }
        if (finished === arrivals) allDone();
      };
      const tick = () => {
        pump();
        if (scheduled < arrivals) setTimeout(tick, Math.max(0, start + scheduled * interval - performance.now()));
        else if (waiting.length > 0) setTimeout(tick, Math.max(0, giveUpAt - performance.now()) + 1);
      };
      setTimeout(tick, 20);
    });

    await settle(product, idle);
    const after = await mark(product);
    months.add(israelMonth(new Date()));
    const completed = latencies.length;
    const paidInReport = (await paidOrdersInReports(pool, shops, months)) - paidBefore;
    // The rate orders were completed at, between the first and the last completion: equal to the offered rate when
    // the server keeps up, its capacity when it does not (the first order's own latency is not counted as idle time).
    const completionSeconds = (lastCompletion - firstCompletion) / 1000;
    const steps = Object.fromEntries(
      Object.entries(stepTimes).map(([name, values]) => [name, latencySummary(values).p50Ms]),
    );
    return {
      businesses: shops.length,
      offeredPerSecond: rate,
      seconds,
      concurrency,
      arrivals,
      notStarted,
      completed,
      completedPerSecond: completed > 1 ? round1((completed - 1) / completionSeconds) : 0,
      latency: latencySummary(latencies),
      serviceTime: latencySummary(serviceTimes),
      stepP50Ms: steps,
      // How the diners learnt their order was done: by the pushed answer (`/wait`) or by polling the order read.
      completion: byWait === completed ? 'wait' : byWait === 0 ? 'polling' : 'wait and polling',
      completedByWait: byWait,
      orderReadsPerOrder: completed > 0 ? round1(orderReads / completed) : 0,
      orderWaitsPerOrder: completed > 0 ? round1(orderWaits / completed) : 0,
      errors: errors.length,
      errorSamples: [...new Set(errors)].slice(0, 5),
      paidInReport,
      // Completed here but not paid in the reports: lost. Paid in the reports beyond those completed: an order that
      // failed on our side (an error above) was paid anyway, or one was counted twice.
      lost: Math.max(0, completed - paidInReport),
      extraPaid: Math.max(0, paidInReport - completed),
      // On PostgreSQL the database's own CPU is not in it; on PGlite it is (the database runs in the product).
      serverCpuMsPerOrder: perOrder(
        before.cpu === undefined || after.cpu === undefined ? undefined : after.cpu - before.cpu,
        completed,
      ),
      sql: sqlPerOrder(before.sql, after.sql, completed),
      // What else the run cost this machine's two cores (information): PostgreSQL's processes when the database is on
      // this machine, and this load generator itself. With the server's, their sum bounds the rate the machine can do.
      databaseCpuMsPerOrder: perOrder(cpuBetween(before.database, after.database), completed),
      loadGeneratorCpuMsPerOrder: perOrder(cpuUsageMs(after.bench) - cpuUsageMs(before.bench), completed),
    };
  } finally {
    await pool.close();
  }
}
