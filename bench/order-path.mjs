// The order path at a fixed arrival rate (DESIGN.md §4 steps 4-7, §8 "at least 200 paid orders per second on
// PostgreSQL, zero lost"). Each order is what a diner's browser and the provider do:
//   1. `POST /api/cardcom/create-payment` with a diner session cookie (places the order, opens the sandbox page);
//   2. the sandbox card page's form post with the approved test card (the provider settles and our side verifies);
//   3. the provider's webhook `POST /api/cardcom/webhook` (a repeat here: it must change nothing and answer 200);
//   4. the diner's order read, until the read model shows it paid and the tax invoice processor issued its invoice.
// An order is "completed" at step 4. Arrivals follow a fixed schedule (open model): an order waiting for a free slot
// (at most `concurrency` in flight) still counts its latency from its scheduled arrival, so an overloaded server shows
// as latency and a lower completed rate, never as a politely slower client. At the end the owner's monthly report must
// count exactly the completed orders as paid: anything else is lost (or doubled).
import { randomBytes } from 'node:crypto';
import { cpuMs } from './servers.mjs';

const SANDBOX_APPROVED_CARD = '4580000000000000';
const DINER_COOKIE = 'tafrit_diner';

export const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const round1 = (value) => (value === null ? null : Math.round(value * 10) / 10);

