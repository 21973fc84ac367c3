// One row per figure, beside its budget in DESIGN.md §8: printed as a table and written as Markdown for the README.
const KIB = 1024;
// The order path's budgets (DESIGN.md §8, as issue 14 states them): paid orders per second on PostgreSQL over the
// businesses and for one business, on the embedded database; SQL round trips and server CPU per paid order on
// PostgreSQL, measured in the run over the businesses.
export const ORDER_BUDGETS = {
  spreadPerSecond: 500,
  oneBusinessPerSecond: 200,
  embeddedPerSecond: 150,
  roundTripsPerOrder: 15,
  serverCpuMsPerOrder: 1.5,
};
const MENU_P99_MS = 5;
const MENU_OVER_HELLO_P99_MS = 1;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** `within` is true, false, or null for a row that is information rather than a budget. */
const row = (what, measured, budget, within) => ({ what, measured, budget, within });

function menuRows({ diner, menu: m, database, photos }) {
  const rows = [];
  if (photos) {
    rows.push(
      row(
        'the measured menu (issue 16)',
        `${photos.products} products, ${photos.withPhoto} with a photo, ${photos.withOptions} with two option groups; ` +
          `photos served as WebP of ${(photos.smallBytes / 1000).toFixed(1)} KB (400 x 300) and ` +
          `${(photos.largeBytes / 1000).toFixed(1)} KB (800 x 600) on average`,
        'every product with a photo and two option groups',
        photos.withPhoto === photos.products && photos.withOptions === photos.products,
      ),
    );
  }
  if (diner) {
    rows.push(
      row(
        'diner page JS before interaction (gzip)',
        `${(diner.gzipBytes / KIB).toFixed(1)} KiB` +
          (diner.firstPaintGzipBytes === undefined
            ? ''
            : ` (${(diner.firstPaintGzipBytes / KIB).toFixed(1)} KiB before the first paint, the rest after it)`),
        'at most 100 KiB (goal 60)',
        diner.gzipBytes <= 100 * KIB,
      ),
    );
  }
  if (!m) return rows;
  const { bare, menu, rounds, ratio, cpu, fixedRate } = m;
  rows.push(
    row(
      'bare Fastify "hello" (better of 2)',
      `${bare.requestsPerSecond} req/s, p99 ${bare.p99Ms} ms`,
      `reference (runs: ${rounds.map((round) => round.hello.requestsPerSecond).join(', ')})`,
      null,
    ),
    row(
      `public menu API, 150 products with photos and options, ${database} (better of 2)`,
      `${menu.requestsPerSecond} req/s, p50 ${menu.p50Ms} ms, p99 ${menu.p99Ms} ms`,
      `at least half of hello (runs: ${rounds.map((round) => round.menu.requestsPerSecond).join(', ')})`,
      ratio >= 0.5 && menu.errors === 0,
    ),
    row(
      'menu / hello ratio (better / better)',
      ratio.toFixed(2),
      `at least 0.50 (per round: ${rounds.map((round) => round.ratio.toFixed(2)).join(', ')})`,
      ratio >= 0.5,
    ),
    ...(m.copy
      ? [
          row(
            "the menu's own answer (its brotli bytes and headers) from the bare Fastify (better of 2)",
            `${m.copy.requestsPerSecond} req/s = ${m.copy.ratio.toFixed(2)} of hello; server ${m.copy.cpuUsPerRequest} µs per answer`,
            "information: the load generator's ceiling for an answer of this size (runs: " +
              `${m.copy.runs.map((run) => run.requestsPerSecond).join(', ')})`,
            null,
          ),
        ]
      : []),
    row(
      'server CPU per answer, hello / menu (lower of 2)',
      `${cpu.helloUsPerRequest} µs / ${cpu.menuUsPerRequest} µs = ${(cpu.helloUsPerRequest / cpu.menuUsPerRequest).toFixed(2)}`,
      'information (not a budget)',
      null,
    ),
  );
  if (fixedRate?.menu) {
    const { hello: h, menu: n, rate } = fixedRate;
    const over = Math.round((n.p99Ms - h.p99Ms) * 100) / 100;
    rows.push(
      row(
        `public menu and hello at ${rate.toLocaleString('en')} req/s each, same window (interleaved)`,
        `menu p99 ${n.p99Ms} ms, hello p99 ${h.p99Ms} ms (menu ${over >= 0 ? '+' : ''}${over} ms); ` +
          `p50 ${n.p50Ms} / ${h.p50Ms} ms; ${n.errors + h.errors} errors`,
        `menu p99 at most ${MENU_P99_MS} ms and within ${MENU_OVER_HELLO_P99_MS} ms of hello's`,
        n.p99Ms <= MENU_P99_MS && over <= MENU_OVER_HELLO_P99_MS && n.errors + h.errors === 0,
      ),
    );
  }
  if (m.underOrders) {
    const { menu: n, orders: o, rate } = m.underOrders;
    rows.push(
      row(
        `public menu at ${rate.toLocaleString('en')} req/s while ${o.offeredPerSecond} orders/s flow ` +
          `(${o.businesses === 1 ? 'one business' : `${o.businesses} businesses`})`,
        `p99 ${n.p99Ms} ms, p50 ${n.p50Ms} ms, ${n.errors} errors; orders ${o.completedPerSecond} paid/s, ` +
          `${o.errors} errors, ${o.lost} lost`,
        'information (not a budget)',
        null,
      ),
    );
  }
  return rows;
}

