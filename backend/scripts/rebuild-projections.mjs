#!/usr/bin/env node
// Rebuilds every read model from the event log into fresh tables and compares them with the live ones.
//
//   npm run rebuild-projections -w backend            (the built product: run `npm run build -w backend` first)
//   node backend/scripts/rebuild-projections.mjs --list   (what is rebuilt, and what is not and why, as JSON)
//
// It reads the product's own environment (DATABASE_URL, or the embedded PGlite in DATA_DIR; stop the product first
// then, since one process opens a PGlite folder). Nothing live is written: the replay runs in a scratch schema that
// is dropped afterwards (`--keep` leaves it for a look). Exit code 0 when every read model is equal, 1 when one
// differs (each difference is printed), 2 when the rebuild itself failed.
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { loadConfig } from '../dist/config/config.js';
import { entities, repeatableSql } from '../dist/entities.js';
import { Database } from '../dist/platform/database/database.js';
import { PostgresEventStore } from '../dist/platform/event-store/postgres/postgres-event-store.js';
import { execute, query } from '../dist/platform/database/sql.js';
import { businessesProjection } from '../dist/modules/accounts/projections/businesses.projection.js';
import { ordersProjection } from '../dist/modules/ordering/projections/orders.projection.js';
import { termsProjection } from '../dist/modules/terms/projections/terms.projection.js';
import { TERMS_SETTING_KEY } from '../dist/modules/terms/application/get-terms.query.js';
import { monthlyCommissionsProjection } from '../dist/modules/commissions/projections/monthly-commissions.projection.js';
import { platformDocumentsProjection } from '../dist/modules/commissions/projections/platform-documents.projection.js';
import { taxDocumentsProjection } from '../dist/modules/bookkeeping/projections/tax-documents.projection.js';
import { liveOrdersProjection } from '../dist/modules/printing/processors/live-orders.projection.js';
// The consoles' push journal keeps two days (live-journal.ts): older rows are gone on purpose, or never written.
import { LIVE_EVENTS_KEPT_MS } from '../dist/modules/printing/application/live-journal.js';
import { optionGroupsProjection } from '../dist/modules/menu/projections/option-groups.projection.js';
import { menuTranslationsProjection } from '../dist/modules/menu/projections/menu-translations.projection.js';
import { teamProjection } from '../dist/modules/team/projections/team.projection.js';
import { promoCodesProjection } from '../dist/modules/promotions/projections/promo-codes.projection.js';
import { businessTablesProjection } from '../dist/modules/tables/projections/business-tables.projection.js';
import { tableCartsProjection } from '../dist/modules/tables/projections/table-carts.projection.js';
import { tablePaymentsProjection } from '../dist/modules/tables/projections/table-payments.projection.js';
import { activityProjection } from '../dist/modules/team/projections/activity.projection.js';
import { numbersProjection } from '../dist/modules/reports/projections/numbers.projection.js';
import { ActorNames } from '../dist/modules/team/projections/actor-names.js';
import { TeamReader } from '../dist/modules/team/projections/team.reader.js';

const fromProcessor = (processor) => ({
  handles: processor.handles,
  // A replay pushes nothing: what a processor would do after its commit is dropped.
  apply: (em, event) => processor.handle(event, { em, attempt: 1, afterCommit: () => {} }),
  // The processor's own catch-up path, many events at once (it must do what `handle` does for each in turn): the
  // bench's year mode replays a year's log with it (bench/year-replay.mjs).
  ...(processor.handleBatch
    ? { applyBatch: (em, events) => processor.handleBatch(events, { em, attempt: 1, afterCommit: () => {} }) }
    : {}),
});
const fromInline = (projection) => ({
  handles: projection.handles,
  apply: (em, event) => projection.apply(em, event),
  // Its batch path, when it has one (the orders'): what `apply` does for each event in turn, in a few statements.
  ...(projection.applyBatch ? { applyBatch: (em, events) => projection.applyBatch(em, events) } : {}),
});
// What a paid order's push may show of a later state than the payment's (`live_events` below).
const AFTER_PAYMENT = { status: undefined, refundedAgorot: undefined, refundRefused: undefined, upcoming: undefined };
// A replay pushes nothing to the consoles.
const silentHub = { toOwners() {}, toAgent() {} };
// Who moved an order, named from the rebuilt team (the projection hands its own transaction's em to every read, so
// the reader needs no database of its own).
const replayNames = new ActorNames(new TeamReader(undefined));

