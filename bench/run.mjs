// `npm run bench`: measures the budgets of DESIGN.md §8 on the built product and compares each with its budget.
// - the diner menu page's JavaScript before interaction (gzipped), from the built diner.html (diner-js.mjs);
// - the public menu API on a menu of 150 products beside a bare Fastify "hello", the p99 of both at 1,000 req/s in the
//   same window (fixed-rate.mjs), and the menu's p99 while orders flow (menu.mjs);
// - Lighthouse mobile on the diner menu page, the landing page, registration, login, and the diner's cart (two items),
//   checkout (payment page opened) and thank-you (after a sandbox payment) pages, median of 3 runs (lighthouse.mjs);
// - the order path at a fixed rate over 16 businesses and over one: create-payment, sandbox payment, webhook, until
//   paid and invoiced (order-path.mjs), with SQL round trips and commits per paid order counted by a proxy in front of
//   PostgreSQL (sql-proxy.mjs) and the server's CPU per paid order;
// - server start on an existing embedded database: the product stopped and started again on its data folder;
// - the owner's numbers page on a café with a year of orders: each data request for a year's range (p95) and the
//   page's LCP, on a data folder of its own written through the order's write path (numbers.mjs).
// It runs on the embedded database, or on PostgreSQL when DATABASE_URL is set (the start is always measured on an
// embedded one: that is the budget). A full run writes bench/results/latest.json and latest.md (the README's table),
// or latest-postgres.json and latest-postgres.md on PostgreSQL. See bench/README.md.
//
// Switches (environment), all described in bench/README.md:
//   BENCH_QUICK=1            a smoke run (2-3 minutes): 3 s per load run, 1 Lighthouse run per page, 1 restart,
//                            the extra businesses with 30 products each
//   BENCH_SECONDS=10         seconds of each menu load run and of order arrivals (BENCH_ORDER_SECONDS overrides the latter)
//   BENCH_BUSINESSES=16      businesses the main order run spreads its orders over
//   BENCH_ORDER_RATE         orders per second offered over the businesses (default 600 on PostgreSQL, 180 on PGlite)
//   BENCH_ORDER_RATE_ONE     orders per second offered to one business (default 240 on PostgreSQL, 180 on PGlite)
//   BENCH_ORDER_CONCURRENCY  orders in flight at most (default 256)
//   BENCH_MENU_RATE=1000     the fixed rate of the menu's and hello's p99
//   BENCH_MENU_ORDER_RATE=100  orders per second flowing while the menu's p99 is measured again
//   BENCH_SQL_PROXY=0        no counting run through the proxy (no SQL counts)
//   BENCH_SQL_RATE=200       orders per second of the counting run (PostgreSQL): the product restarted behind the
//                            counting proxy, over the same businesses; the rate runs go straight to PostgreSQL
//   BENCH_LIGHTHOUSE_RUNS    runs per page (default 3; the median is kept)
//   BENCH_ONLY=menu,lighthouse,orders,start,numbers,table-sync   only these parts (the results go to bench/results/partial.json)
//   BENCH_NUMBERS_ORDERS=50000  the year of orders of the numbers part's café (bench/year-of-orders.mjs)
//   BENCH_NUMBERS_REQUESTS=20   timed requests of each of the numbers page's data requests
//   BENCH_NUMBERS_DIR           the data folder holding that year (written once, reused; default in the system's tmp)
//   BENCH_PAGES=cart,login   only the Lighthouse pages whose name contains one of these words (a partial run)
//   CHROME_PATH              the browser for Lighthouse (default /usr/bin/chromium)
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { dinerJavaScript } from './diner-js.mjs';
import { benchMenu, MENU_METHOD, menuUnderOrders } from './menu.mjs';
import { benchNumbers } from './numbers.mjs';
import { servedPhotoWeights } from './menu-photos.mjs';
import { benchOrderPath } from './order-path.mjs';
import { benchTableSync } from './table-sync.mjs';
import { budgetRows, markdownTable, printTable } from './report.mjs';
import { root, seedBusinesses, seedMenu, startHello, startProduct } from './servers.mjs';

