// A year of history for the bench's year mode (issue 35), made once into a template database that every run copies.
// - The cafés are registered and given a menu through the product's own API (their businesses, menus and options are
//   the product's events), the product running on the template.
// - The orders are then written straight into the log in bulk, product stopped: each order's life decided by the
//   product's order decider (year-orders.mjs) and stored by the order's own append (`order_append`, the statement the
//   OrderStore runs: events, the order's row, its payment page, the business's gapless invoice and credit numbers),
//   hundreds of orders per transaction, oldest day first, all cafés interleaved as their days were.
// - The processors' read models are built from the log by the product's own projections (year-replay.mjs) and every
//   processor's checkpoint is set to the log's head: the product starts on it as on a database that has caught up.
// The template is kept (PostgreSQL: database `tafrit_year_<key>`; embedded: a data folder) under a key made of the
// generator's version, the migrations, the code that writes it and the scale, so later runs and later invocations
// reuse it.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedCafe } from './year-of-orders.mjs';
import { GENERATOR_VERSION } from './year-orders.mjs';
import { verify, writeOrders } from './year-write.mjs';
import { checkpointsAtHead, openDatabase, processorModels, replayLog, sql } from './year-replay.mjs';
import { root, startProduct } from './servers.mjs';

/**
 * What one paid order takes on disk, all in, as the disk check reckons it: above what was measured (about 17 KB on a
 * month of 16 cafés, PostgreSQL), so the check errs on the safe side (the budget is 8 KiB).
 */
export const BYTES_PER_ORDER_ESTIMATE = 20 * 1024;
export const ADMIN_PHONE = '0547654321';
const GIB = 1024 ** 3;

export function yearScale(env, postgres) {
  const number = (name, fallback, most) => {
    const value = Math.round(Number(env[name] ?? fallback));
    if (!Number.isFinite(value) || value < 1 || value > most) throw new Error(`${name}: expected 1 to ${most}`);
    return value;
  };
  return {
    cafes: number('BENCH_YEAR_CAFES', postgres ? 200 : 1, 1000),
    orders: number('BENCH_YEAR_ORDERS', postgres ? 1_000_000 : 50_000, 5_000_000),
    days: number('BENCH_YEAR_DAYS', 365, 365),
    seed: 35,
  };
}

/**
 * The template's key: a new generator, a new migration, the order's append changed, the code that writes what the
 * template keeps changed (the log's rows, the deciders, the order's row, the read models' projections and
 * processors) or another scale make a new one. The cache folder is part of it: two benches with folders of their own
 * (`BENCH_YEAR_DIR`) never share, and so never drop, each other's PostgreSQL template (its facts file is in the folder,
 * its database in the shared server). Two runs with one folder at one time are not supported.
 */
export function templateKey(scale, postgres) {
  const migrations = readdirSync(join(root, 'backend/src/migrations')).sort();
  const append = readFileSync(join(root, 'backend/src/modules/ordering/persistence/order-append.sql'), 'utf8');
  const code = createHash('sha256');
  for (const file of writingCode()) code.update(file).update(readFileSync(join(root, file)));
  return createHash('sha256')
    .update(
      JSON.stringify({
        GENERATOR_VERSION,
        migrations,
        append,
        code: code.digest('hex'),
        scale,
        postgres,
        cache: cacheDir(),
      }),
    )
    .digest('hex')
    .slice(0, 12);
}

/** The source files whose change changes what the template holds, in a stable order (paths from the root). */
function writingCode() {
  const under = (folder, keep) =>
    readdirSync(join(root, folder), { recursive: true })
      .map((path) => join(folder, String(path)))
      .filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts') && keep(path));
  return [
    ...under('backend/src/platform/event-store', () => true),
    ...under('backend/src/modules', (path) => /[/\\](domain|projections|processors|persistence)[/\\]/.test(path)),
  ].sort();
}

const cacheDir = () => process.env.BENCH_YEAR_DIR ?? join(tmpdir(), 'tafrit-bench-year');
const withDatabase = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).href;