/** A paid `numbers_orders` row's lines as the projection keeps them once paid (numbers.projection.ts, `leanLines`). */
function leanPaidLines(row) {
  if (row.paid_position === null || !Array.isArray(row.lines)) return row;
  const lines = row.lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    unitPriceAgorot: line.unitPriceAgorot,
    ...(Number(line.discountAgorot ?? 0) !== 0 ? { discountAgorot: line.discountAgorot } : {}),
    ...(Array.isArray(line.options) && line.options.length > 0
      ? { options: line.options.map((option) => ({ optionId: option.optionId, priceAgorot: option.priceAgorot })) }
      : {}),
  }));
  return { ...row, lines };
}

/**
 * Every read model the log feeds, with the tables it owns. `ignore` names columns that hold the time of the write
 * (`now()`), not a fact of the log; `where` limits a shared table to the projection's rows; `retentionMs` compares
 * only the rows whose time (`keptFrom`, given the log's recorded times by position) is within the table's last days.
 */
export const READ_MODELS = [
  {
    name: 'businesses',
    registeredAs: { kind: 'inline', name: 'businesses' },
    projection: fromInline(businessesProjection),
    tables: [
      { table: 'businesses', key: ['phone'] },
      // Every readable address ever claimed (issue 33), written with the businesses' rows.
      { table: 'menu_addresses', key: ['address'] },
    ],
  },
  {
    name: 'orders',
    registeredAs: { kind: 'inline', name: 'orders' },
    projection: fromInline(ordersProjection),
    tables: [
      { table: 'orders', key: ['id'] },
      { table: 'payment_pages', key: ['low_profile_id'] },
    ],
  },
  {
    name: 'option-groups',
    registeredAs: { kind: 'inline', name: 'option-groups' },
    projection: fromInline(optionGroupsProjection),
    tables: [
      { table: 'option_groups', key: ['id'] },
      { table: 'group_options', key: ['id'] },
      { table: 'product_option_groups', key: ['product_id', 'group_id'] },
    ],
  },
  {
    name: 'menu-translations',
    registeredAs: { kind: 'inline', name: 'menu-translations' },
    projection: fromInline(menuTranslationsProjection),
    tables: [{ table: 'menu_translations', key: ['business_id', 'kind', 'item_id', 'language'] }],
  },
  {
    name: 'team',
    registeredAs: { kind: 'inline', name: 'team' },
    projection: fromInline(teamProjection),
    tables: [
      { table: 'team_members', key: ['id'] },
      { table: 'team_settings', key: ['business_id'] },
    ],
  },
  {
    name: 'promo-codes',
    registeredAs: { kind: 'inline', name: 'promo-codes' },
    projection: fromInline(promoCodesProjection),
    tables: [{ table: 'promo_codes', key: ['id'] }],
  },
  {
    name: 'business-tables',
    registeredAs: { kind: 'inline', name: 'business-tables' },
    projection: fromInline(businessTablesProjection),
    tables: [{ table: 'business_tables', key: ['business_id'] }],
  },
  {
    name: 'table-carts',
    registeredAs: { kind: 'inline', name: 'table-carts' },
    projection: fromInline(tableCartsProjection),
    tables: [{ table: 'table_carts', key: ['cart_id'] }],
  },
  {
    name: 'table-payments',
    registeredAs: { kind: 'processor', name: 'table-payments' },
    // A replay pushes nothing to the tables.
    projection: fromProcessor(tablePaymentsProjection({ push: () => {} })),
    tables: [{ table: 'table_payments', key: ['part_id'] }],
  },
  {
    name: 'terms',
    registeredAs: { kind: 'inline', name: 'terms' },
    projection: fromInline(termsProjection),
    tables: [{ table: 'system_settings', key: ['key'], where: `key = '${TERMS_SETTING_KEY}'` }],
  },
  {
    name: 'monthly-commissions',
    registeredAs: { kind: 'processor', name: 'monthly-commissions' },
    projection: fromProcessor(monthlyCommissionsProjection()),
    tables: [
      { table: 'monthly_commissions', key: ['business_id', 'month'], ignore: ['updated_at'] },
      { table: 'commission_orders', key: ['order_id'] },
      { table: 'commission_refunds', key: ['refund_id'] },
    ],
  },
  {
    name: 'platform-documents',
    registeredAs: { kind: 'processor', name: 'platform-documents' },
    projection: fromProcessor(platformDocumentsProjection()),
    tables: [
      { table: 'platform_documents', key: ['kind', 'number'] },
      { table: 'platform_allocation_waits', key: ['business_id', 'month'] },
    ],
  },
  {
    name: 'tax-documents',
    registeredAs: { kind: 'processor', name: 'tax-documents' },
    projection: fromProcessor(taxDocumentsProjection()),
    tables: [{ table: 'tax_documents', key: ['business_id', 'kind', 'source', 'number'] }],
  },
  {
    name: 'live-orders',
    registeredAs: { kind: 'processor', name: 'live-orders' },
    projection: fromProcessor(liveOrdersProjection({ hub: silentHub, names: replayNames })),
    // The inline read models it reads while it handles an event: a replay runs it after them (replayPage, and in the
    // same lane in the bench's parallel one). Who moved an order is named from the team as it stood at the event, so
    // a replay in pages never lets a later team event in under it; the paid order it reads is as of its push, which
    // may be later (`order.paid` below).
    reads: ['orders', 'team'],
    readsAsOfEvent: ['team'],
    tables: [
      // Kept two days, by when each slip was queued (decision 074): the live table's sweep deletes older ones, and a
      // replay never writes them.
      {
        table: 'print_slips',
        key: ['slip_id'],
        ignore: ['updated_at'],
        retentionMs: LIVE_EVENTS_KEPT_MS,
        keptFrom: (row) => Date.parse(row.queued_at),
      },
      // Numbered by a sequence: compared in number order, without the numbers (a rolled-back push spends one).
      // `order.paid` carries the order as the console saw it when pushed: read when the processor handled it, at once
      // or later when it caught up after a stop (and in a replay, at the end of the event's page), so what changes
      // after the payment (its kitchen status, refunds, a refused refund, being upcoming) may be a later state's.
      {
        table: 'live_events',
        key: ['source_position'],
        orderBy: 'seq',
        ignore: ['seq', 'created_at'],
        normalise: (row) =>
          row.payload?.kind === 'order.paid'
            ? { ...row, payload: { ...row.payload, order: { ...row.payload.order, ...AFTER_PAYMENT } } }
            : row,
        retentionMs: LIVE_EVENTS_KEPT_MS,
        keptFrom: (row, recordedAt) => recordedAt.get(String(row.source_position)) ?? 0,
      },
    ],
  },
  {
    name: 'team-activity',
    registeredAs: { kind: 'processor', name: 'team-activity' },
    projection: fromProcessor(activityProjection()),
    tables: [{ table: 'activity_log', key: ['position'] }],
  },
  {
    name: 'numbers',
    registeredAs: { kind: 'processor', name: 'numbers' },
    projection: fromProcessor(numbersProjection()),
    tables: [
      // A paid row keeps its lines' lean form (decision 072); one paid before that keeps them whole and counts the
      // same: both sides are compared in the lean form.
      { table: 'numbers_orders', key: ['order_id'], normalise: leanPaidLines },
      { table: 'numbers_hours', key: ['business_id', 'day', 'hour'] },
      { table: 'numbers_items', key: ['business_id', 'day', 'product_id', 'option_id'] },
      { table: 'numbers_refunds', key: ['refund_id'] },
      { table: 'numbers_sources', key: ['business_id', 'day', 'channel', 'tag'] },
      { table: 'numbers_promos', key: ['business_id', 'day', 'code'] },
    ],
  },
];

