// `npm run bench`: measures the budgets of DESIGN.md §8 on the built product and compares each with its budget.
// - the diner menu page's JavaScript before interaction (gzipped), from the built diner.html (diner-js.mjs);
// - the public menu API on a menu of 150 products beside a bare Fastify "hello", and p99 at 1,000 req/s (menu.mjs);
// - Lighthouse mobile on the diner menu page and the landing page, median of 3 runs (lighthouse.mjs);
// - the order path at a fixed rate: create-payment, sandbox payment, webhook, until paid and invoiced (order-path.mjs);
// - server start on an existing embedded database: the product stopped and started again on its data folder.
// It runs on the embedded database, or on PostgreSQL when DATABASE_URL is set (the start is always measured on an
// embedded one: that is the budget). A full run writes bench/results/latest.json and latest.md (the README's table),
// or latest-postgres.json and latest-postgres.md on PostgreSQL. See bench/README.md.
//
// Switches (environment):
//   BENCH_QUICK=1            a smoke run (about 2 minutes): 3 s per load run, 1 Lighthouse run per page, 1 restart
//   BENCH_SECONDS=10         seconds of each menu load run and of order arrivals (BENCH_ORDER_SECONDS overrides the latter)
//   BENCH_ORDER_RATE         orders per second offered (default 200 on PostgreSQL, the budget; 20 on PGlite)
//   BENCH_ORDER_CONCURRENCY  orders in flight at most (default 32)
//   BENCH_LIGHTHOUSE_RUNS    runs per page (default 3; the median is kept)
//   BENCH_ONLY=menu,lighthouse,orders,start   only these parts (the results go to bench/results/partial.json)
//   CHROME_PATH              the browser for Lighthouse (default /usr/bin/chromium)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { dinerJavaScript } from './diner-js.mjs';
import { benchMenu, MENU_METHOD } from './menu.mjs';
import { benchOrderPath } from './order-path.mjs';
import { budgetRows, markdownTable, printTable } from './report.mjs';
import { root, seedMenu, startHello, startProduct } from './servers.mjs';

const PARTS = ['menu', 'lighthouse', 'orders', 'start'];
const env = process.env;
const quick = ['1', 'true', 'yes'].includes(env.BENCH_QUICK ?? '');
const only = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((part) => part.trim())) : new Set(PARTS);
const postgres = Boolean(env.DATABASE_URL);
const settings = {
  quick,
  seconds: Number(env.BENCH_SECONDS ?? (quick ? 3 : 10)),
  orderRate: Number(env.BENCH_ORDER_RATE ?? (postgres ? 200 : 20)),
  orderConcurrency: Number(env.BENCH_ORDER_CONCURRENCY ?? 32),
  lighthouseRuns: Number(env.BENCH_LIGHTHOUSE_RUNS ?? (quick ? 1 : 3)),
  restarts: quick ? 1 : 3,
};
settings.orderSeconds = Number(env.BENCH_ORDER_SECONDS ?? settings.seconds);
const database = postgres ? 'PostgreSQL' : 'PGlite (embedded)';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Stops an embedded product and starts it again on the same data folder, `times` times: the time until it listens. */
async function measureRestarts(product, times) {
  const runs = [];
  let current = product;
  for (let i = 0; i < times; i++) {
    await current.stop({ keepData: true });
    current = await startProduct({ dataDir: current.dataDir, embedded: true });
    runs.push(current.startMs);
  }
  await current.stop();
  return { runs, medianMs: median(runs) };
}

const results = { at: new Date().toISOString(), database, settings, machine: machineFacts() };
results.diner = dinerJavaScript();
log(`${database}; ${quick ? 'quick' : 'full'} run: ${[...only].join(', ')}`);

const hello = only.has('menu') ? await startHello() : undefined;
let product = await startProduct();
try {
  const shop = await seedMenu(product.url);
  log(`menu of ${shop.products.length} products at /menu/${shop.departmentId}`);

  if (only.has('menu')) {
    log(`public menu API: ${settings.seconds} s per run`);
    const { method: _method, ...menu } = await benchMenu({ hello, product, ...shop, seconds: settings.seconds });
    results.menu = { method: MENU_METHOD, seconds: settings.seconds, ...menu };
  }
  hello?.stop();

  if (only.has('lighthouse')) {
    const { benchLighthouse } = await import('./lighthouse.mjs');
    results.lighthouse = {};
    for (const [page, path] of [
      ['diner menu page', `/menu/${shop.departmentId}`],
      ['landing page', '/'],
    ]) {
      log(`Lighthouse: ${page}, ${settings.lighthouseRuns} run(s)`);
      results.lighthouse[page] = await benchLighthouse(`${product.url}${path}`, settings.lighthouseRuns);
    }
  }

  if (only.has('orders')) {
    log(`order path: ${settings.orderRate}/s for ${settings.orderSeconds} s, ${settings.orderConcurrency} in flight`);
    results.orders = await benchOrderPath({
      product,
      shop,
      rate: settings.orderRate,
      seconds: settings.orderSeconds,
      concurrency: settings.orderConcurrency,
    });
  }

  if (only.has('start')) {
    // On PGlite: this very database, with the menu and the orders of the run. On PostgreSQL: an embedded one of its own.
    const embedded = postgres ? await startProduct({ embedded: true }) : product;
    log(`server start: ${settings.restarts} restart(s) on an existing embedded database`);
    results.start = await measureRestarts(embedded, settings.restarts);
    if (embedded === product) product = undefined;
  }
} finally {
  hello?.stop();
  await product?.stop();
}

const rows = budgetRows({ ...results, postgres });
const heading =
  `Benchmark of ${results.at.slice(0, 10)} on ${database}, ${quick ? 'quick' : 'full'} run (${settings.seconds} s ` +
  `load runs; menu: hello and menu alternated in 2 rounds, better of each; orders: fixed arrival rate; ` +
  `Lighthouse: median of ${settings.lighthouseRuns}) on ${results.machine.cpus} x ${results.machine.cpuModel}`;
console.log(`\n${heading}\n`);
printTable(rows);
results.table = rows;

const complete = PARTS.every((part) => only.has(part));
const name = !complete ? 'partial' : quick ? 'quick' : postgres ? 'latest-postgres' : 'latest';
const folder = join(root, 'bench/results');
mkdirSync(folder, { recursive: true });
// Formatted as the repository's Prettier formats it, so `npm run lint` stays green after a run.
const prettier = await import('prettier');
const jsonFile = join(folder, `${name}.json`);
const options = { ...(await prettier.resolveConfig(jsonFile)), filepath: jsonFile };
writeFileSync(jsonFile, await prettier.format(JSON.stringify(results), options));
writeFileSync(join(folder, `${name}.md`), markdownTable(rows, `${heading}.`));
console.log(`\nWritten to bench/results/${name}.json and ${name}.md`);

/** What the figures depend on; the load average says how busy the (shared) machine was when the run began. */
function machineFacts() {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    loadAverage: loadavg(),
    node: process.version,
  };
}