function latencySummary(values) {
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

/** A cart of two or three products of the seeded menu, and its total as the diner's page shows it. */
function randomCart(products) {
  const lines = [];
  const count = 2 + Math.floor(Math.random() * 2);
  while (lines.length < count) {
    const product = products[Math.floor(Math.random() * products.length)];
    if (!lines.some((line) => line.product === product)) lines.push({ product, quantity: 1 + (lines.length % 2) });
  }
  const totalAgorot = lines.reduce((sum, line) => sum + line.product.priceAgorot * line.quantity, 0);
  return { lines, amount: (totalAgorot / 100).toFixed(2) };
}

async function readBody(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

/** One diner's order from the cart to the issued invoice; the time of each step, in ms. */
async function oneOrder({ url, departmentId, products, timeoutMs }) {
  const session = randomBytes(24).toString('base64url');
  const cookie = `${DINER_COOKIE}=${session}`;
  const { lines, amount } = randomCart(products);
  const steps = {};
  let mark = performance.now();
  const lap = (name) => {
    const now = performance.now();
    steps[name] = now - mark;
    mark = now;
  };

  const created = await fetch(`${url}/api/cardcom/create-payment`, {
    method: 'POST',
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
  const answer = await readBody(created);
  if (created.status !== 200 || !answer.paymentUrl) {
    throw new StepError('create-payment', `${created.status} ${JSON.stringify(answer).slice(0, 200)}`);
  }
  lap('createPayment');

  const lowProfileId = new URL(answer.paymentUrl).pathname.split('/').at(-1);
  const paid = await fetch(`${url}/pay/sandbox/${lowProfileId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'ישראל ישראלי', number: SANDBOX_APPROVED_CARD, expiry: '12/30', cvv: '123' }),
  });
  await paid.arrayBuffer();
  if (paid.status !== 303)
    throw new StepError('sandbox payment', `${paid.status} (expected 303 to the thank-you page)`);
  lap('sandboxPayment');

  const webhook = await fetch(`${url}/api/cardcom/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ LowProfileId: lowProfileId, ReturnValue: answer.orderId }),
  });
  const hooked = await readBody(webhook);
  if (webhook.status !== 200)
    throw new StepError('webhook', `${webhook.status} ${JSON.stringify(hooked).slice(0, 200)}`);
  lap('webhook');

  // The reads are the diner's thank-you page asking; each costs the server a query, so they thin out as the wait
  // grows: the next read after a quarter of the time waited so far (10 ms to 200 ms). The completion time is thus
  // known to within about a quarter of the wait, and a slow catch-up is not made slower by a storm of reads.
  const waitStarted = performance.now();
  const deadline = waitStarted + timeoutMs;
  for (;;) {
    const read = await fetch(`${url}/api/orders/${departmentId}/${answer.orderNumber}`, { headers: { cookie } });
    const order = await readBody(read);
    steps.reads = (steps.reads ?? 0) + 1;
    if (read.status === 200 && order.data?.paymentStatus === 'paid' && order.data.invoiceStatus === 'generated') break;
    if (order.data?.invoiceStatus === 'failed') throw new StepError('invoice', 'the invoice failed');
    if (read.status !== 200) throw new StepError('order read', `${read.status} ${JSON.stringify(order).slice(0, 200)}`);
    const now = performance.now();
    if (now > deadline) throw new StepError('caught up', `not paid and invoiced after ${timeoutMs} ms`);
    await sleep(Math.min(200, Math.max(10, (now - waitStarted) / 4)));
  }
  lap('caughtUp');
  return steps;
}

/** The month in Israel (the report's months are Israel months). */
const israelMonth = (date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' }).format(date);

/** Paid orders of the business as its owner's monthly report counts them (every month the run touched). */
async function paidOrdersInReport(url, token, months) {
  let total = 0;
  for (const month of months) {
    const response = await fetch(`${url}/api/orders?month=${month}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (!body.success) throw new Error(`monthly report ${month}: ${response.status} ${JSON.stringify(body)}`);
    total += body.data.summary.totalOrders;
  }
  return total;
}

/**
 * Runs `rate` orders per second for `seconds` with at most `concurrency` in flight, on `product` ({ url, pid }) and
 * the seeded `shop` ({ departmentId, token, products }).
 */
export async function benchOrderPath({
  product,
  shop,
  rate,
  seconds,
  concurrency,
  timeoutMs = 60_000,
  giveUpAfterMs = Math.max(5_000, seconds * 1000),
}) {
  const arrivals = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const months = new Set([israelMonth(new Date())]);
  const paidBefore = await paidOrdersInReport(product.url, shop.token, months);
  const latencies = [];
  const serviceTimes = [];
  const stepTimes = { createPayment: [], sandboxPayment: [], webhook: [], caughtUp: [] };
  let orderReads = 0;
  const errors = [];
  const waiting = [];
  let scheduled = 0;
  let inFlight = 0;
  let finished = 0;
  let firstCompletion = 0;
  let lastCompletion = 0;
  const cpuBefore = cpuMs(product.pid);
  const start = performance.now() + 20;
  const giveUpAt = start + seconds * 1000 + giveUpAfterMs;
  let notStarted = 0;

  await new Promise((allDone) => {
    const launch = (arrival) => {
      inFlight++;
      const startedAt = performance.now();
      oneOrder({ url: product.url, ...shop, timeoutMs })
        .then((steps) => {
          const now = performance.now();
          latencies.push(now - arrival);
          serviceTimes.push(now - startedAt);
          const { reads, ...laps } = steps;
          orderReads += reads;
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
      while (scheduled < arrivals && start + scheduled * interval <= now) waiting.push(start + scheduled++ * interval);
      // A server that cannot keep up would make the run last as long as its backlog: past the give-up time the
      // arrivals not yet started are dropped and reported as not started (neither errors nor lost: never sent).
      if (now > giveUpAt && waiting.length > 0) {
        notStarted += waiting.length;
        finished += waiting.length;
        waiting.length = 0;
      }
      while (waiting.length > 0 && inFlight < concurrency) launch(waiting.shift());
      if (finished === arrivals) allDone();
    };
    const tick = () => {
      pump();
      if (scheduled < arrivals) setTimeout(tick, Math.max(0, start + scheduled * interval - performance.now()));
      else if (waiting.length > 0) setTimeout(tick, Math.max(0, giveUpAt - performance.now()) + 1);
    };
    setTimeout(tick, 20);
  });

  const cpuAfter = cpuMs(product.pid);
  months.add(israelMonth(new Date()));
  const completed = latencies.length;
  const paidInReport = (await paidOrdersInReport(product.url, shop.token, months)) - paidBefore;
  // The rate orders were completed at, between the first and the last completion: equal to the offered rate when the
  // server keeps up, its capacity when it does not (the first order's own latency is not counted as idle time).
  const completionSeconds = (lastCompletion - firstCompletion) / 1000;
  const steps = Object.fromEntries(
    Object.entries(stepTimes).map(([name, values]) => [name, latencySummary(values).p50Ms]),
  );
  return {
    offeredPerSecond: rate,
    seconds,
    concurrency,
    arrivals,
    notStarted,
    completed,
    completedPerSecond: completed > 1 ? Math.round(((completed - 1) / completionSeconds) * 10) / 10 : 0,
    latency: latencySummary(latencies),
    serviceTime: latencySummary(serviceTimes),
    stepP50Ms: steps,
    orderReadsPerOrder: completed > 0 ? Math.round((orderReads / completed) * 10) / 10 : 0,
    errors: errors.length,
    errorSamples: [...new Set(errors)].slice(0, 5),
    paidInReport,
    // Completed here but not paid in the report: lost. Paid in the report beyond those completed: an order that
    // failed on our side (an error above) was paid anyway, or one was counted twice.
    lost: Math.max(0, completed - paidInReport),
    extraPaid: Math.max(0, paidInReport - completed),
    serverCpuMsPerOrder:
      cpuBefore === undefined || cpuAfter === undefined || completed === 0
        ? undefined
        : Math.round(((cpuAfter - cpuBefore) / completed) * 10) / 10,
  };
}