/** Inline projections and processors that are not read models, and why a rebuild leaves them alone. */
export const NOT_REBUILT = {
  'public-menu-cache': 'an in-memory cache dropped on menu and business events; nothing is stored',
  'menu-address-links': "an in-memory cache of where readable menu addresses lead, dropped on the business's events",
  'receipt-sms': 'sends the receipt SMS: an effect, never replayed',
  'auto-accept': "accepts a newly paid order through ordering's command: an effect, never replayed",
  'ready-sms':
    "sends the diner's ready SMS and forgets its number: an effect, never replayed; its numbers are not in the log",
  'slip-dispatch': 'pushes slips to the printing agent: an effect, never replayed',
  'cancelled-slip': "pushes a cancelled order's short slip to the printing agent: an effect, never replayed",
  'table-orders':
    "ends or reopens a shared table's cart through the cart's command when its order is paid or expires: an effect",
  'invoice-allocation':
    "asks the Tax Authority for a waiting document's allocation number through ordering's command: an effect",
  'tab-rounds':
    "sends a tab's recorded round to the kitchen and forgets an ended tab's card token: an effect, never replayed",
  'overpaid-parts':
    "refunds a shared bill's part charged above the bill through ordering's refund command: an effect, never replayed",
};

export const TABLES = READ_MODELS.flatMap((model) => model.tables.map((spec) => spec.table));