/** A short-lived connection to the server's maintenance database (creating and dropping databases). */
async function maintenance(url, work) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Stops with a clear message unless the disk holding the data has room for the template and one run's copy at
 * BYTES_PER_ORDER_ESTIMATE each, plus 2 GiB for a rebuild's scratch tables and to spare. Returns the figures.
 */
async function checkDisk({ scale, postgres, url }) {
  let where = cacheDir();
  if (postgres) {
    const directory = await maintenance(url, async (client) =>
      client.query('show data_directory').then(
        (result) => result.rows[0].data_directory,
        () => undefined,
      ),
    );
    if (directory && existsSync(directory)) where = directory;
  }
  mkdirSync(cacheDir(), { recursive: true });
  const stats = statfsSync(where);
  const free = stats.bavail * stats.bsize;
  const needed = scale.orders * BYTES_PER_ORDER_ESTIMATE * 2 + 2 * GIB;
  const figures = { where, neededBytes: needed, freeBytes: free };
  const gib = (bytes) => `${(bytes / GIB).toFixed(1)} GiB`;
  if (free < needed) {
    throw new Error(
      `the year needs about ${gib(needed)} on ${where} (the template and one run's copy at ` +
        `${BYTES_PER_ORDER_ESTIMATE / 1024} KiB per paid order, 2 GiB for a rebuild and to spare), only ${gib(free)} is free: ` +
        'make room or ask for a smaller year (BENCH_YEAR_ORDERS)',
    );
  }
  return figures;
}

/** The template for this scale, made unless already there: { facts, copy(name) -> run, } */
export async function yearTemplate({ postgres, scale, log }) {
  const url = process.env.DATABASE_URL;
  const key = templateKey(scale, postgres);
  const factsFile = join(cacheDir(), `${key}.json`);
  const name = `tafrit_year_${key}`;
  const dataDir = join(cacheDir(), key);
  const disk = await checkDisk({ scale, postgres, url });
  log(
    `disk: the year may take ${(disk.neededBytes / GIB).toFixed(1)} GiB (the template, one run's copy, a rebuild's ` +
      `scratch tables); ${(disk.freeBytes / GIB).toFixed(1)} GiB free on ${disk.where}`,
  );
  let facts = existsSync(factsFile) ? JSON.parse(readFileSync(factsFile, 'utf8')) : undefined;
  if (postgres && facts) {
    const there = await maintenance(url, (client) =>
      client.query('select 1 from pg_database where datname = $1', [name]).then((result) => result.rowCount === 1),
    );
    if (!there) facts = undefined;
  }
  if (facts) log(`year template ${key} reused (made ${facts.madeAt}, ${facts.paidOrders} paid orders)`);
  else {
    facts = await makeTemplate({ postgres, scale, key, url, name, dataDir, log });
    writeFileSync(factsFile, JSON.stringify(facts));
  }
  return {
    facts,
    /** A run's own copy: { url } on PostgreSQL, { dataDir } embedded; `drop()` removes it. */
    async copy(run) {
      if (postgres) {
        const copyName = `${name}_run${run}`;
        await maintenance(url, async (client) => {
          await client.query(`drop database if exists ${copyName}`);
          await client.query(`create database ${copyName} template ${name}`);
        });
        const copyUrl = withDatabase(url, copyName);
        const smsDir = join(tmpdir(), `tafrit-year-run-${process.pid}-${run}`);
        mkdirSync(smsDir, { recursive: true });
        return {
          url: copyUrl,
          dataDir: smsDir,
          drop: async () => {
            rmSync(smsDir, { recursive: true, force: true });
            await maintenance(url, (client) => client.query(`drop database if exists ${copyName} with (force)`));
          },
        };
      }
      const copyDir = join(tmpdir(), `tafrit-year-run-${process.pid}-${run}`);
      rmSync(copyDir, { recursive: true, force: true });
      cpSync(dataDir, copyDir, { recursive: true });
      return { dataDir: copyDir, drop: async () => rmSync(copyDir, { recursive: true, force: true }) };
    },
  };
}

/** What every product start of the year mode shares: one signing secret and one key of stored secrets. */
export function productEnv(facts) {
  return {
    JWT_SECRET: facts.jwtSecret,
    SECRETS_KEYS: facts.secretsKeys,
    ADMIN_PHONES: ADMIN_PHONE,
    OTP_SENDS_PER_HOUR: '100',
  };
}

