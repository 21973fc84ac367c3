// Every read model of the log, built by the product's own projections (the list and the scratch tables of
// backend/scripts/rebuild-projections.mjs), page by page so a year's log never sits in memory at once: into the live
// tables when the year's template is made (the processors' read models; the order's row is written by its append),
// and into a scratch schema of fresh tables when the bench measures a rebuild (events per second).
import { join } from 'node:path';
import { root } from './servers.mjs';

const dist = (path) => join(root, 'backend/dist', path);

export async function openDatabase({ url, dataDir }) {
  const { entities, repeatableSql } = await import(dist('entities.js'));
  const { Database } = await import(dist('platform/database/database.js'));
  const database = new Database({
    entities,
    repeatableSql,
    url,
    dataDir: url ? undefined : dataDir,
    retryIntervalMs: 500,
  });
  await database.start();
  if (!database.isReady) throw new Error(`the database is not reachable: ${database.lastError}`);
  return database;
}

export const sql = async () => import(dist('platform/database/sql.js'));

/**
 * Replays the log (after `after`, a log position, or all of it) through `models` (rebuild-projections' READ_MODELS,
 * or some of them): in `schema`'s fresh tables when given (made here, dropped unless `keep`), else in the live ones.
 * One transaction per page of `pageSize` events; `limit` stops after about that many (a rate needs no whole year);
 * `lanes` side by side on PostgreSQL, the read models dealt again among them as they go unless `rebalance` is false;
 * `afterPage(events so far)` runs between pages (the template's build prunes there what the product prunes).
 * Returns { events, ms, eventsPerSecond, byModelMs }.
 */
export async function replayLog(
  database,
  {
    models,
    schema,
    keep = false,
    limit = Infinity,
    pageSize = 2_000,
    lanes = 1,
    rebalance = true,
    log = () => {},
    afterPage,
  },
) {
  const { READ_MODELS, createScratchTables, replayPlan, replayPage } = await import(
    join(root, 'backend/scripts/rebuild-projections.mjs')
  );
  const { PostgresEventStore } = await import(dist('platform/event-store/postgres/postgres-event-store.js'));
  const { execute } = await sql();
  // Where the time goes, by read model (ms), for reading a slow rebuild.
  const spent = new Map();
  // The product's own replay of a page (rebuild-projections' replayPage: batch paths, inline projections first), in
  // `lanes` transactions side by side on PostgreSQL, each on its own connection: every read model owns its tables,
  // so read models that read no other's can be built apart, each still from every event in the log's order. The
  // inline projections and the processors that read them share the first lane (they run in order within it).
  const spend = (name, ms) => spent.set(name, (spent.get(name) ?? 0) + ms);
  const allModels = models ?? READ_MODELS;
  const lanePlans = lanesOf(allModels, lanes).map((laneModels) => replayPlan(laneModels, spend));
  const store = new PostgresEventStore({ em: () => database.em() });
  if (schema) await database.em().transactional((em) => createScratchTables(em, schema));
  const started = performance.now();
  // The log does not change while it is replayed: its size says when it is done. The store's read stops below the
  // oldest transaction still running anywhere on the server (decision 002), so an empty page before the end means
  // someone else's long transaction: wait for it, never take it for the end.
  const { query } = await sql();
  const [{ total }] = await query(database.em(), 'select count(*)::int as total from events');
  const goal = Math.min(limit, total);
  let waited = 0;
  let after;
  let read = 0;
  const readPage = async () => {
    for (;;) {
      const page = await store.readAll({ ...(after ? { after } : {}), limit: pageSize });
      if (page.length > 0) {
        const last = page.at(-1);
        after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
        read += page.length;
        return page;
      }
      if (waited++ % 50 === 0) log('  waiting for an older transaction elsewhere on the server to end');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const replayIn = (plan, page) =>
    database.em().transactional(async (em) => {
      if (schema) await execute(em, `set local search_path to ${schema}`);
      await replayPage(em, page, plan);
    });
  let events = 0;
  // Up to `pageCount` pages through `plans`' lanes, each lane at its own pace; answers the events replayed.
  const replayChunk = async (plans, pageCount) => {
    const pages = [];
    const done = plans.map(() => 0);
    let finished = false;
    let dropped = 0;
    let replayed = 0;
    const waiters = new Set();
    const moved = () => {
      for (const resolve of waiters) resolve();
      waiters.clear();
    };
    const nextMove = () => new Promise((resolve) => waiters.add(resolve));
    const reader = async () => {
      while (read < goal && pages.length < pageCount) {
        while (pages.length - Math.min(...done) >= AHEAD) await nextMove();
        pages.push(await readPage());
        moved();
      }
      finished = true;
      moved();
    };
    const lane = async (plan, index) => {
      for (let at = 0; ; at++) {
        while (at >= pages.length) {
          if (finished) return;
          await nextMove();
        }
        await replayIn(plan, pages[at]);
        done[index] = at + 1;
        // A page every lane has replayed is let go.
        for (const slowest = Math.min(...done); dropped < slowest; dropped++) {
          replayed += pages[dropped].length;
          pages[dropped] = undefined;
        }
        moved();
      }
    };
    await Promise.all([reader(), ...plans.map((plan, index) => lane(plan, index))]);
    return replayed;
  };
  if (afterPage || lanePlans.length === 1) {
    const plans = lanePlans;
    // Page by page, every lane done with a page before the next (what runs between pages sees every read model at
    // the same place in the log); the next page is read while the lanes replay this one.
    let next = readPage();
    while (events < goal) {
      const page = await next;
      if (read < goal) next = readPage();
      await Promise.all(plans.map((plan) => replayIn(plan, page)));
      events += page.length;
      await afterPage?.(events);
      if ((events / pageSize) % 50 === 0) log(`  replayed ${events} events (${rate(events, started)} events/s)`);
    }
  } else {
    // Each lane goes through the pages at its own pace, the pages read once for all and at most AHEAD beyond the
    // slowest lane: no lane waits at each page for the others (their read models share nothing, decision 063), so
    // the machine's cores stay busy while one lane's page is heavier than another's. Every REBALANCE_PAGES pages the
    // lanes meet, and the read models are dealt again by what each cost over the pages just replayed, so the busiest
    // lane carries as little as it can (a log's mix changes: a year begins with the menus, then only orders).
    let plans = lanePlans;
    let before = new Map(spent);
    while (events < goal) {
      events += await replayChunk(plans, REBALANCE_PAGES);
      const cost = new Map([...spent].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)]));
      before = new Map(spent);
      if (rebalance) plans = lanesOf(allModels, lanes, cost).map((laneModels) => replayPlan(laneModels, spend));
      log(`  replayed ${events} events (${rate(events, started)} events/s)`);
    }
  }
  const ms = performance.now() - started;
  if (schema && !keep) await database.em().transactional((em) => execute(em, `drop schema ${schema} cascade`));
  const byModelMs = Object.fromEntries(
    [...spent].sort((a, b) => b[1] - a[1]).map(([name, modelMs]) => [name, Math.round(modelMs)]),
  );
  return { events, ms: Math.round(ms), eventsPerSecond: rate(events, started), byModelMs };
}