async function readWholeLog(store) {
  const log = [];
  for (let page = await store.readAll({ limit: 1_000 }); page.length > 0;) {
    log.push(...page);
    const last = page.at(-1);
    page = await store.readAll({
      after: { transactionId: last.transactionId, globalPosition: last.globalPosition },
      limit: 1_000,
    });
  }
  return log;
}

/** A copy of each table's shape (columns, defaults, checks, unique indexes) in `schema`, with sequences of its own. */
export async function createScratchTables(em, schema) {
  await execute(em, `create schema ${schema}`);
  for (const table of TABLES) {
    await execute(
      em,
      `create table ${schema}.${table} (like public.${table} including defaults including constraints including indexes)`,
    );
  }
  const serials = await query(
    em,
    `select table_name, column_name from information_schema.columns
      where table_schema = ? and column_default like 'nextval(%'`,
    [schema],
  );
  for (const { table_name: table, column_name: column } of serials) {
    await execute(em, `create sequence ${schema}.${table}_${column}_seq`);
    await execute(
      em,
      `alter table ${schema}.${table} alter column ${column} set default nextval('${schema}.${table}_${column}_seq')`,
    );
  }
}

/**
 * How a replay feeds `models` (READ_MODELS or some of them) the log page by page: see `replayPage`.
 * `spend(name, ms)` hears the time each read model takes.
 */
export function replayPlan(models, spend = () => {}) {
  const inline = models.filter((model) => model.registeredAs.kind === 'inline');
  const processors = models.filter((model) => model.registeredAs.kind === 'processor');
  const readAsOfEvent = new Set(processors.flatMap((model) => model.readsAsOfEvent ?? []));
  return {
    inline: inline.map((model) => ({ model, handles: new Set(model.projection.handles) })),
    processors: processors.map((model) => ({ model, handles: new Set(model.projection.handles) })),
    // The events of an inline read model a processor reads as of each event, and the events of those processors.
    barriers: new Set(inline.filter((model) => readAsOfEvent.has(model.name)).flatMap((m) => m.projection.handles)),
    readers: new Set(processors.filter((model) => model.readsAsOfEvent?.length).flatMap((m) => m.projection.handles)),
    spend,
  };
}

async function timed(plan, model, work) {
  const at = performance.now();
  await work();
  plan.spend(model.name, performance.now() - at);
}

