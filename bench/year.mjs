// `npm run bench:year` (issue 35): the product on a year of history. The year is made once into a template
// (year-data.mjs: on PostgreSQL 200 cafés of about a million paid orders in all, embedded one busy café's 50,000),
// then each of three runs copies it and measures, on its copy:
// - the disk per paid order, all in, and its split (the log, the orders' rows, the other read models, the rest);
// - rebuilding every read model from the log into fresh tables (events per second; year-replay.mjs);
// - the start until the server answers, and until every processor has caught up; the server's memory on the way;
// - the owner's month report and month CSV of the largest café, the live console's first load, the administrator's
//   month of commissions over all cafés (p95 of repeated requests);
// - one processor (the numbers) caught up from zero after a restart;
// - the order path of DESIGN.md §8 over the 16 largest cafés (embedded: the one café), the same-run hello's CPU
//   per answer beside it.
// Medians of the three runs against the budgets; bench/results/latest-year[-postgres].json and .md. See
// bench/README.md (the BENCH_YEAR_* switches). Never part of CI or `npm test`.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { Pool } from 'undici';
import { signIn } from './numbers.mjs';
import { benchOrderPath } from './order-path.mjs';
import { markdownTable, printTable } from './report.mjs';
import { cpuMs, root, startHello, startProduct } from './servers.mjs';
import { ADMIN_PHONE, productEnv, yearScale, yearTemplate } from './year-data.mjs';
import { openDatabase, replayLog, sql } from './year-replay.mjs';
import { yearRows } from './year-report.mjs';

const env = process.env;
const postgres = Boolean(env.DATABASE_URL);
const log = (message) => console.log(`[bench:year ${new Date().toISOString().slice(11, 19)}] ${message}`);
const scale = yearScale(env, postgres);
const settings = {
  runs: Number(env.BENCH_YEAR_RUNS ?? 3),
  requests: Number(env.BENCH_YEAR_REQUESTS ?? 20),
  rebuildEvents: Number(env.BENCH_YEAR_REBUILD_EVENTS ?? 200_000),
  // Read models rebuilt side by side (year-replay.mjs' lanes): on PostgreSQL each lane has its own connection.
  rebuildLanes: postgres ? Number(env.BENCH_YEAR_REBUILD_LANES ?? 2) : 1,
  orderRate: Number(env.BENCH_ORDER_RATE ?? (postgres ? 600 : 180)),
  orderSeconds: Number(env.BENCH_ORDER_SECONDS ?? 10),
  businesses: Math.min(scale.cafes, Number(env.BENCH_BUSINESSES ?? 16)),
  catchUpProcessor: env.BENCH_YEAR_CATCH_UP ?? 'numbers',
};
const percentile = (values, share) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)];
const round1 = (value) => Math.round(value * 10) / 10;
const rssMb = (pid) =>
  round1(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** The request `count` times after two warm-ups, one at a time: p50/p95 in ms, the first (cold) one and its size. */
async function timed(url, path, token, count) {
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: body.length };
  };
  const first = await ask();
  await ask();
  const runs = [];
  for (let i = 0; i < count; i++) runs.push((await ask()).ms);
  return {
    firstMs: round1(first.ms),
    p50Ms: round1(percentile(runs, 0.5)),
    p95Ms: round1(percentile(runs, 0.95)),
    bytes: first.bytes,
  };
}

