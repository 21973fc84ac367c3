import {
  Global,
  Inject,
  Logger,
  Module,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { DATABASE } from '../database/database.module.js';
import { Database } from '../database/database.js';
import { Metrics } from '../metrics/metrics.js';
import { registerProcessorMetrics } from '../processing/processor-metrics.js';
import { ProcessorRunner } from '../processing/processor-runner.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from './event-store.port.js';
import { InlineProjectionRegistry } from './inline-projection.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

const logger = new Logger('Processors');

/** What both stores offer the wiring beyond the port: a wake-up after appends, and (KurrentDB) a client to close. */
type WiredEventStore = EventStore & {
  onAppended(listener: (events: readonly RecordedEvent[]) => void): () => void;
  close?(): Promise<void>;
};

/**
 * The event store (`EVENT_STORE`), the inline projections it runs inside each append (`InlineProjectionRegistry`)
 * and the runner of the processors and async projections (`ProcessorRunner`). Feature modules register their
 * projections and processors when they initialise; the runner polls only after `start()`, once the database is ready.
 */
@Global()
@Module({
  providers: [
    { provide: InlineProjectionRegistry, useFactory: () => new InlineProjectionRegistry() },
    {
      provide: EVENT_STORE,
      // Optional so the module also runs without the app's config (its own tests): then the log is PostgreSQL's.
      inject: [DATABASE, InlineProjectionRegistry, { token: APP_CONFIG, optional: true }],
      useFactory: async (
        database: Database,
        projections: InlineProjectionRegistry,
        config?: AppConfig,
      ): Promise<WiredEventStore> => {
        const em = () => database.em();
        if (!config?.eventStoreUrl) return new PostgresEventStore({ em, projections });
        // Loaded only when chosen: the client and its native bridge take about 0.6 s to import on this machine.
        const { KurrentDbEventStore } = await import('./kurrentdb/kurrentdb-event-store.js');
        const kurrentLogger = new Logger('KurrentDB');
        return KurrentDbEventStore.connect(config.eventStoreUrl, {
          em,
          projections,
          log: (message, error) =>
            kurrentLogger.warn(error instanceof Error ? `${message}: ${error.message}` : message),
        });
      },
    },
    {
      provide: ProcessorRunner,
      inject: [DATABASE, EVENT_STORE],
      useFactory: (database: Database, store: WiredEventStore) => {
        const runner = new ProcessorRunner({
          em: () => database.em(),
          store,
          // Embedded, every append is this process's own and wakes the runner at once; polling is only a safety net.
          // It must be rare there: PGlite runs each query on this very thread, and five processors polling every
          // second stalled the public menu (p99 at 1,000 req/s went from 2 ms to 15 ms). PostgreSQL is another
          // process, and other instances' appends are found only by polling.
          pollIntervalMs: database.embedded ? 10_000 : 1_000,
          log: (level, message, error) => {
            if (level === 'info') logger.log(message);
            else logger[level](error instanceof Error ? `${message}: ${error.message}` : message);
          },
        });
        // Appends of this process wake the processors that handle them at once; other processes' appends are found
        // by polling.
        store.onAppended((events) => runner.wake(events));
        return runner;
      },
    },
  ],
  exports: [EVENT_STORE, InlineProjectionRegistry, ProcessorRunner],
})
export class EventStoreModule implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    @Inject(ProcessorRunner) private readonly runner: ProcessorRunner,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: WiredEventStore,
    // Absent when the module runs without the application (its own tests).
    @Optional() private readonly metrics?: Metrics,
  ) {}

  // Processors read the log, so they start once the database answers and its migrations ran (maybe after an outage).
  onModuleInit(): void {
    this.database.onFirstReady('processors', async () => this.runner.start());
    if (this.metrics) registerProcessorMetrics(this.metrics, () => this.runner.backlog());
  }

  // Before the database closes (its module closes it on application shutdown): finish the event in hand.
  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    await this.store.close?.();
  }
}