async function makeTemplate({ postgres, scale, key, url, name, dataDir, log }) {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 1000);
  const secrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKeys: `year:${randomBytes(32).toString('base64')}`,
  };
  let where;
  if (postgres) {
    await maintenance(url, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    });
    where = { url: withDatabase(url, name) };
  } else {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    where = { dataDir };
  }
  log(`making year template ${key}: ${scale.cafes} café(s), about ${scale.orders} orders over ${scale.days} days`);
  const seedDir = where.dataDir ?? join(tmpdir(), `tafrit-year-seed-${process.pid}`);
  const product = await startProduct({
    dataDir: seedDir,
    embedded: !postgres,
    countSql: false,
    env: { ...(where.url ? { DATABASE_URL: where.url } : {}), ...productEnv(secrets) },
  });
  const cafes = [];
  try {
    let next = 0;
    const worker = async () => {
      while (next < scale.cafes) {
        const index = next++;
        const address = `198.18.${Math.floor(index / 250)}.${1 + (index % 250)}`;
        // The phone is drawn at random: a second café that drew a taken one draws again.
        for (let attempt = 1; !cafes[index]; attempt++) {
          cafes[index] = await seedCafe(product.url, { name: `קפה השנה ${index + 1}`, address }).catch((error) => {
            if (attempt < 5 && /business\.phone_taken/.test(error.message)) return undefined;
            throw error;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, scale.cafes) }, worker));
  } finally {
    await product.stop({ keepData: !postgres });
  }
  const seeded = seconds();
  log(`  ${cafes.length} café(s) registered with their menus in ${seeded} s`);
  const database = await openDatabase(where);
  try {
    const written = await writeOrders(database, cafes, scale, log);
    const wroteAt = seconds();
    log(
      `  ${written.paidOrders} paid orders (${written.events} events) written in ${wroteAt - seeded} s; building read models`,
    );
    const { execute, query } = await sql();
    const models = await processorModels();
    for (const model of models)
      for (const { table } of model.tables) await execute(database.em(), `delete from ${table}`);
    // The consoles' push journal keeps two days (printer-presence.service.ts prunes it on a timer): pruned as the
    // build goes, as the product would have, or a year of it piles up and the live-orders processor's read of a
    // business's journal on a refund (no index on the payload) grows with it (a full year's build slowed from 8,700
    // to 2,000 events per second).
    // Then the processors' tables are vacuumed, as the product's autovacuum does them (a table is vacuumed once a fifth
    // of its rows are dead): the pruned journal's and the updated rows' room is taken again by the rows that follow.
    // Without it the build leaves what no running product keeps (the year's whole journal, pruned but not reused, and
    // the first version of every row a later event updates): 3 KB per paid order at a tenth of the year (decision 064).
    const tables = models.flatMap((model) => model.tables.map(({ table }) => table));
    const prune = async () => {
      await execute(
        database.em(),
        `delete from live_events l using events e where e.global_position = l.source_position
           and e.recorded_at < now() - interval '2 days'`,
      );
      await execute(database.em(), `vacuum ${[...new Set(tables)].join(', ')}`);
    };
    const build = await replayLog(database, {
      models,
      log,
      afterPage: (events) => (events % 20_000 === 0 ? prune() : undefined),
    });
    await prune();
    await checkpointsAtHead(database);
    const check = await verify(database, written, query);
    log(`  read models built in ${Math.round(build.ms / 1000)} s (${build.eventsPerSecond} events/s); ${check}`);
    const [{ bytes }] = await query(database.em(), 'select pg_database_size(current_database())::text as bytes');
    return {
      key,
      madeAt: new Date().toISOString(),
      scale,
      ...secrets,
      ...written,
      seconds: { seed: seeded, write: wroteAt - seeded, build: Math.round(build.ms / 1000), all: seconds() },
      buildEventsPerSecond: build.eventsPerSecond,
      bytes: Number(bytes),
    };
  } finally {
    await database.close();
  }
}