/**
 * The read models split into `count` lanes: the first has the inline projections and the processors that read them
 * (`reads`), which must replay in one transaction; the others are dealt in turn, or, given `cost` (ms by read model
 * over the same pages), so that the busiest lane costs least, the first lane's own models counted in it.
 */
export function lanesOf(models, count, cost) {
  const first = models.filter((model) => model.registeredAs.kind === 'inline' || model.reads?.length);
  const rest = models.filter((model) => !first.includes(model));
  if (count <= 1 || rest.length === 0) return [models];
  const laneCount = Math.min(count, rest.length + 1);
  const lanes = [first, ...Array.from({ length: laneCount - 1 }, () => [])];
  if (!cost) {
    rest.forEach((model, index) => lanes[1 + (index % (laneCount - 1))].push(model));
    return lanes.filter((lane) => lane.length > 0);
  }
  const costOf = (model) => cost.get(model.name) ?? 0;
  // The heaviest first (the order a greedy deal would take), each tried in every lane: few read models, so the whole
  // search is small; lanes still empty are alike, so only the first of them is tried.
  const order = [...rest].sort((a, b) => costOf(b) - costOf(a));
  const loads = lanes.map((lane) => lane.reduce((sum, model) => sum + costOf(model), 0));
  const choice = [];
  let best = { load: Infinity, choice: [] };
  const search = (at) => {
    const busiest = Math.max(...loads);
    if (busiest >= best.load) return;
    if (at === order.length) {
      best = { load: busiest, choice: [...choice] };
      return;
    }
    let triedEmpty = false;
    for (let lane = 0; lane < laneCount; lane++) {
      if (lane > 0 && loads[lane] === 0 && lanes[lane].length === 0 && choice.every((c) => c !== lane)) {
        if (triedEmpty) continue;
        triedEmpty = true;
      }
      loads[lane] += costOf(order[at]);
      choice.push(lane);
      search(at + 1);
      choice.pop();
      loads[lane] -= costOf(order[at]);
    }
  };
  search(0);
  best.choice.forEach((lane, index) => lanes[lane].push(order[index]));
  return lanes.filter((lane) => lane.length > 0);
}

// Pages read ahead of the slowest lane (each up to `pageSize` events in memory).
const AHEAD = 4;
// Pages between two deals of the read models among the lanes (the lanes meet there once).
const REBALANCE_PAGES = 10;

const rate = (events, started) => Math.round(events / ((performance.now() - started) / 1000));

/** The read models processors keep (the ones a bulk write of events leaves empty). */
export async function processorModels() {
  const { READ_MODELS } = await import(join(root, 'backend/scripts/rebuild-projections.mjs'));
  return READ_MODELS.filter((model) => model.registeredAs.kind === 'processor');
}

/** Every processor's checkpoint at the log's head: the product starts as one that has read the whole log. */
export async function checkpointsAtHead(database, names) {
  const { execute } = await sql();
  await execute(
    database.em(),
    `update processor_checkpoints c set owner = null, lease_until = null, updated_at = now(),
            last_transaction_id = head.transaction_id, last_position = head.global_position
       from (select transaction_id, global_position from events
              order by transaction_id desc, global_position desc limit 1) head
      ${names ? `where c.name in (${names.map(() => '?').join(', ')})` : ''}`,
    names ?? [],
  );
}