/** How many orders the report's first answer holds, of the month's. */
async function firstPage(url, month, token) {
  const response = await fetch(`${url}/api/orders?month=${month}`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = await response.json();
  return { ordersInAnswer: data.orders.length, ordersOfMonth: data.summary.totalOrders };
}

/**
 * Waits until every processor runs and has no events left after its checkpoint: ms since `since`. On PostgreSQL the
 * checkpoints and leases are read from the database itself (from the spawn on); embedded only the product can read its database, so the
 * administrator's debug view is asked, after the administrator's sign-in (the figure is then an upper bound).
 */
async function caughtUp(product, { adminToken, url }, since, atMostMs = 60 * 60_000) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const until = performance.now() + atMostMs; performance.now() < until;) {
        const { rows } = await client.query(
          // Every processor running (its lease taken by the product) and at the log's head.
          `select count(*)::int as behind from processor_checkpoints
            where owner is null or lease_until < now()
               or last_position < (select coalesce(max(global_position), 0) from events)`,
        );
        if (rows[0].behind === 0) return Math.round(performance.now() - since);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await client.end();
    }
    throw new Error('the processors did not catch up within an hour');
  }
  for (const until = performance.now() + atMostMs; performance.now() < until;) {
    const response = await fetch(`${product.url}/api/admin/debug`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const body = await response.json();
    const behind = (body.data?.processors ?? []).filter((processor) => processor.pending > 0);
    if (response.ok && body.data?.processors && behind.length === 0) return Math.round(performance.now() - since);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the processors did not catch up within an hour');
}

/** The disk the copy takes, all in, and its split, before the product starts on it. */
async function diskOf(database, facts) {
  const { READ_MODELS } = await import(join(root, 'backend/scripts/rebuild-projections.mjs'));
  const { query } = await sql();
  const size = async (tables) =>
    Number(
      (
        await query(
          database.em(),
          `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint::text as bytes from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' and c.relname in (${tables.map(() => '?').join(', ')})`,
          tables,
        )
      )[0].bytes,
    );
  const [{ bytes }] = await query(database.em(), 'select pg_database_size(current_database())::text as bytes');
  const readModels = READ_MODELS.flatMap((model) => model.tables.map((spec) => spec.table)).filter(
    (t) => t !== 'orders' && t !== 'payment_pages',
  );
  const split = {
    log: await size(['events']),
    orders: await size(['orders', 'payment_pages']),
    readModels: await size(readModels),
  };
  const all = Number(bytes);
  const per = (value) => Math.round(value / facts.paidOrders);
  return {
    bytes: all,
    perOrder: per(all),
    split: Object.fromEntries(
      Object.entries({ ...split, rest: all - split.log - split.orders - split.readModels }).map(([key, value]) => [
        key,
        per(value),
      ]),
    ),
  };
}

async function setToZero(database, processor) {
  const { READ_MODELS } = await import(join(root, 'backend/scripts/rebuild-projections.mjs'));
  const { execute } = await sql();
  const model = READ_MODELS.find((candidate) => candidate.registeredAs.name === processor);
  if (!model) throw new Error(`BENCH_YEAR_CATCH_UP: ${processor} is no processor's read model`);
  await database.em().transactional(async (em) => {
    for (const { table } of model.tables) await execute(em, `delete from ${table}`);
    await execute(em, "update processor_checkpoints set last_transaction_id = '0', last_position = 0 where name = ?", [
      processor,
    ]);
  });
}

/** The hello's server CPU per answer over `count` requests in this run: what the machine's CPU time is worth now. */
async function helloCpu(hello, count = 3_000) {
  const pool = new Pool(hello.url, { connections: 8 });
  const before = cpuMs(hello.pid);
  for (let first = 0; first < count; first += 8) {
    await Promise.all(
      Array.from({ length: 8 }, () => pool.request({ path: '/hello', method: 'GET' }).then((r) => r.body.text())),
    );
  }
  const used = cpuMs(hello.pid) - before;
  await pool.close();
  return Math.round((used / count) * 1000);
}

async function oneRun(template, run) {
  const { facts } = template;
  const copy = await template.copy(run);
  const result = { run };
  try {
    let database = await openDatabase(copy);
    try {
      result.disk = await diskOf(database, facts);
      log(`  disk: ${result.disk.perOrder} bytes per paid order all in ${JSON.stringify(result.disk.split)}`);
      const schema = `year_rebuild_${process.pid}`;
      result.rebuild = await replayLog(database, {
        schema,
        limit: settings.rebuildEvents,
        lanes: settings.rebuildLanes,
      });
      // A database a year old has the planner's statistics (autovacuum's ANALYZE); a fresh copy of the template has
      // none, and a plan made for an empty table would read a busy café's whole month to find its newest 100 orders.
      await (await sql()).execute(database.em(), 'analyze');
      log(
        `  rebuild of every read model: ${result.rebuild.events} events at ${result.rebuild.eventsPerSecond} events/s ` +
          `(ms by read model: ${JSON.stringify(result.rebuild.byModelMs)})`,
      );
    } finally {
      await database.close();
    }
    const startEnv = { ...productEnv(facts), ...(copy.url ? { DATABASE_URL: copy.url } : {}) };
    const spawned = performance.now();
    let product = await startProduct({ dataDir: copy.dataDir, embedded: !postgres, countSql: false, env: startEnv });
    try {
      result.start = { answersMs: product.startMs, rssAtStartMb: rssMb(product.pid) };
      const caughtUpMs = postgres ? caughtUp(product, { url: copy.url }, spawned) : undefined;
      const admin = (await signIn(product.url, copy.dataDir, ADMIN_PHONE, { admin: true })).token;
      result.start.caughtUpMs = await (caughtUpMs ?? caughtUp(product, { adminToken: admin }, spawned));
      result.start.rssCaughtUpMb = rssMb(product.pid);
      log(`  start: answers after ${result.start.answersMs} ms, caught up after ${result.start.caughtUpMs} ms`);
      const largest = facts.cafes[0];
      const owner = (await signIn(product.url, copy.dataDir, largest.phone)).token;
      const month = reportMonth(facts);
      result.month = month;
      result.live = {
        ...(await timed(product.url, '/api/live-orders', owner, settings.requests)),
        rssMb: rssMb(product.pid),
      };
      // The month as the owner's reports page asks it first (decision 065): the month's sums and the first page of
      // its orders, the server's default page size.
      result.report = {
        ...(await timed(product.url, `/api/orders?month=${month}`, owner, settings.requests)),
        rssMb: rssMb(product.pid),
        ...(await firstPage(product.url, month, owner)),
      };
      result.csv = {
        ...(await timed(product.url, `/api/orders/csv?month=${month}`, owner, settings.requests)),
        rssMb: rssMb(product.pid),
      };
      result.commissions = {
        ...(await timed(product.url, `/api/admin/commissions/${month}`, admin, settings.requests)),
        rssMb: rssMb(product.pid),
      };
      result.start.rssAfterReadsMb = rssMb(product.pid);
      log(
        `  month ${month}: report p95 ${result.report.p95Ms} ms, CSV p95 ${result.csv.p95Ms} ms, ` +
          `commissions p95 ${result.commissions.p95Ms} ms, live console first ${result.live.firstMs} ms`,
      );
      if (settings.catchUpProcessor === 'none') return result;
      await product.stop({ keepData: true });
      database = await openDatabase(copy);
      try {
        await setToZero(database, settings.catchUpProcessor);
      } finally {
        await database.close();
      }
      const restarted = performance.now();
      product = await startProduct({ dataDir: copy.dataDir, embedded: !postgres, countSql: false, env: startEnv });
      // The sessions outlive the restart (one signing secret); a second code this soon would be refused.
      const ms = await caughtUp(product, { adminToken: admin, url: copy.url }, restarted);
      result.catchUp = {
        processor: settings.catchUpProcessor,
        ms,
        eventsPerSecond: Math.round(facts.events / (ms / 1000)),
        rssMb: rssMb(product.pid),
      };
      log(`  ${settings.catchUpProcessor} caught up from zero in ${ms} ms`);
      if (settings.orderSeconds > 0) result.orders = await orderPath(product, copy, facts, owner);
    } finally {
      await product.stop({ keepData: true });
    }
  } finally {
    await copy.drop();
  }
  return result;
}

/** The order path over the largest cafés (embedded: the one), their owners signed in for the reports it checks. */
async function orderPath(product, copy, facts, largestToken) {
  const shops = [];
  for (const [index, cafe] of facts.cafes.slice(0, settings.businesses).entries()) {
    const token = index === 0 ? largestToken : (await signIn(product.url, copy.dataDir, cafe.phone)).token;
    shops.push({ departmentId: cafe.departmentId, token, products: cafe.products });
  }
  const hello = await startHello();
  try {
    const helloUs = await helloCpu(hello);
    log(`  order path over ${shops.length} café(s): ${settings.orderRate}/s for ${settings.orderSeconds} s`);
    const run = await benchOrderPath({
      product,
      shops,
      rate: settings.orderRate,
      seconds: settings.orderSeconds,
      concurrency: 256,
    });
    log(
      `  ${run.completedPerSecond} paid orders/s, ${run.serverCpuMsPerOrder} ms server CPU per order, hello ${helloUs} µs per answer`,
    );
    return { ...run, helloCpuUsPerAnswer: helloUs, rssMb: rssMb(product.pid) };
  } finally {
    hello.stop();
  }
}

/** The month before the year's last day, when the year holds it whole; else the last day's month. */
function reportMonth(facts) {
  const last = facts.to.slice(0, 7);
  const [year, month] = last.split('-').map(Number);
  const before = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return facts.from <= `${before}-01` ? before : last;
}

const started = performance.now();
const template = await yearTemplate({ postgres, scale, log });
const runs = [];
for (let run = 1; run <= settings.runs; run++) {
  log(`run ${run} of ${settings.runs}`);
  runs.push(await oneRun(template, run));
}
const { jwtSecret: _j, secretsKeys: _s, cafes, ...facts } = template.facts;
const results = {
  at: new Date().toISOString(),
  database: postgres ? 'PostgreSQL' : 'PGlite (embedded)',
  postgres,
  settings,
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim(), loadAverage: loadavg(), node: process.version },
  year: { ...facts, cafes: cafes.length, largest: { orders: cafes[0].orders, phone: cafes[0].phone } },
  runs,
  minutes: round1((performance.now() - started) / 60_000),
};
const rows = yearRows(results);
const heading =
  `Year benchmark of ${results.at.slice(0, 10)} on ${results.database}: ${facts.paidOrders.toLocaleString('en')} paid ` +
  `orders of ${cafes.length} café(s), ${facts.from} to ${facts.to}; ${runs.length} run(s) on copies of one template, ` +
  `medians (each run's figure in brackets) on ${results.machine.cpus} x ${results.machine.cpuModel}`;
console.log(`\n${heading}\n`);
printTable(rows);
results.table = rows;
const full =
  scale.cafes === (postgres ? 200 : 1) && scale.orders === (postgres ? 1_000_000 : 50_000) && scale.days === 365;
const name = `${full ? 'latest' : 'small'}-year${postgres ? '-postgres' : ''}`;
const folder = join(root, 'bench/results');
mkdirSync(folder, { recursive: true });
const prettier = await import('prettier');
const jsonFile = join(folder, `${name}.json`);
writeFileSync(
  jsonFile,
  await prettier.format(JSON.stringify(results), { ...(await prettier.resolveConfig(jsonFile)), filepath: jsonFile }),
);
writeFileSync(join(folder, `${name}.md`), markdownTable(rows, `${heading}.`));
console.log(`\nWritten to bench/results/${name}.json and ${name}.md`);
