// The year mode's rows (issue 35): each figure's median over the runs, every run's figure beside it, and its budget.
import { ORDER_BUDGETS } from './report.mjs';

export const YEAR_BUDGETS = {
  startPostgresMs: 3_000,
  startEmbeddedMs: 2_000,
  rebuildEventsPerSecond: 20_000,
  monthReportP95Ms: 100,
  commissionsP95Ms: 500,
  bytesPerOrder: 8 * 1024,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const row = (what, measured, budget, within) => ({ what, measured, budget, within });

/** "median (run 1, run 2, run 3) unit" of `pick(run)` over the runs that have it; the median is returned too. */
function figure(runs, pick, unit = '') {
  const values = runs.map(pick).filter((value) => value !== undefined && value !== null);
  if (values.length === 0) return { text: 'not measured', value: undefined };
  const value = median(values);
  const each = values.length > 1 ? ` (${values.map((v) => v.toLocaleString('en')).join(', ')})` : '';
  return { text: `${value.toLocaleString('en')}${unit}${each}`, value };
}

/** The read models that took most of a rebuild's time (run 1). */
function slowest(byModelMs) {
  if (!byModelMs) return '';
  const all = Object.values(byModelMs).reduce((sum, ms) => sum + ms, 0) || 1;
  const top = Object.entries(byModelMs)
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${Math.round((ms / all) * 100)} %`);
  return `; time by read model (run 1): ${top.join(', ')}`;
}

const atMost = (value, budget) => (value === undefined ? false : value <= budget);
const atLeast = (value, budget) => (value === undefined ? false : value >= budget);

export function yearRows({ runs, postgres, year }) {
  const rows = [];
  const startBudget = postgres ? YEAR_BUDGETS.startPostgresMs : YEAR_BUDGETS.startEmbeddedMs;
  const answers = figure(runs, (run) => run.start?.answersMs, ' ms');
  rows.push(
    row(
      `start on the year's database until it answers (${year.cafes} café(s))`,
      answers.text,
      `at most ${startBudget} ms`,
      atMost(answers.value, startBudget),
    ),
  );
  rows.push(
    row(
      'start until every processor has caught up',
      figure(runs, (run) => run.start?.caughtUpMs, ' ms').text,
      'information',
      null,
    ),
  );
  const rebuild = figure(runs, (run) => run.rebuild?.eventsPerSecond, ' events/s');
  rows.push(
    row(
      `rebuild of every read model from the log (first ${runs[0]?.rebuild?.events.toLocaleString('en')} events, fresh tables)`,
      `${rebuild.text}${slowest(runs[0]?.rebuild?.byModelMs)}`,
      `at least ${YEAR_BUDGETS.rebuildEventsPerSecond.toLocaleString('en')} events/s${postgres ? '' : ' (a PostgreSQL budget)'}`,
      postgres ? atLeast(rebuild.value, YEAR_BUDGETS.rebuildEventsPerSecond) : null,
    ),
  );
  const processor = runs[0]?.catchUp?.processor;
  rows.push(
    row(
      `one processor (${processor}) caught up from zero after a restart`,
      `${figure(runs, (run) => run.catchUp?.ms, ' ms').text}; ${figure(runs, (run) => run.catchUp?.eventsPerSecond, ' events/s of the log').text}`,
      'information',
      null,
    ),
  );
  const month = runs[0]?.month;
  const report = figure(runs, (run) => run.report?.p95Ms, ' ms');
  rows.push(
    row(
      `owner's month report (${month}) of the largest café (${year.largest.orders.toLocaleString('en')} orders in the year), ` +
        `its first page (${pageOf(runs[0]?.report)}), p95`,
      `${report.text}; ${figure(runs, (run) => run.report?.bytes, ' bytes').text}`,
      `at most ${YEAR_BUDGETS.monthReportP95Ms} ms`,
      atMost(report.value, YEAR_BUDGETS.monthReportP95Ms),
    ),
  );
  rows.push(
    row(
      "owner's month CSV of the largest café, p95",
      `${figure(runs, (run) => run.csv?.p95Ms, ' ms').text}; ${figure(runs, (run) => run.csv?.bytes, ' bytes').text}`,
      'information',
      null,
    ),
  );
  rows.push(
    row(
      "live console's first load (largest café), first request / p95",
      `${figure(runs, (run) => run.live?.firstMs, ' ms').text} / ${figure(runs, (run) => run.live?.p95Ms, ' ms').text}`,
      'information',
      null,
    ),
  );
  const commissions = figure(runs, (run) => run.commissions?.p95Ms, ' ms');
  rows.push(
    row(
      `administrator's month of commissions over ${year.cafes} café(s), p95`,
      commissions.text,
      `at most ${YEAR_BUDGETS.commissionsP95Ms} ms (over 200 cafés)`,
      atMost(commissions.value, YEAR_BUDGETS.commissionsP95Ms),
    ),
  );
  const disk = figure(runs, (run) => run.disk?.perOrder, ' bytes');
  const split = runs[0]?.disk?.split;
  rows.push(
    row(
      'disk per paid order, all in',
      `${disk.text}: log ${split?.log}, orders' rows ${split?.orders}, other read models ${split?.readModels}, rest ${split?.rest} (run 1)`,
      `at most ${YEAR_BUDGETS.bytesPerOrder} bytes (8 KiB)`,
      atMost(disk.value, YEAR_BUDGETS.bytesPerOrder),
    ),
  );
  rows.push(
    row(
      'server memory (RSS): at start / caught up / after the reads / after the catch-up / after the order path',
      ['rssAtStartMb', 'rssCaughtUpMb', 'rssAfterReadsMb']
        .map((key) => figure(runs, (run) => run.start?.[key], ' MB').text)
        .join(' / ') +
        ` / ${figure(runs, (run) => run.catchUp?.rssMb, ' MB').text} / ${figure(runs, (run) => run.orders?.rssMb, ' MB').text}`,
      'information (the log tail and caches grow with what was read)',
      null,
    ),
  );
  if (runs.some((run) => run.report?.rssMb)) {
    rows.push(
      row(
        'server memory (RSS) after each read: live console / month report / month CSV / month of commissions',
        ['live', 'report', 'csv', 'commissions']
          .map((key) => figure(runs, (run) => run[key]?.rssMb, ' MB').text)
          .join(' / '),
        'information',
        null,
      ),
    );
  }
  if (runs.some((run) => run.orders)) {
    const over = runs[0].orders.businesses ?? runs[0].orders.shops;
    const rate = figure(runs, (run) => run.orders?.completedPerSecond, ' paid orders/s');
    const rateBudget = postgres ? ORDER_BUDGETS.spreadPerSecond : ORDER_BUDGETS.embeddedPerSecond;
    rows.push(
      row(
        `order path on the year's database${over ? ` over ${over} cafés` : ''}`,
        `${rate.text}; ${figure(runs, (run) => run.orders?.lost).text} lost`,
        `at least ${rateBudget}/s`,
        atLeast(rate.value, rateBudget),
      ),
    );
    const cpu = figure(runs, (run) => run.orders?.serverCpuMsPerOrder, ' ms');
    rows.push(
      row(
        'server CPU per paid order, on the year (hello beside it: µs per answer, same run)',
        `${cpu.text}; hello ${figure(runs, (run) => run.orders?.helloCpuUsPerAnswer, ' µs').text}`,
        `at most ${ORDER_BUDGETS.serverCpuMsPerOrder} ms${postgres ? '' : ' on PostgreSQL (embedded, the database runs in the server)'}`,
        postgres ? atMost(cpu.value, ORDER_BUDGETS.serverCpuMsPerOrder) : null,
      ),
    );
  }
  return rows;
}

/** '100 of 5,012 orders' (decision 065); older results without the figures: 'every order'. */
function pageOf(report) {
  if (report?.ordersInAnswer === undefined) return 'every order';
  return `${report.ordersInAnswer.toLocaleString('en')} of ${report.ordersOfMonth.toLocaleString('en')} orders`;
}