/**
 * One page of the log through a replay plan, in `em`'s transaction: the same rows as every read model's `apply` for
 * each event in turn, inline projections before processors (as the append's transaction runs them before any
 * processor sees it), in far fewer statements.
 * - Inline projections: a run of events only batch-capable ones handle goes to each at once (`applyBatch`); any other
 *   event is applied event by event after the run before it. Each inline projection owns its tables and reads no
 *   other's, so running one's events before another's changes nothing.
 * - Processors: each gets the page's events it handles at once (`handleBatch`, the way it catches up in the
 *   product), after the inline projections. Each owns its tables and reads no other processor's; the inline rows it
 *   reads are then the page's end's, not its event's. Where it must read them as of its event (`readsAsOfEvent`: the
 *   live orders name who moved an order from the team), the page is cut before such a read model's event that comes
 *   after one of the processor's, so no later one is applied under it.
 */
export async function replayPage(em, page, plan) {
  let start = 0;
  let read = false;
  for (let index = 0; index < page.length; index++) {
    const type = page[index].type;
    if (read && plan.barriers.has(type)) {
      await replaySegment(em, page.slice(start, index), plan);
      start = index;
      read = false;
    }
    if (plan.readers.has(type)) read = true;
  }
  await replaySegment(em, page.slice(start), plan);
}

async function replaySegment(em, events, plan) {
  let run = new Map();
  const flush = async () => {
    for (const [entry, batch] of run)
      await timed(plan, entry.model, () => entry.model.projection.applyBatch(em, batch));
    run = new Map();
  };
  for (const event of events) {
    const handling = plan.inline.filter((entry) => entry.handles.has(event.type));
    if (handling.every((entry) => entry.model.projection.applyBatch)) {
      for (const entry of handling) {
        if (!run.has(entry)) run.set(entry, []);
        run.get(entry).push(event);
      }
      continue;
    }
    await flush();
    for (const entry of handling) await timed(plan, entry.model, () => entry.model.projection.apply(em, event));
  }
  await flush();
  for (const entry of plan.processors) {
    const handled = events.filter((event) => entry.handles.has(event.type));
    if (handled.length === 0) continue;
    const projection = entry.model.projection;
    await timed(plan, entry.model, async () => {
      if (projection.applyBatch) await projection.applyBatch(em, handled);
      else for (const event of handled) await projection.apply(em, event);
    });
  }
}

async function rowsOf(em, schema, spec) {
  const order = spec.orderBy ?? spec.key.join(', ');
  const rows = await query(
    em,
    `select * from ${schema}.${spec.table} ${spec.where ? `where ${spec.where}` : ''} order by ${order}`,
  );
  return rows.map((row) => {
    const kept = { ...row };
    for (const column of spec.ignore ?? []) delete kept[column];
    return JSON.parse(JSON.stringify(spec.normalise ? spec.normalise(kept) : kept));
  });
}

function compareRows(spec, liveRows, rebuilt, log) {
  const keyOf = (row) => spec.key.map((column) => String(row[column])).join('|');
  let live = liveRows;
  let expected = rebuilt;
  if (spec.retentionMs) {
    // A table that keeps only its last days (the journal, of events recorded within them; the slips, queued within
    // them): the live one prunes older rows (the journal by when it wrote them, so it may still hold some), and a
    // replay never writes them. Only the rows within the retention are compared, on both sides.
    const recordedAt = new Map(log.map((event) => [event.globalPosition, Date.parse(event.recordedAt)]));
    const horizon = Date.now() - spec.retentionMs;
    const kept = (row) => spec.keptFrom(row, recordedAt) >= horizon;
    live = liveRows.filter(kept);
    expected = rebuilt.filter(kept);
  }
  const differences = [];
  const liveByKey = new Map(live.map((row) => [keyOf(row), row]));
  const rebuiltKeys = new Set(expected.map(keyOf));
  for (const row of expected) {
    const current = liveByKey.get(keyOf(row));
    if (!current) differences.push({ key: keyOf(row), live: null, rebuilt: row });
    else if (!isDeepStrictEqual(current, row)) differences.push({ key: keyOf(row), live: current, rebuilt: row });
  }
  for (const row of live)
    if (!rebuiltKeys.has(keyOf(row))) differences.push({ key: keyOf(row), live: row, rebuilt: null });
  if (differences.length === 0 && spec.orderBy) {
    // Same rows: the order of the numbering must be the same too.
    const liveOrder = live.map(keyOf).filter((key) => rebuiltKeys.has(key));
    const rebuiltOrder = expected.map(keyOf);
    if (!isDeepStrictEqual(liveOrder, rebuiltOrder))
      differences.push({ key: 'order', live: liveOrder, rebuilt: rebuiltOrder });
  }
  return differences;
}

