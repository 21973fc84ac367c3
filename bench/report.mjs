// One row per figure, beside its budget in DESIGN.md §8: printed as a table and written as Markdown for the README.
const KIB = 1024;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** `within` is true, false, or null for a row that is information rather than a budget. */
const row = (what, measured, budget, within) => ({ what, measured, budget, within });

function menuRows({ diner, menu: m, database }) {
  const rows = [];
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
      `public menu API, 150 products, ${database} (better of 2)`,
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
    row(
      'server CPU per answer, hello / menu (lower of 2)',
      `${cpu.helloUsPerRequest} µs / ${cpu.menuUsPerRequest} µs = ${(cpu.helloUsPerRequest / cpu.menuUsPerRequest).toFixed(2)}`,
      'information (not a budget)',
      null,
    ),
    row(
      'public menu at 1,000 req/s',
      `p99 ${fixedRate.p99Ms} ms, ${fixedRate.errors} errors`,
      'p99 under 10 ms',
      fixedRate.p99Ms < 10 && fixedRate.errors === 0,
    ),
  );
  return rows;
}

function orderRow({ orders: o, database, postgres }) {
  if (!o) return [];
  const clean = o.errors === 0 && o.lost === 0 && o.extraPaid === 0;
  return [
    row(
      `order path at ${o.offeredPerSecond}/s offered, ${o.concurrency} in flight, ${database}`,
      `${o.completedPerSecond} paid orders/s (${o.completed} of ${o.arrivals}` +
        `${o.notStarted ? `, ${o.notStarted} not started: the server fell behind` : ''}), p50 ${o.latency.p50Ms} ms, ` +
        `p99 ${o.latency.p99Ms} ms; ${o.errors} errors, ${o.lost} lost, report counts ${o.paidInReport}`,
      postgres
        ? 'at least 200 paid orders/s on PostgreSQL, zero lost'
        : 'zero errors and lost (the 200/s budget is for PostgreSQL)',
      postgres ? clean && o.completedPerSecond >= 200 : clean,
    ),
  ];
}

function lighthouseRows(lighthouse) {
  if (!lighthouse) return [];
  return Object.entries(lighthouse).map(([page, l]) =>
    row(
      `Lighthouse mobile, ${page} (median of ${l.runs.length})`,
      `LCP ${seconds(l.lcpMs)}, TBT ${l.tbtMs} ms, CLS ${l.cls}, score ${l.performanceScore} ` +
        `(CPU index ${Math.round(l.benchmarkIndex)})`,
      page === 'diner menu page'
        ? 'LCP at most 1.5 s, TBT at most 100 ms, CLS at most 0.05'
        : 'as the menu page (§8 names only the menu page)',
      l.lcpMs <= 1500 && l.tbtMs <= 100 && l.cls <= 0.05,
    ),
  );
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

export function budgetRows(results) {
  return [
    ...menuRows(results),
    ...orderRow(results),
    ...lighthouseRows(results.lighthouse),
    ...startRow(results.start),
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