const PARTS = ['menu', 'lighthouse', 'orders', 'start', 'numbers', 'table-sync'];
const env = process.env;
const quick = ['1', 'true', 'yes'].includes(env.BENCH_QUICK ?? '');
const only = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((part) => part.trim())) : new Set(PARTS);
for (const part of only) if (!PARTS.includes(part)) throw new Error(`BENCH_ONLY: unknown part ${part}`);
const postgres = Boolean(env.DATABASE_URL);
/** A switch that must be a number in [least, most] (every loop of the bench is bounded by these). */
function number(name, fallback, least, most) {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < least || value > most) {
    throw new Error(`${name}: expected a number from ${least} to ${most}, got ${env[name]}`);
  }
  return value;
}
const seconds = number('BENCH_SECONDS', quick ? 3 : 10, 1, 600);
const settings = {
  quick,
  seconds,
  orderSeconds: number('BENCH_ORDER_SECONDS', seconds, 1, 600),
  businesses: Math.round(number('BENCH_BUSINESSES', 16, 1, 200)),
  orderRate: number('BENCH_ORDER_RATE', postgres ? 600 : 180, 0.1, 10_000),
  orderRateOne: number('BENCH_ORDER_RATE_ONE', postgres ? 240 : 180, 0.1, 10_000),
  orderConcurrency: Math.round(number('BENCH_ORDER_CONCURRENCY', 256, 1, 4096)),
  menuRate: number('BENCH_MENU_RATE', 1000, 1, 20_000),
  menuOrderRate: number('BENCH_MENU_ORDER_RATE', 100, 0.1, 10_000),
  sqlProxy: postgres && env.BENCH_SQL_PROXY !== '0',
  sqlRate: number('BENCH_SQL_RATE', 200, 0.1, 10_000),
  // Products of each business after the first (which always has 150, the menu the menu figures read).
  productsPerBusiness: quick ? 30 : 150,
  lighthouseRuns: Math.round(number('BENCH_LIGHTHOUSE_RUNS', quick ? 1 : 3, 1, 20)),
  restarts: quick ? 1 : 3,
  numbersOrders: Math.round(number('BENCH_NUMBERS_ORDERS', quick ? 5_000 : 50_000, 100, 500_000)),
  numbersRequests: Math.round(number('BENCH_NUMBERS_REQUESTS', 20, 1, 1_000)),
};
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
// The rate runs measure the product, not the bench's instruments: the product reaches PostgreSQL directly (the
// counting proxy costs about 0.7 ms of CPU per order on the same two cores). SQL is counted in a run of its own, by
// the product started again behind the proxy on the same database; one signing secret keeps the owners' tokens valid
// (and one key of stored secrets their sealed values readable).
if (postgres) env.JWT_SECRET ??= randomBytes(32).toString('hex');
if (postgres) env.SECRETS_KEYS ??= `bench:${randomBytes(32).toString('base64')}`;
// The numbers part runs on a product and a data folder of its own (a year of one café's orders), before the others.
if (only.has('numbers')) {
  results.numbers = await benchNumbers({
    orders: settings.numbersOrders,
    requests: settings.numbersRequests,
    lighthouseRuns: settings.lighthouseRuns,
    log,
  });
  for (const [data, timing] of Object.entries(results.numbers.timings)) {
    log(`  ${data}: p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms, ${timing.bytes} bytes`);
  }
  if (results.numbers.lighthouse) log(`  numbers page LCP ${results.numbers.lighthouse.mobile.lcpMs} ms (mobile)`);
}
// The shared table's live sync (issue 34) on a product of its own with the demo café's tables.
if (only.has('table-sync')) results.tableSync = await benchTableSync({ adds: quick ? 50 : 200, log });
const mainParts = PARTS.filter((part) => part !== 'numbers' && part !== 'table-sync' && only.has(part));
let product = mainParts.length > 0 ? await startProduct({ countSql: false }) : undefined;
try {
  if (product) {
    // The menu the diner page and the menu API are measured on: every product with a photo and two option groups.
    const shop = await seedMenu(product.url, { rich: true });
    log(`menu of ${shop.products.length} products with photos and options at /menu/${shop.departmentId}`);
    results.photos = await servedPhotoWeights(product.url, shop.departmentId);
    // The order path's businesses: the first and as many more as the spread run needs, each with its own menu.
    let shops = [shop];
    if (only.has('orders') && settings.businesses > 1) {
      const seeding = performance.now();
      shops = await seedBusinesses(product.url, shop, settings.businesses, {
        categories: settings.productsPerBusiness / 15,
        perCategory: 15,
      });
      log(`${shops.length} businesses, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    }
    // Whether the server answers the diner's `/wait` (found out by the first order, kept for every run).
    const routes = {};
    const ordersRun = (rate, over, runSeconds = settings.orderSeconds) =>
      benchOrderPath({
        product,
        shops: over,
        rate,
        seconds: runSeconds,
        concurrency: settings.orderConcurrency,
        routes,
      });

    if (only.has('menu')) {
      log(`public menu API: ${settings.seconds} s per run`);
      const { method: _method, ...menu } = await benchMenu({
        hello,
        product,
        ...shop,
        seconds: settings.seconds,
        rate: settings.menuRate,
      });
      results.menu = { method: MENU_METHOD, seconds: settings.seconds, ...menu };
      log(`public menu at ${settings.menuRate} req/s while ${settings.menuOrderRate} orders/s flow`);
      results.menu.underOrders = await menuUnderOrders({
        product,
        ...shop,
        seconds: settings.seconds,
        rate: settings.menuRate,
        runOrders: () => ordersRun(settings.menuOrderRate, shops, settings.seconds),
      });
    }
    hello?.stop();

    if (only.has('lighthouse')) {
      const { benchLighthouse, withCart, withPaidOrder } = await import('./lighthouse.mjs');
      results.lighthouse = {};
      const department = shop.departmentId;
      for (const [page, path, prepare] of [
        ['diner menu page', `/menu/${department}`],
        // English strings may not exist yet: the page then renders Hebrew, and the figure still says what ?lang=en costs.
        ['diner menu page, English (?lang=en)', `/menu/${department}?lang=en`],
        ['landing page', '/'],
        ['registration page', '/registration'],
        ['login page', '/login'],
        ['cart page (two items)', `/cart/${department}`, withCart(product.url, department)],
        ['checkout page (payment page opened)', `/checkout/${department}`, withCart(product.url, department)],
        [
          'thank-you page (after a sandbox payment)',
          `/thank-you/${department}`,
          withPaidOrder(product.url, department),
        ],
      ]) {
        const pages = process.env.BENCH_PAGES?.split(',').filter(Boolean);
        if (pages && !pages.some((word) => page.includes(word))) continue;
        log(`Lighthouse: ${page}, ${settings.lighthouseRuns} run(s)`);
        results.lighthouse[page] = await benchLighthouse(`${product.url}${path}`, settings.lighthouseRuns, prepare);
      }
    }

    if (only.has('orders')) {
      for (const [key, rate, over] of [
        ['orders', settings.orderRate, shops],
        ['ordersOneBusiness', settings.orderRateOne, [shop]],
      ]) {
        log(
          `order path over ${over.length} business(es): ${rate}/s for ${settings.orderSeconds} s, ` +
            `${settings.orderConcurrency} in flight`,
        );
        const run = await ordersRun(rate, over);
        results[key] = run;
        log(
          `  ${run.completedPerSecond} paid orders/s, ${run.errors} errors, ${run.lost} lost; per paid order: ` +
            `${run.sql ? `${run.sql.roundTripsPerOrder} SQL round trips, ${run.sql.commitsPerOrder} commits, ` : ''}` +
            `${run.serverCpuMsPerOrder} ms server CPU` +
            (run.databaseCpuMsPerOrder !== undefined ? `, ${run.databaseCpuMsPerOrder} ms database CPU` : '') +
            `, ${run.loadGeneratorCpuMsPerOrder} ms load generator CPU; completion by ${run.completion}`,
        );
        for (const { label, perOrder } of run.sql?.topRoundTrips.slice(0, 5) ?? []) log(`    ${perOrder}  ${label}`);
      }
      if (settings.sqlProxy) {
        // The same path over the same businesses, through the counting proxy: SQL round trips, statements, commits.
        await product.stop({ keepData: true });
        product = await startProduct({ countSql: true });
        log(`SQL counting run: ${settings.sqlRate}/s over ${shops.length} businesses for ${settings.orderSeconds} s`);
        const run = await ordersRun(settings.sqlRate, shops);
        results.ordersCounted = run;
        log(
          `  ${run.completedPerSecond} paid orders/s, ${run.errors} errors, ${run.lost} lost; per paid order: ` +
            `${run.sql.roundTripsPerOrder} SQL round trips, ${run.sql.commitsPerOrder} commits`,
        );
        for (const { label, perOrder } of run.sql.topRoundTrips.slice(0, 8)) log(`    ${perOrder}  ${label}`);
      }
    }

    if (only.has('start')) {
      // On PGlite: this very database, with the menu and the orders of the run. On PostgreSQL: an embedded one of its own.
      const embedded = postgres ? await startProduct({ embedded: true, countSql: false }) : product;
      log(`server start: ${settings.restarts} restart(s) on an existing embedded database`);
      results.start = await measureRestarts(embedded, settings.restarts);
      if (embedded === product) product = undefined;
    }
  }
} finally {
  hello?.stop();
  await product?.stop();
}

const rows = budgetRows({ ...results, postgres });
const heading =
  `Benchmark of ${results.at.slice(0, 10)} on ${database}, ${quick ? 'quick' : 'full'} run (${settings.seconds} s ` +
  `load runs; menu: hello and menu alternated in 2 rounds, better of each; orders: fixed arrival rate` +
  `${only.has('orders') ? ` over ${settings.businesses} businesses and over one` : ''}; ` +
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
