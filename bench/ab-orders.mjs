// Two builds of the product compared on the order path at the same moment: `node bench/ab-orders.mjs A.js B.js`
// (each the `main.js` of a built backend, e.g. a copy of `backend/dist` kept as the baseline). The businesses are
// seeded once by the first build on one PostgreSQL database (DATABASE_URL); then each round starts A, runs the
// order path, stops it, and does the same with B (the order alternates every round, so a burst of outside load on
// this shared machine hurts both alike). It prints the paid rate and the server's CPU per paid order of every run,
// and the median of each build. Switches: AB_ROUNDS (3), BENCH_ORDER_RATE (600), BENCH_ORDER_SECONDS (10),
// BENCH_BUSINESSES (16), BENCH_ORDER_CONCURRENCY (256), AB_COUNT_SQL=1 (SQL counted through the proxy). Not part of `npm run bench`: a tool for changing the path.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { benchOrderPath } from './order-path.mjs';
import { seedBusinesses, seedMenu, startProduct } from './servers.mjs';

const env = process.env;
if (!env.DATABASE_URL) throw new Error('DATABASE_URL: a PostgreSQL database of its own');
// A build may carry Node flags after a comma: `backend/dist/main.js,--max-semi-space-size=32`.
const builds = process.argv.slice(2).map((arg) => resolve(arg.split(',')[0]));
const flags = process.argv.slice(2).map((arg) => arg.split(',').slice(1));
if (builds.length < 1) throw new Error('usage: node bench/ab-orders.mjs A/main.js [B/main.js ...]');
const rounds = Number(env.AB_ROUNDS ?? 3);
const rate = Number(env.BENCH_ORDER_RATE ?? 600);
const seconds = Number(env.BENCH_ORDER_SECONDS ?? 10);
const businesses = Number(env.BENCH_BUSINESSES ?? 16);
const concurrency = Number(env.BENCH_ORDER_CONCURRENCY ?? 256);
env.JWT_SECRET ??= randomBytes(32).toString('hex');
env.SECRETS_KEYS ??= `bench:${randomBytes(32).toString('base64')}`;
const log = (message) => console.log(`[ab ${new Date().toISOString().slice(11, 19)}] ${message}`);

let product = await startProduct({ countSql: false, main: builds[0] });
const shop = await seedMenu(product.url);
const shops = await seedBusinesses(product.url, shop, businesses, { categories: 10, perCategory: 15 });
await product.stop();
log(`${shops.length} businesses seeded`);

const results = builds.map(() => []);
const routes = {};
for (let round = 0; round < rounds; round++) {
  const order = builds.map((_, index) => index);
  if (round % 2 === 1) order.reverse();
  for (const index of order) {
    product = await startProduct({ countSql: env.AB_COUNT_SQL === '1', main: builds[index], nodeFlags: flags[index] });
    // A short warm-up (JIT, pools, caches), then the measured run.
    await benchOrderPath({ product, shops, rate: 100, seconds: 2, concurrency, routes });
    // AB_PERF=dir: Linux perf samples the server's on-CPU time (kernel included) during the measured run; start the
    // builds with NODE_OPTIONS=--perf-basic-prof so perf can name JavaScript frames.
    const perf = env.AB_PERF
      ? spawn(
          'perf',
          [
            'record',
            '-e',
            'cpu-clock',
            '-F',
            '1999',
            '-g',
            '-p',
            String(product.pid),
            '-o',
            `${env.AB_PERF}/perf-${'AB'[index]}-${round}.data`,
          ],
          { stdio: 'ignore' },
        )
      : undefined;
    const run = await benchOrderPath({ product, shops, rate, seconds, concurrency, routes });
    if (perf) {
      const stopped = new Promise((done) => perf.once('exit', done));
      perf.kill('SIGINT');
      await stopped;
    }
    await product.stop();
    results[index].push(run);
    log(
      `round ${round + 1} build ${'AB'[index] ?? index}: ${run.completedPerSecond} paid/s, ` +
        `${run.serverCpuMsPerOrder} ms CPU/order (database ${run.databaseCpuMsPerOrder ?? '?'} ms, load generator ` +
        `${run.loadGeneratorCpuMsPerOrder} ms), ${run.errors} errors, ${run.lost} lost, p50 ${run.latency.p50Ms} ms` +
        (run.errorSamples.length ? ` ${JSON.stringify(run.errorSamples)}` : ''),
    );
    // AB_COUNT_SQL=1: the product reaches PostgreSQL through the counting proxy (bench/sql-proxy.mjs).
    if (run.sql) {
      log(`  ${run.sql.roundTripsPerOrder} SQL round trips, ${run.sql.commitsPerOrder} commits per paid order`);
      for (const { label, perOrder } of run.sql.topRoundTrips.slice(0, 12)) log(`    ${perOrder}  ${label}`);
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [index, runs] of results.entries()) {
  log(
    `build ${'AB'[index] ?? index} (${builds[index]}): median ${median(runs.map((run) => run.completedPerSecond))} ` +
      `paid/s, ${median(runs.map((run) => run.serverCpuMsPerOrder))} ms CPU/order`,
  );
}