/** What a run cost per paid order: SQL round trips (the diner's reads apart), commits, server CPU. */
function costs(o, postgres, counted) {
  const sql = o.sql
    ? `${o.sql.roundTripsPerOrder} SQL round trips, ${o.sql.commitsPerOrder} commits, `
    : postgres && counted
      ? 'SQL counted in the counting run (below), '
      : `SQL not counted (${postgres ? 'BENCH_SQL_PROXY=0' : 'embedded database'}), `;
  return `per paid order: ${sql}${o.serverCpuMsPerOrder ?? '?'} ms server CPU`;
}

function orderRows({ orders, ordersOneBusiness, ordersCounted, database, postgres }) {
  const rows = [];
  const b = ORDER_BUDGETS;
  for (const o of [orders, ordersOneBusiness]) {
    if (!o) continue;
    const clean = o.errors === 0 && o.lost === 0 && o.extraPaid === 0;
    const least = !postgres ? b.embeddedPerSecond : o.businesses > 1 ? b.spreadPerSecond : b.oneBusinessPerSecond;
    rows.push(
      row(
        `order path over ${o.businesses === 1 ? 'one business' : `${o.businesses} businesses`}, ` +
          `${o.offeredPerSecond}/s offered, ${o.concurrency} in flight, ${database}`,
        `${o.completedPerSecond} paid orders/s (${o.completed} of ${o.arrivals}` +
          `${o.notStarted ? `, ${o.notStarted} not started: the server fell behind` : ''}), p50 ${o.latency.p50Ms} ms, ` +
          `p99 ${o.latency.p99Ms} ms; ${o.errors} errors, ${o.lost} lost, reports count ${o.paidInReport}; ${costs(o, postgres, ordersCounted)}`,
        `at least ${least} paid orders/s${postgres ? '' : ' (embedded)'}, zero errors, zero lost`,
        clean && o.completedPerSecond >= least,
      ),
    );
  }
  if (!orders) return rows;
  const runName = (run) => `${run.businesses === 1 ? 'one business' : `${run.businesses} businesses`} run`;
  const where = runName(orders);
  // SQL is counted in the run through the proxy: the counting run of its own, or the rate run itself before it existed.
  const o = ordersCounted ?? orders;
  const sqlWhere = ordersCounted
    ? `counting run through the proxy, ${o.offeredPerSecond}/s offered over ${o.businesses} businesses, ` +
      `${o.completedPerSecond} paid/s, ${o.errors} errors, ${o.lost} lost`
    : where;
  if (o.sql) {
    rows.push(
      row(
        `SQL per paid order (${sqlWhere}; the diner's marked reads apart)`,
        `${o.sql.roundTripsPerOrder} round trips, ${o.sql.statementsPerOrder} statements, ` +
          `${o.sql.commitsPerOrder} commits (${o.sql.autocommitsPerOrder} of them single autocommitted statements)`,
        `at most ${b.roundTripsPerOrder} round trips`,
        o.sql.roundTripsPerOrder <= b.roundTripsPerOrder,
      ),
      row(
        `diner's reads of its order (${ordersCounted ? 'counting run' : where}), marked /* diner-read */`,
        `${o.sql.dinerReadRoundTripsPerOrder} round trips and ${o.sql.dinerReadStatementsPerOrder} statements per ` +
          `paid order; completion by ${o.completion} (${o.orderWaitsPerOrder} waits, ${o.orderReadsPerOrder} reads ` +
          `per order)` +
          // Before the server marks its diner reads, they are in the round trips above: say so rather than hide it.
          (o.sql.dinerReadStatementsPerOrder === 0 && o.orderReadsPerOrder + o.orderWaitsPerOrder > 0
            ? '; no statement carried the marker: the server answered them without a query, or its reads are ' +
              'unmarked and in the round trips above'
            : ''),
        'information (not counted above)',
        null,
      ),
    );
  }
  rows.push(
    row(
      `server CPU per paid order (${where})`,
      `${orders.serverCpuMsPerOrder ?? '?'} ms` +
        (postgres ? ' (the database process not included)' : ' (the embedded database included)'),
      postgres
        ? `at most ${b.serverCpuMsPerOrder} ms`
        : `information (the budget of ${b.serverCpuMsPerOrder} ms is for PostgreSQL)`,
      postgres ? orders.serverCpuMsPerOrder !== undefined && orders.serverCpuMsPerOrder <= b.serverCpuMsPerOrder : null,
    ),
  );
  if (orders.loadGeneratorCpuMsPerOrder !== undefined) {
    // The rest of what the machine spent per paid order: with the server's, it bounds the rate two cores can do.
    rows.push(
      row(
        `rest of the machine's CPU per paid order (${where})`,
        (orders.databaseCpuMsPerOrder !== undefined ? `PostgreSQL ${orders.databaseCpuMsPerOrder} ms, ` : '') +
          `load generator ${orders.loadGeneratorCpuMsPerOrder} ms`,
        'information',
        null,
      ),
    );
  }
  return rows;
}

