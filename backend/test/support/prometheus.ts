import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import type { TestApp } from './test-app.js';

export const METRICS_TOKEN = 'metrics-token-for-tests-metrics-token-for-tests';

/** `GET /metrics` with the token (or another `authorization`), as Prometheus asks. */
export async function scrape(app: TestApp, authorization = `Bearer ${METRICS_TOKEN}`): Promise<Response> {
  return fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
}

export interface Exposition {
  text: string;
  /** The metric families by name, as the parser read them. */
  families: Map<string, ParsedFamily>;
}

/** Scrapes and parses the whole answer: a line the parser cannot read fails the test. */
export async function scrapeParsed(app: TestApp): Promise<Exposition> {
  const response = await scrape(app);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parseExposition(await response.text());
}

/** Parses an exposition: a line the parser cannot read fails the test. */
export function parseExposition(text: string): Exposition {
  return { text, families: new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family])) };
}

/** One sample's value by its labels (all of them given); undefined when the series is absent. */
export function valueOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const sample = exposition.families.get(name)?.metrics.find((candidate) => sameLabels(candidate.labels, labels));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

/**
 * The series of one sample name (a histogram's `_count`), with their labels. The parser folds a labelled histogram's
 * series into one object and loses their labels (its `flattenMetrics`), so those lines are read again on their own,
 * through the same parser, as an untyped family.
 */
export function seriesOf(
  exposition: Exposition,
  sampleName: string,
): { labels: Record<string, string>; value: number }[] {
  const lines = exposition.text
    .split('\n')
    .filter((line) => line.startsWith(`${sampleName}{`) || line.startsWith(`${sampleName} `));
  // Every line ends with a newline, the last one too: the parser drops a last line without one.
  const [family] = parsePrometheusTextFormat(lines.map((line) => `${line}\n`).join(''));
  return (family?.metrics ?? []).map((sample) => ({ labels: sample.labels ?? {}, value: Number(sample.value) }));
}

function sameLabels(actual: Record<string, string> | undefined, expected: Record<string, string>): boolean {
  const given = actual ?? {};
  const keys = Object.keys(expected);
  return Object.keys(given).length === keys.length && keys.every((key) => given[key] === expected[key]);
}
