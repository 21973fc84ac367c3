import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** Every figure of ours starts with this; prom-client's own process and Node.js figures keep their names. */
export const METRIC_PREFIX = 'tafrit_';

/**
 * The process's figures for Prometheus (docs/decisions/059-metrics-and-health.md): one registry per application, so
 * two applications in one process (tests) never mix their figures. Platform parts and modules make their metrics
 * here (`counter`, `gauge`, `histogram`); a figure that is read rather than counted (a processor's lag, the pool) is
 * a gauge whose `collect` reads it when Prometheus asks, so nothing is computed between scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly eventLoop: ReturnType<typeof monitorEventLoopDelay>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // prom-client's event-loop percentiles count from the start of the process; ours are of the last interval between
    // two scrapes, so a stall shows while it lasts and not diluted by hours of quiet.
    this.eventLoop = monitorEventLoopDelay({ resolution: 10 });
    this.eventLoop.enable();
    const eventLoop = this.eventLoop;
    this.gauge({
      name: 'tafrit_event_loop_delay_seconds',
      help: "Delay of the event loop since the last scrape: its 99th percentile and its maximum (label 'stat')",
      labelNames: ['stat'],
      collect() {
        // The histogram is empty until the loop has turned once at its resolution.
        const seen = eventLoop.count > 0;
        this.set({ stat: 'p99' }, seen ? eventLoop.percentile(99) / 1e9 : 0);
        this.set({ stat: 'max' }, seen ? eventLoop.max / 1e9 : 0);
        eventLoop.reset();
      },
    });
  }

  counter<Label extends string>(config: Omit<CounterConfiguration<Label>, 'registers'>): Counter<Label> {
    return new Counter({ ...named(config), registers: [this.registry] });
  }

  gauge<Label extends string>(config: Omit<GaugeConfiguration<Label>, 'registers'>): Gauge<Label> {
    return new Gauge({ ...named(config), registers: [this.registry] });
  }

  histogram<Label extends string>(config: Omit<HistogramConfiguration<Label>, 'registers'>): Histogram<Label> {
    return new Histogram({ ...named(config), registers: [this.registry] });
  }

  /** The exposition in Prometheus' text format, with its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** Stops the event-loop monitor (the application closes). */
  close(): void {
    this.eventLoop.disable();
  }
}

function named<Config extends { name: string }>(config: Config): Config {
  if (!config.name.startsWith(METRIC_PREFIX)) {
    throw new Error(`metric "${config.name}" must be named ${METRIC_PREFIX}...`);
  }
  return config;
}