// Lighthouse budgets: the menu page's (DESIGN.md §8) for every public page, the landing page's tighter (issue 15).
const PAGE_BUDGET = { lcpMs: 1500, tbtMs: 100, cls: 0.05 };
const LANDING_BUDGET = { lcpMs: 1200, tbtMs: 50, cls: 0.02 };

function lighthouseRows(lighthouse) {
  if (!lighthouse) return [];
  return Object.entries(lighthouse).map(([page, l]) => {
    const budget = page === 'landing page' ? LANDING_BUDGET : PAGE_BUDGET;
    return row(
      `Lighthouse mobile, ${page} (median of ${l.runs.length})`,
      `LCP ${seconds(l.lcpMs)}, TBT ${l.tbtMs} ms, CLS ${l.cls}, score ${l.performanceScore} ` +
        `(CPU index ${Math.round(l.benchmarkIndex)})`,
      `LCP at most ${seconds(budget.lcpMs)}, TBT at most ${budget.tbtMs} ms, CLS at most ${budget.cls}` +
        (page.startsWith('diner menu page') ? '' : page === 'landing page' ? ' (issue 15)' : ' (as the menu page)'),
      l.lcpMs <= budget.lcpMs && l.tbtMs <= budget.tbtMs && l.cls <= budget.cls,
    );
  });
}

function startRow(start) {
  if (!start) return [];
  return [
    row(
      `server start on an existing embedded database (median of ${start.runs.length})`,
      `${seconds(start.medianMs)} (runs: ${start.runs.map((ms) => seconds(ms)).join(', ')})`,
      'under 3 s',
      start.medianMs < 3000,
    ),
  ];
}

