import type { Metrics } from '../metrics/metrics.js';
import type { ProcessorBacklog } from './processor-backlog.js';

/**
 * Each processor's lag behind the log (the events after its stored checkpoint, counted by the event store, wherever
 * the log is) and its parked events, as `ProcessorRunner.backlog()` gives them to the admin's debug dialog. Every
 * instance reports every processor with a checkpoint (whichever instance holds it), so a dashboard takes the maximum
 * over instances. While the database is away the series are absent rather than stale.
 */
export function registerProcessorMetrics(metrics: Metrics, backlog: () => Promise<ProcessorBacklog[]>): void {
  // A scrape collects both gauges at once (prom-client starts every collect in the same tick): they share the one
  // reading in flight, and the next scrape reads afresh.
  let reading: Promise<ProcessorBacklog[] | undefined> | undefined;
  const read = (): Promise<ProcessorBacklog[] | undefined> =>
    // `then`: asked while the database is away, the backlog throws at once rather than rejecting.
    (reading ??= Promise.resolve()
      .then(backlog)
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      }));
  metrics.gauge({
    name: 'tafrit_processor_lag_events',
    help: "Events in the log after the processor's checkpoint",
    labelNames: ['processor'],
    async collect() {
      const backlogs = await read();
      this.reset();
      for (const { name, pending } of backlogs ?? []) this.set({ processor: name }, pending);
    },
  });
  metrics.gauge({
    name: 'tafrit_processor_parked_events',
    help: 'Events the processor gave up on after its retries, not resolved yet',
    labelNames: ['processor'],
    async collect() {
      const backlogs = await read();
      this.reset();
      for (const { name, parked } of backlogs ?? []) this.set({ processor: name }, parked);
    },
  });
}