/** Events a replay gives the read models at once (replayPage). */
export const REPLAY_PAGE = 2_000;

/**
 * Replays the whole log through every read model's projection into a scratch schema, in the log's order, a page at a
 * time (replayPage: the same rows as event by event, inline projections first), then compares table by table.
 * Returns one entry per table.
 */
export async function rebuildAndCompare(database, { keep = false } = {}) {
  const store = new PostgresEventStore({ em: () => database.em() });
  const log = await readWholeLog(store);
  const schema = `rebuild_${process.pid}_${Date.now()}`;
  const report = [];
  // One transaction on one connection: PGlite has only that one, and the search path below stays inside it.
  await database.em().transactional(async (em) => {
    await createScratchTables(em, schema);
    await execute(em, `set local search_path to ${schema}`);
    const plan = replayPlan(READ_MODELS);
    for (let first = 0; first < log.length; first += REPLAY_PAGE) {
      await replayPage(em, log.slice(first, first + REPLAY_PAGE), plan);
    }
    await execute(em, 'set local search_path to public');
    for (const model of READ_MODELS) {
      for (const spec of model.tables) {
        const live = await rowsOf(em, 'public', spec);
        const rebuilt = await rowsOf(em, schema, spec);
        report.push({
          readModel: model.name,
          table: spec.table,
          live: live.length,
          rebuilt: rebuilt.length,
          differences: compareRows(spec, live, rebuilt, log),
        });
      }
    }
    if (!keep) await execute(em, `drop schema ${schema} cascade`);
  });
  return { events: log.length, schema: keep ? schema : undefined, tables: report };
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (args.has('--list')) {
    const rebuilt = READ_MODELS.map(({ name, registeredAs, tables }) => ({
      name,
      registeredAs,
      tables: tables.map((spec) => spec.table),
    }));
    console.log(JSON.stringify({ rebuilt, notRebuilt: NOT_REBUILT }, null, 2));
    return 0;
  }
  const config = loadConfig();
  const database = new Database({
    entities,
    repeatableSql,
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    retryIntervalMs: 500,
  });
  try {
    await database.start();
    if (!database.isReady) throw new Error(`the database is not reachable: ${database.lastError}`);
    const { events, schema, tables } = await rebuildAndCompare(database, { keep: args.has('--keep') });
    console.log(`Replayed ${events} events into fresh tables${schema ? ` (kept in schema ${schema})` : ''}.`);
    console.log(['read model', 'table', 'live rows', 'rebuilt rows', 'result'].join('\t'));
    for (const row of tables) {
      console.log(
        [
          row.readModel,
          row.table,
          row.live,
          row.rebuilt,
          row.differences.length === 0 ? 'equal' : `DIFFERS (${row.differences.length})`,
        ].join('\t'),
      );
    }
    const differing = tables.filter((row) => row.differences.length > 0);
    for (const row of differing) {
      console.log(`\n${row.table}: first differences`);
      for (const difference of row.differences.slice(0, 5)) console.log(JSON.stringify(difference));
    }
    console.log(
      differing.length === 0
        ? '\nEvery read model equals its rebuild.'
        : `\n${differing.length} table(s) differ from their rebuild.`,
    );
    return differing.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

// Run as a script; imported (the bench's year mode, bench/year-replay.mjs), it only lends its list and scratch tables.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(2);
    },
  );
}
