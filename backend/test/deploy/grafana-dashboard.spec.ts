import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parser } from '@prometheus-io/lezer-promql';
import type { ParsedFamily } from 'parse-prometheus-text-format';
import { METRICS_TOKEN, scrapeParsed } from '../support/prometheus.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The operator's dashboard (docker/grafana/dashboards/tafrit.json, decision 059) must not chart a figure the server
// does not serve: a renamed metric would leave an empty panel that nobody notices until the day it is needed. Every
// expression is read by Prometheus' own PromQL grammar (@prometheus-io/lezer-promql), never by a pattern of ours.

const dashboardFile = join(new URL('../../../', import.meta.url).pathname, 'docker/grafana/dashboards/tafrit.json');

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}
interface Dashboard {
  panels: Panel[];
  templating: { list: { name: string; query?: string | { query?: string } }[] };
}

const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as Dashboard;

/** Grafana's variables as a query would see them once Grafana has filled them in. */
const filled = (expression: string) =>
  expression.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*').replaceAll('${datasource}', '');

/** Every PromQL expression of the dashboard: each panel's targets (rows' panels too) and the variables' queries. */
function expressions(): { where: string; expr: string }[] {
  const found: { where: string; expr: string }[] = [];
  const visit = (panels: Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? [])
        if (target.expr) found.push({ where: panel.title ?? '', expr: target.expr });
      visit(panel.panels ?? []);
    }
  };
  visit(dashboard.panels);
  for (const variable of dashboard.templating.list) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    // Grafana's `label_values(metric, label)` names its metric as a selector would.
    const labelValues = query && /^label_values\((.+),\s*\w+\)$/.exec(query);
    if (labelValues) found.push({ where: `variable ${variable.name}`, expr: labelValues[1]! });
  }
  return found;
}

/** The metric names an expression selects; throws where the grammar finds an error. */
function metricNames(expression: string): string[] {
  const text = filled(expression);
  const names: string[] = [];
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) throw new Error(`not PromQL at ${node.from}: ${text}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        names.push(text.slice(node.from, node.to));
      }
    },
  });
  return names;
}

/** Served: a family of that name, or a histogram's `_bucket`, `_sum` or `_count` series. */
function served(families: Map<string, ParsedFamily>, name: string): boolean {
  if (families.has(name)) return true;
  const histogram = /^(.+)_(bucket|sum|count)$/.exec(name);
  return histogram !== null && families.get(histogram[1]!)?.type === 'HISTOGRAM';
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN });
}, 120_000);
afterAll(() => app?.close());

describe('the Grafana dashboard', () => {
  it('is PromQL throughout, and reads the figures the issue asks for', () => {
    const names = new Set(expressions().flatMap(({ expr }) => metricNames(expr)));
    expect([...names]).toEqual(
      expect.arrayContaining([
        'tafrit_http_request_duration_seconds_bucket',
        'tafrit_orders_paid_total',
        'tafrit_processor_lag_events',
        'tafrit_processor_parked_events',
        'tafrit_database_pool_connections',
        'tafrit_event_loop_delay_seconds',
        'tafrit_sockets_open',
        'tafrit_sms_messages_total',
        'tafrit_payment_provider_calls_total',
        'tafrit_backup_last_success_timestamp_seconds',
      ]),
    );
    expect(() => metricNames('sum(rate(tafrit_orders_paid_total[5m])')).toThrow(/not PromQL/);
  });

  it('uses only metrics that /metrics of a running server serves', async () => {
    const { families } = await scrapeParsed(app);
    const unserved = expressions().flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((name) => !served(families, name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unserved).toEqual([]);
    // And the check can fail: a name the server does not serve is caught, a histogram's series are not.
    expect(served(families, 'tafrit_no_such_figure')).toBe(false);
    expect(served(families, 'tafrit_http_request_duration_seconds_count')).toBe(true);
  });
});