// The owner's numbers page on a café with a year of orders (issue 33): each data request, and the page's LCP.
const NUMBERS_BUDGET = { p95Ms: 300, lcpMs: 2000 };

const lighthouseText = (l) =>
  `LCP ${seconds(l.lcpMs)} (runs: ${l.runs.map((run) => seconds(run.lcpMs)).join(', ')}), FCP ${seconds(l.fcpMs)}, ` +
  `TBT ${l.tbtMs} ms, CLS ${l.cls} (CPU index ${Math.round(l.benchmarkIndex)})`;

// The shared table (issue 34): a line added by one phone reaches the other phones at the table.
const TABLE_SYNC_BUDGET = { p95Ms: 1000 };

function tableSyncRows(tableSync) {
  if (!tableSync) return [];
  const { adds, clients, p50Ms, p95Ms, maxMs } = tableSync;
  return [
    row(
      `shared table: a line added over HTTP reaching the other ${clients - 1} phones' sockets (${adds} adds)`,
      `p95 ${p95Ms} ms, p50 ${p50Ms} ms, max ${maxMs} ms`,
      `p95 at most ${TABLE_SYNC_BUDGET.p95Ms} ms (issue 34)`,
      p95Ms <= TABLE_SYNC_BUDGET.p95Ms,
    ),
  ];
}

function numbersRows(numbers) {
  if (!numbers) return [];
  const { orders, range, requests, timings, lighthouse } = numbers;
  return [
    ...Object.entries(timings).map(([data, timing]) =>
      row(
        `numbers page, GET /api/owner/numbers/${data} for a year (${range.from} to ${range.to}), ${orders} orders ` +
          `(p95 of ${requests})`,
        `p95 ${timing.p95Ms} ms, p50 ${timing.p50Ms} ms, max ${timing.maxMs} ms, ${(timing.bytes / 1000).toFixed(1)} KB`,
        `p95 at most ${NUMBERS_BUDGET.p95Ms} ms (issue 33)`,
        timing.p95Ms <= NUMBERS_BUDGET.p95Ms,
      ),
    ),
    ...(lighthouse
      ? [
          row(
            `Lighthouse mobile, owner's numbers page, signed in, ${orders} orders (median of ${lighthouse.mobile.runs.length})`,
            lighthouseText(lighthouse.mobile),
            `LCP at most ${seconds(NUMBERS_BUDGET.lcpMs)} (issue 33)`,
            lighthouse.mobile.lcpMs <= NUMBERS_BUDGET.lcpMs,
          ),
          row(
            `Lighthouse mobile, owner's monthly report, same café (1 run)`,
            lighthouseText(lighthouse.reports),
            "information: the owner console's own first paint, for reading the row above",
            null,
          ),
          row(
            `Lighthouse desktop preset, owner's numbers page, signed in (median of ${lighthouse.desktop.runs.length})`,
            lighthouseText(lighthouse.desktop),
            `information (the budget is read on the mobile run): LCP at most ${seconds(NUMBERS_BUDGET.lcpMs)}`,
            null,
          ),
        ]
      : []),
  ];
}

export function budgetRows(results) {
  return [
    ...menuRows(results),
    ...orderRows(results),
    ...lighthouseRows(results.lighthouse),
    ...startRow(results.start),
    ...numbersRows(results.numbers),
    ...tableSyncRows(results.tableSync),
  ];
}

const verdict = (within) => (within === null ? 'info' : within ? 'yes' : 'NO');

export function printTable(rows) {
  console.table(
    rows.map(({ what, measured, budget, within }) => ({ what, measured, budget, within: verdict(within) })),
  );
}

export function markdownTable(rows, heading) {
  const escape = (text) => String(text).replaceAll('|', '\\|');
  return [
    heading,
    '',
    '| what | measured | budget (DESIGN.md §8) | within |',
    '|---|---|---|---|',
    ...rows.map(
      ({ what, measured, budget, within }) =>
        `| ${[what, measured, budget, verdict(within)].map(escape).join(' | ')} |`,
    ),
    '',
  ].join('\n');
}
